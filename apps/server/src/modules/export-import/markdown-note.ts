import { IMPORT_LIMITS, MAX_IMAGE_BYTES } from '@notewise/shared';
import { type PreparedContent, prepareContent } from '../notes/note-content';
import type { ImportedImage, NoteReport } from './docx-convert';
import type { ImageAllowance } from './docx-import';
import { type InflateBudget, readBounded } from './import-budget';
import { markdownCounts } from './markdown-counts';
import { convertMarkdown } from './markdown-import';
import type { PendingLink } from './markdown-links';
import type { readZipDirectory } from './zip-reader';
import { ZipUnreadable } from './zip-reader';

/*
 * A Markdown file of an upload -> the note the import worker hands to the request thread, with the
 * images of the archive it shows (inflated here, within the upload's image allowance) and the fields
 * the notes table has a place for.
 */

/** What a Markdown note carries besides its text; the request thread resolves `links`. */
export interface NoteFields {
  tags: string[];
  createdAt?: string;
  updatedAt?: string;
  projectName?: string;
  /** The project `projectName` names was shared where the file was exported. */
  sharedProject?: boolean;
  links: PendingLink[];
}

type ZipEntry = ReturnType<typeof readZipDirectory>['entries'][number];

/** The images of an archive, found the way Obsidian finds them and read on first use. */
export interface ArchiveImages {
  /** The archive path (lower case) an image reference from `folder` names, or null. */
  find: (reference: string, folder: string) => string | null;
  /** Its bytes, or null when over the limits of an import. */
  read: (path: string) => Uint8Array | null;
}

function normalise(path: string): string {
  const parts: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return parts.join('/').toLowerCase();
}

export function archiveImages(
  zip: Uint8Array,
  known: ReadonlyMap<string, ZipEntry>,
  allowance: ImageAllowance,
  /** Images some note named (found), so the ones no note shows can be listed. */
  referenced: Set<string>,
): ArchiveImages {
  const cache = new Map<string, Uint8Array | null>();
  // `![[a.png]]` names a file anywhere in the vault; the shortest path wins, as in Obsidian.
  const byName = new Map<string, string>();
  for (const path of [...known.keys()].sort((a, b) => a.length - b.length || a.localeCompare(b))) {
    const name = path.split('/').pop() ?? path;
    if (!byName.has(name)) byName.set(name, path);
  }
  return {
    find(reference, folder) {
      const wanted = normalise(reference);
      const relative = normalise(`${folder}/${reference}`);
      let found: string | null = null;
      if (known.has(relative)) found = relative;
      else if (known.has(wanted)) found = wanted;
      else if (!wanted.includes('/')) found = byName.get(wanted) ?? null;
      else {
        // A partial path (`assets/a.png`): the shortest archive path ending with it.
        const matches = [...known.keys()].filter((path) => path.endsWith(`/${wanted}`));
        found = matches.sort((a, b) => a.length - b.length || a.localeCompare(b))[0] ?? null;
      }
      if (found) referenced.add(found);
      return found;
    },
    read(path) {
      if (cache.has(path)) return cache.get(path) ?? null;
      const entry = known.get(path);
      let bytes: Uint8Array | null = null;
      if (entry && allowance.left > 0 && entry.declaredSize <= MAX_IMAGE_BYTES && !entry.encrypted) {
        try {
          const read = readBounded(zip, entry, allowance.bytes as InflateBudget, {
            entryCap: MAX_IMAGE_BYTES,
          });
          if (!('over' in read)) {
            bytes = read.bytes.slice();
            allowance.left -= 1;
          }
        } catch (error) {
          if (!(error instanceof ZipUnreadable)) throw error;
        }
      }
      cache.set(path, bytes);
      return bytes;
    },
  };
}

/** A Markdown file -> its note (prepared off the event loop), images to store and fields. */
export function markdownNote(
  path: string,
  text: string,
  archive: ArchiveImages | undefined,
): {
  source: string;
  title: string;
  prepared: PreparedContent;
  images: ImportedImage[];
  report: NoteReport;
  fields: NoteFields;
} {
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  // Bear's TextBundle keeps a note as `Title.textbundle/text.md` with its pictures in `assets/`.
  const bundle = /([^/]+)\.textbundle$/i.exec(folder)?.[1];
  const name =
    bundle && /^text\.(md|markdown)$/i.test(path.split('/').pop() ?? '')
      ? `${bundle}.md`
      : (path.split('/').pop() ?? path);
  const images: ImportedImage[] = [];
  // Unique per note and ending in a fixed suffix, so no placeholder is part of another.
  const token = crypto.randomUUID();
  const converted = convertMarkdown(text, name, {
    image(reference) {
      const found = archive?.find(reference, folder);
      if (!found || !archive) return { missing: true };
      if (images.length >= IMPORT_LIMITS.maxImportImages) return { unreadable: true };
      const bytes = archive.read(found);
      if (!bytes) return { unreadable: true };
      const src = `/import-image/${token}/${images.length + 1}.img`;
      images.push({ placeholder: src, bytes });
      return { src };
    },
  });
  const prepared = prepareContent(converted.content);
  return {
    source: path,
    title: converted.title,
    prepared,
    // The sanitizer keeps relative image sources; only images still in the note leave the worker.
    images: images.filter((image) => prepared.content.includes(image.placeholder)),
    // What the stored text holds (headings, lists, tasks, tables...), then what was read besides it.
    report: {
      ...converted.report,
      converted: [...markdownCounts(prepared.content), ...converted.report.converted],
    },
    fields: {
      tags: converted.tags,
      ...(converted.createdAt ? { createdAt: converted.createdAt } : {}),
      ...(converted.updatedAt ? { updatedAt: converted.updatedAt } : {}),
      ...(converted.projectName ? { projectName: converted.projectName } : {}),
      ...(converted.sharedProject ? { sharedProject: true } : {}),
      links: converted.links,
    },
  };
}
