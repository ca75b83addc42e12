import crypto from 'node:crypto';
import { docToMarkdown, isSafeLinkHref } from '@notewise/editor';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  IMPORT_REPORT,
  MAX_NOTE_CONTENT_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
} from '@notewise/shared';
import { prepareContent } from '../notes/note-content';
import type { DocNode } from './doc-model';
import type { ImportedImage } from './docx-convert';
import { cleanTitle, count, type DraftNoteStep, issue, propertiesTable, splitTags } from './import-draft';
import { docCounts } from './markdown-counts';
import { importDate } from './markdown-import';
import type { ArchiveImages } from './markdown-note';

/*
 * A Google Keep note from a Takeout zip (`Takeout/Keep/Note.json`, beside `Note.html` and its
 * attachments) -> a note: `title`, `textContent` as paragraphs, `listContent` as a checklist keeping
 * each item's state, `labels` as tags, `createdTimestampUsec`/`userEditedTimestampUsec` as the note's
 * dates, web links (`annotations`) as a list of links, image `attachments` through the upload
 * pipeline. A trashed note is skipped and listed; archived, pinned and a colour are kept in a table
 * at the top (notes have no such fields). The `.html` twin is not a second note (import-files.ts).
 */

interface KeepJson {
  title?: unknown;
  textContent?: unknown;
  listContent?: unknown;
  labels?: unknown;
  attachments?: unknown;
  annotations?: unknown;
  createdTimestampUsec?: unknown;
  userEditedTimestampUsec?: unknown;
  isTrashed?: unknown;
  isArchived?: unknown;
  isPinned?: unknown;
  color?: unknown;
}

const SHOWN_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

const asArray = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    : [];
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Keep's JSON, or null for a .json file that is not a Keep note. */
export function readKeepJson(text: string): KeepJson | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const note = parsed as KeepJson;
  const looksLikeKeep =
    ('textContent' in note || 'listContent' in note) &&
    ('isTrashed' in note || 'userEditedTimestampUsec' in note || 'createdTimestampUsec' in note);
  return looksLikeKeep ? note : null;
}

/** Microseconds since 1970 -> an ISO timestamp, when a valid past date. */
function keepDate(value: unknown): string | null {
  const micros = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isFinite(micros) || micros <= 0) return null;
  const date = new Date(Math.floor(micros / 1000));
  return Number.isNaN(date.getTime()) ? null : importDate(date.toISOString());
}

/** Lines of plain text as a paragraph per blank-line-separated block, line breaks kept. */
function paragraphs(text: string): DocNode[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .filter((block) => block.trim() !== '')
    .map((block) => ({
      type: 'paragraph',
      content: block
        .replace(/^\n+|\n+$/g, '')
        .split('\n')
        .flatMap((line, index) => [
          ...(index > 0 ? [{ type: 'hardBreak' }] : []),
          ...(line ? [{ type: 'text', text: line }] : []),
        ]),
    }));
}

/** One Keep JSON file (`path` in the zip) -> its note, or why it is skipped. */
export function keepNoteStep(
  path: string,
  note: KeepJson,
  archive: ArchiveImages | undefined,
): DraftNoteStep {
  if (note.isTrashed === true) return { skip: { name: path, reason: IMPORT_MESSAGES.skipKeepTrashed } };
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  const fileTitle = (path.split('/').pop() ?? path).replace(/\.json$/i, '');
  const title = cleanTitle(asText(note.title) || fileTitle);
  const blocks: DocNode[] = [];
  const details: Array<{ key: string; value: string }> = [];
  if (note.isArchived === true) details.push({ key: 'archived', value: 'yes' });
  if (note.isPinned === true) details.push({ key: 'pinned', value: 'yes' });
  const color = asText(note.color);
  if (color && color !== 'DEFAULT') details.push({ key: 'colour', value: color.toLowerCase() });
  const { kept: tags, extra } = splitTags(
    asArray(note.labels).map((label) => asText(label.name)),
    { maxTags: MAX_TAGS, maxLength: MAX_TAG_LENGTH },
  );
  if (extra.length > 0) details.push({ key: 'tags (over the limit)', value: extra.join(', ') });
  blocks.push(...propertiesTable(details));
  blocks.push(...paragraphs(asText(note.textContent)));

  const items = asArray(note.listContent);
  if (items.length > 0)
    blocks.push({
      type: 'taskList',
      content: items.map((item) => ({
        type: 'taskItem',
        attrs: { checked: item.isChecked === true },
        content: [
          {
            type: 'paragraph',
            content: asText(item.text) ? [{ type: 'text', text: asText(item.text) }] : [],
          },
        ],
      })),
    });

  const links = asArray(note.annotations)
    .map((annotation) => ({ url: asText(annotation.url), title: asText(annotation.title) }))
    .filter((link) => /^https?:\/\//i.test(link.url) && isSafeLinkHref(link.url));
  if (links.length > 0)
    blocks.push({
      type: 'bulletList',
      content: links.map((link) => ({
        type: 'listItem',
        content: [
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: link.title || link.url,
                marks: [{ type: 'link', attrs: { href: link.url } }],
              },
            ],
          },
        ],
      })),
    });

  const images: ImportedImage[] = [];
  const attachments: string[] = [];
  const overLimit: string[] = [];
  const missing: string[] = [];
  const token = crypto.randomUUID();
  for (const attachment of asArray(note.attachments)) {
    const file = asText(attachment.filePath);
    const mime = asText(attachment.mimetype).toLowerCase();
    if (!file) continue;
    if (!SHOWN_IMAGE_TYPES.has(mime)) {
      attachments.push(file);
      blocks.push({ type: 'paragraph', content: [{ type: 'text', text: `[${file}]` }] });
      continue;
    }
    // Takeout names the picture `x.png` in the JSON; some exports have it as `x.jpg` beside it.
    const found =
      archive?.find(file, folder) ?? archive?.find(file.replace(/\.png$/i, '.jpg'), folder) ?? null;
    if (!found || !archive) {
      missing.push(file);
      continue;
    }
    const bytes = images.length < IMPORT_LIMITS.maxDocxImages ? archive.read(found) : null;
    if (!bytes) {
      overLimit.push(file);
      continue;
    }
    const src = `/api/images/import-${token}-${images.length}.image`;
    images.push({ placeholder: src, bytes });
    blocks.push({ type: 'paragraph', content: [{ type: 'image', attrs: { src, alt: file } }] });
  }

  const createdAt = keepDate(note.createdTimestampUsec) ?? undefined;
  let updatedAt = keepDate(note.userEditedTimestampUsec) ?? createdAt;
  if (createdAt && updatedAt && updatedAt < createdAt) updatedAt = createdAt;

  const doc: DocNode = { type: 'doc', content: blocks.length > 0 ? blocks : [{ type: 'paragraph' }] };
  const content = docToMarkdown(doc);
  if (content.length > MAX_NOTE_CONTENT_LENGTH)
    return { skip: { name: path, reason: IMPORT_MESSAGES.skipTooLong } };
  const prepared = prepareContent(content);
  return {
    note: {
      source: path,
      title,
      prepared,
      images: images.filter((image) => prepared.content.includes(image.placeholder)),
      report: {
        converted: [
          ...docCounts(doc),
          ...count('web links', links.length),
          ...count('tags', tags.length),
          ...count('dates', (createdAt ? 1 : 0) + (updatedAt && updatedAt !== createdAt ? 1 : 0)),
        ],
        approximated: [
          ...issue('note details', details.length - (extra.length > 0 ? 1 : 0), IMPORT_REPORT.noteAttributes),
          ...issue('tags', extra.length, IMPORT_REPORT.tagLimit),
        ],
        dropped: [
          ...issue('attachments', attachments.length, IMPORT_REPORT.attachments, attachments),
          ...issue('images', missing.length, IMPORT_REPORT.imagesMissing, missing),
          ...issue('images', overLimit.length, IMPORT_REPORT.imageUnreadable, overLimit),
        ],
      },
      fields: {
        tags,
        ...(createdAt ? { createdAt } : {}),
        ...(updatedAt ? { updatedAt } : {}),
        links: [],
      },
    },
  };
}
