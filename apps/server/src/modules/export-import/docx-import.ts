import { IMPORT_LIMITS, MAX_IMAGE_BYTES } from '@notewise/shared';
import { type InflateBudget, readBounded } from './import-budget';
import { readZipDirectory, ZipUnreadable } from './zip-reader';

/*
 * A .docx is a zip: before the Word converter (mammoth) sees one, its directory is checked (entries,
 * declared sizes) and its XML parts are inflated here under a hard byte budget of
 * `maxDocxXmlBytes`, whatever the directory declares. That cap is far below anything the compression
 * ratio check would allow, and Word's XML is repetitive enough to pass 100:1 in a plain long
 * document, so the ratio is not checked. Images, fonts and embedded objects are never unpacked (the
 * import keeps text only). Mammoth then reads a fresh
 * archive of exactly the bytes counted here, so no difference between this reader and mammoth's
 * (duplicate names, lying sizes) can smuggle more in. Both halves run in the import worker.
 */

/** `outOfTotal`: the enclosing zip's total ran out while reading this document (refuses the zip). */
export type DocxRefusal = 'tooLarge' | 'unreadable' | 'outOfTotal';

const XML_PART = /\.(xml|rels)$/i;
const MEDIA_PART = /^word\/media\/[^/]+$/i;

/** What images an upload may still unpack: shared by every Word document of a zip. */
export interface ImageAllowance {
  bytes: InflateBudget;
  left: number;
}

export const imageAllowance = (total: InflateBudget): ImageAllowance => ({
  bytes: total.within(IMPORT_LIMITS.maxImportImageBytes),
  left: IMPORT_LIMITS.maxImportImages,
});

/** The document's images that fit the allowance, inflated; the others are left out. */
function readImages(
  bytes: Uint8Array,
  entries: ReturnType<typeof readZipDirectory>['entries'],
  images: ImageAllowance,
) {
  const parts: Record<string, Uint8Array> = {};
  let taken = 0;
  for (const entry of entries) {
    if (!MEDIA_PART.test(entry.name) || entry.name in parts) continue;
    if (taken >= IMPORT_LIMITS.maxDocxImages || images.left <= 0) break;
    if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) continue;
    if (entry.declaredSize > MAX_IMAGE_BYTES) continue;
    let read: ReturnType<typeof readBounded>;
    try {
      read = readBounded(bytes, entry, images.bytes, { entryCap: MAX_IMAGE_BYTES });
    } catch (error) {
      if (error instanceof ZipUnreadable) continue;
      throw error;
    }
    if ('over' in read) continue;
    parts[entry.name] = read.bytes.slice();
    taken += 1;
    images.left -= 1;
  }
  return parts;
}

/** The XML parts of a .docx, checked and inflated under the budget, or why it is refused. */
export function docxParts(
  bytes: Uint8Array,
  total: InflateBudget,
  images: ImageAllowance,
): { parts: Record<string, Uint8Array> } | { refused: DocxRefusal } {
  let listing: ReturnType<typeof readZipDirectory>;
  try {
    listing = readZipDirectory(bytes, IMPORT_LIMITS.maxZipEntries);
  } catch {
    return { refused: 'unreadable' };
  }
  if (listing.tooMany) return { refused: 'tooLarge' };
  const xml = listing.entries.filter((entry) => XML_PART.test(entry.name));
  const declared = xml.reduce((sum, entry) => sum + entry.declaredSize, 0);
  if (declared > IMPORT_LIMITS.maxDocxXmlBytes) return { refused: 'tooLarge' };
  const parts: Record<string, Uint8Array> = {};
  const budget = total.within(IMPORT_LIMITS.maxDocxXmlBytes);
  for (const entry of xml) {
    if (entry.encrypted || (entry.method !== 0 && entry.method !== 8) || entry.name in parts)
      return { refused: 'unreadable' };
    let read: ReturnType<typeof readBounded>;
    try {
      read = readBounded(bytes, entry, budget, { ratio: false });
    } catch (error) {
      if (error instanceof ZipUnreadable) return { refused: 'unreadable' };
      throw error;
    }
    if ('over' in read) {
      return { refused: read.over === 'outer' ? 'outOfTotal' : 'tooLarge' };
    }
    // A copy: a stored part is a view into the whole upload, and posting a view copies all of it.
    parts[entry.name] = read.bytes.slice();
  }
  return { parts: { ...parts, ...readImages(bytes, listing.entries, images) } };
}
