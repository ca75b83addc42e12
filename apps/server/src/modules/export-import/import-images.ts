import { IMPORT_REPORT } from '@notewise/shared';
import type { Uploads } from '../uploads/uploads.service';
import type { NoteToImport } from './import-files';

/*
 * Images that came out of the import worker are stored here, on the request thread, through the
 * upload pipeline like any uploaded picture (type read from the bytes, pixel and size limits, a clean
 * re-encoded WebP; decodes queue behind one another). Each one's placeholder source in the prepared
 * Markdown becomes its URL; an image the pipeline refuses is taken out of the note and counted.
 * Replacing a path by another keeps the sanitized form: URLs of stored images need no escaping.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `![alt](placeholder)` or `![alt](placeholder "title")`, alt and title escaped as the serializer writes them. */
function imagePattern(placeholder: string): RegExp {
  return new RegExp(
    `!\\[(?:[^\\]\\\\]|\\\\.)*\\]\\(${escapeRegExp(placeholder)}(?: "(?:[^"\\\\]|\\\\.)*")?\\)`,
    'g',
  );
}

/** The note with its images stored (placeholders replaced), and how many were imported. */
export async function storeImportedImages(
  uploads: Pick<Uploads, 'uploadNoteImage'>,
  userId: string,
  note: NoteToImport,
): Promise<{ note: NoteToImport; imagesImported: number }> {
  let content = note.prepared.content;
  let imported = 0;
  let rejected = 0;
  for (const image of note.images ?? []) {
    try {
      const stored = await uploads.uploadNoteImage(userId, Buffer.from(image.bytes));
      content = content.replaceAll(image.placeholder, stored.url);
      imported += 1;
    } catch {
      // Refused (not a picture, too large, decodes busy): the note keeps its text without it.
      content = content.replace(imagePattern(image.placeholder), '');
      rejected += 1;
    }
  }
  const report = note.report && {
    ...note.report,
    dropped: [
      ...note.report.dropped,
      ...(rejected > 0 ? [{ what: 'images', count: rejected, reason: IMPORT_REPORT.imageRejected }] : []),
    ],
  };
  return {
    note: { ...note, prepared: { ...note.prepared, content }, images: [], ...(report ? { report } : {}) },
    imagesImported: imported,
  };
}
