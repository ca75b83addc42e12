import crypto from 'node:crypto';
import { docToMarkdown } from '@notewise/editor';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  IMPORT_REPORT,
  MAX_NOTE_CONTENT_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
} from '@notewise/shared';
import { prepareContent } from '../notes/note-content';
import type { ImportedImage } from './docx-convert';
import type { ImageAllowance } from './docx-import';
import { htmlToDoc } from './docx-to-doc';
import { type EnexNote, type EnexResource, EnexUnreadable, readEnex } from './enex-reader';

export { EnexUnreadable } from './enex-reader';

import { enmlToHtml } from './enml-html';
import { cleanTitle, count, type DraftNoteStep, issue, propertiesTable, splitTags } from './import-draft';
import { docCounts } from './markdown-counts';
import { importDate } from './markdown-import';
import type { NoteFields } from './markdown-note';

/*
 * An Evernote export -> notes (import worker). Each `<note>`: its title, the ENML content through the
 * Word import's HTML -> editor document converter (enml-html.ts, docx-to-doc.ts) and the notes
 * sanitizer, `<tag>`s as tags, `<created>`/`<updated>` as the note's dates, image resources (matched
 * to `<en-media hash>` by MD5) as images through the upload pipeline, links to other Evernote notes
 * as links to the imported note of that title. Attachments that are not images and encrypted text
 * stay visible by name and are listed in the summary, as are note attributes kept as a table.
 */

/** What the upload pipeline decodes; other image types are attachments like a PDF. */
const SHOWN_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

/** Note attributes a reader can use, kept in a table; the rest are Evernote's bookkeeping. */
const KEPT_ATTRIBUTES = new Set([
  'author',
  'source-url',
  'subject-date',
  'place-name',
  'latitude',
  'longitude',
  'altitude',
  'reminder-time',
  'reminder-done-time',
  'content-class',
]);

/** One note as read from the file, still to convert: a worker job of its own (import-pool.ts). */
export interface EnexNoteJob {
  source: string;
  note: EnexNote;
}

export type EnexStep = DraftNoteStep | { enex: EnexNoteJob };

/** `20231103T142512Z` -> an ISO timestamp, when it is a valid past date. */
export function enexDate(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  return importDate(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}

/**
 * Which image resources keep their bytes, decided while the file is read: the image allowance is the
 * whole upload's, and each note is converted later in a job of its own. An image over the allowance,
 * and every resource that is not an image, travel without their bytes (the note keeps the name).
 */
export function allowEnexImages(note: EnexNote, images: ImageAllowance): EnexNote {
  // The last resource of a hash is the one `<en-media>` shows (as in enexNoteStep).
  const byHash = new Map(note.resources.map((resource) => [resource.hash, resource]));
  const kept = new Set<EnexResource>();
  for (const resource of byHash.values()) {
    const bytes = resource.bytes;
    // No MIME type: the `<en-media type>` decides later, so it may be an image.
    if (!bytes || (resource.mime && !SHOWN_IMAGE_TYPES.has(resource.mime))) continue;
    if (kept.size >= IMPORT_LIMITS.maxDocxImages || images.left <= 0) continue;
    if (bytes.length > images.bytes.room().bytes) continue;
    images.bytes.spend(bytes.length);
    images.left -= 1;
    kept.add(resource);
  }
  return {
    ...note,
    resources: note.resources.map((resource) =>
      kept.has(resource) ? resource : { ...resource, bytes: null },
    ),
  };
}

/** One Evernote note (its images already allowed, allowEnexImages) -> the note to store, or why not. */
export function enexNoteStep(note: EnexNote, source: string): DraftNoteStep {
  const title = cleanTitle(note.title);
  const token = crypto.randomUUID();
  const stored: ImportedImage[] = [];
  const byHash = new Map(note.resources.map((resource) => [resource.hash, resource]));
  const placed = new Map<string, string>();
  const attachments: string[] = [];
  const overLimit: string[] = [];
  const shownHashes = new Set<string>();
  const links: NoteFields['links'] = [];
  const context = {
    encrypted: 0,
    media(hash: string, type: string) {
      shownHashes.add(hash);
      const resource = byHash.get(hash);
      const name =
        resource?.name || `${hash.slice(0, 8)}.${(resource?.mime || type).split('/')[1] ?? 'file'}`;
      const mime = resource?.mime || type.toLowerCase();
      if (!resource || !SHOWN_IMAGE_TYPES.has(mime)) {
        attachments.push(name);
        return { name };
      }
      const known = placed.get(hash);
      if (known) return { src: known, alt: resource.name };
      const bytes = resource.bytes;
      if (!bytes) {
        overLimit.push(name);
        return { name };
      }
      // Relative (the sanitizer keeps it), unguessable, and terminated so none is a prefix of another.
      const src = `/api/images/import-${token}-${stored.length}.image`;
      stored.push({ placeholder: src, bytes });
      placed.set(hash, src);
      return { src, alt: resource.name };
    },
    noteLink(label: string) {
      if (!label) return null;
      const placeholder = `#import-link-${links.length + 1}`;
      links.push({ placeholder, target: label });
      return placeholder;
    },
  };
  const html = enmlToHtml(note.content, context);
  // Resources no `<en-media>` shows (Evernote lists attachments this way too): at the end, in order.
  const unshown = note.resources.filter((resource) => !shownHashes.has(resource.hash));
  if (unshown.length > 0)
    html.push(
      ...enmlToHtml(
        `<en-note>${unshown.map((r) => `<div><en-media hash="${r.hash}" type="${r.mime.replace(/"/g, '')}"/></div>`).join('')}</en-note>`,
        context,
      ),
    );
  const { doc, counts } = htmlToDoc(html);

  const { kept: keptTags, extra: extraTags } = splitTags(note.tags, {
    maxTags: MAX_TAGS,
    maxLength: MAX_TAG_LENGTH,
  });
  const attributes = note.attributes.filter((attribute) => KEPT_ATTRIBUTES.has(attribute.key));
  const rows = [
    ...attributes,
    ...(extraTags.length > 0 ? [{ key: 'tags (over the limit)', value: extraTags.join(', ') }] : []),
  ];
  doc.content = [...propertiesTable(rows), ...(doc.content ?? [])];

  const createdAt = enexDate(note.created) ?? undefined;
  let updatedAt = enexDate(note.updated) ?? createdAt;
  if (createdAt && updatedAt && updatedAt < createdAt) updatedAt = createdAt;
  const badDates = (note.created && !createdAt ? 1 : 0) + (note.updated && !enexDate(note.updated) ? 1 : 0);

  const content = docToMarkdown(doc);
  if (content.length > MAX_NOTE_CONTENT_LENGTH)
    return { skip: { name: source, reason: IMPORT_MESSAGES.skipTooLong } };
  const prepared = prepareContent(content);
  const resolvedLinks = counts.links - links.length;
  return {
    note: {
      source,
      title,
      prepared,
      // The sanitizer may drop an image (never ours): only images still in the note leave the worker.
      images: stored.filter((image) => prepared.content.includes(image.placeholder)),
      report: {
        converted: [
          ...docCounts(doc),
          ...count('web links', resolvedLinks),
          ...count('tags', keptTags.length),
          ...count('dates', (createdAt ? 1 : 0) + (updatedAt && updatedAt !== createdAt ? 1 : 0)),
        ],
        approximated: [
          ...issue('note details', attributes.length, IMPORT_REPORT.noteAttributes),
          ...issue('tags', extraTags.length, IMPORT_REPORT.tagLimit),
          ...issue('dates', badDates, IMPORT_REPORT.badDates),
          ...issue('merged table cells', counts.mergedCells, IMPORT_REPORT.mergedCells),
          ...issue('lists or tables inside table cells', counts.blocksInCells, IMPORT_REPORT.blocksInCells),
          ...issue('superscript or subscript runs', counts.superSubscripts, IMPORT_REPORT.superSubscripts),
        ],
        dropped: [
          ...issue('attachments', attachments.length, IMPORT_REPORT.attachments, attachments),
          ...issue('encrypted text', context.encrypted, IMPORT_REPORT.encrypted),
          ...issue('images', overLimit.length, IMPORT_REPORT.imageLimit, overLimit),
          ...issue('links', counts.unsafeLinks, IMPORT_REPORT.unsafeLinks),
        ],
      },
      fields: {
        tags: keptTags,
        ...(createdAt ? { createdAt } : {}),
        ...(updatedAt ? { updatedAt } : {}),
        links,
      },
    },
  };
}

/**
 * An .enex file's notes as steps. In a zip, its notebook (the file) acts as a folder: a project, or
 * a path tag; uploaded alone, its notes go into the chosen project. `notesLeft` is what the upload
 * may still import; returns how many notes it took. Throws EnexUnreadable for an .enex uploaded
 * alone that is not an Evernote export.
 */
export function enexSteps(
  fileName: string,
  text: string,
  options: { inZip: boolean; images: ImageAllowance; notesLeft: number },
  emit: (step: EnexStep) => void,
): number {
  let taken = 0;
  // A title cannot make folders: a `/` in it is read as a division slash.
  const sourceOf = (title: string) => {
    const name = cleanTitle(title).replace(/\//g, '∕');
    return options.inZip ? `${fileName}/${name}` : `${fileName} › ${name}`;
  };
  let read: ReturnType<typeof readEnex>;
  try {
    read = readEnex(text, (note) => {
      if (taken >= options.notesLeft) return false;
      taken += 1;
      emit({ enex: { source: sourceOf(note.title), note: allowEnexImages(note, options.images) } });
      return true;
    });
  } catch (error) {
    // Uploaded alone, the caller refuses the upload with the same sentence.
    if (error instanceof EnexUnreadable && options.inZip) {
      emit({ skip: { name: fileName, reason: IMPORT_MESSAGES.skipEnexUnreadable } });
      return 0;
    }
    throw error;
  }
  if (read.unfinished !== null)
    emit({ skip: { name: sourceOf(read.unfinished), reason: IMPORT_MESSAGES.skipEnexNoteCutShort } });
  const overLimit = read.notes - taken - (read.unfinished !== null ? 1 : 0);
  if (overLimit > 0)
    emit({ skip: { name: `${fileName} (${overLimit} notes)`, reason: IMPORT_MESSAGES.skipNoteLimit } });
  return taken;
}
