import {
  ERROR_CODES,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportSkip,
  MAX_NOTE_CONTENT_LENGTH,
} from '@notewise/shared';
import { type UnzipFileInfo, unzipSync } from 'fflate';
import { ApiError, badRequest } from '../../http/errors';
import {
  localImageReferences,
  plainTextToMarkdown,
  readImportedMarkdown,
  withoutLocalImages,
} from './note-markdown';

/*
 * Uploaded files -> notes to create. Everything happens in memory on bytes already capped by the
 * upload limit: no entry of an archive is ever written to disk, so an entry named `../../x.md` or
 * `/etc/passwd` has nowhere to escape to; it is still refused by name so the summary says so.
 * Zip limits are checked on the archive's directory before anything is inflated, and fflate inflates
 * each entry into a buffer of its declared size, so an entry lying about its size is cut there.
 */

export interface NoteToImport {
  source: string;
  title: string;
  content: string;
}

export interface ImportPlan {
  notes: NoteToImport[];
  skipped: ImportSkip[];
}

export const importTooLarge = () => new ApiError(413, ERROR_CODES.payloadTooLarge, IMPORT_MESSAGES.tooLarge);

const NOTE_EXTENSIONS = new Set(['md', 'markdown', 'mdown', 'txt', 'text', 'docx']);
const IMAGE_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'svg',
  'bmp',
  'tif',
  'tiff',
  'heic',
  'avif',
  'ico',
]);
/** Entries bigger than this must not be much bigger than their packed size (zip bomb check). */
const RATIO_CHECK_FROM_BYTES = 256 * 1024;

function extensionOf(name: string): string {
  const base = name.split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Windows-1252 bytes 0x80-0x9f that are printable, so a text in that encoding is not "binary". */
// biome-ignore lint/suspicious/noControlCharactersInRegex: detecting control characters is the point.
const BINARY_CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/;

/** Windows-1252's 0x80-0x9f (Node's TextDecoder reads that label as Latin-1, which has controls there). */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(
      ...Array.from(chunk, (byte) =>
        byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH.charCodeAt(byte - 0x80) : byte,
      ),
    );
  }
  return text;
}

/**
 * Text in UTF-8 (with or without BOM) or UTF-16 with a BOM; otherwise Windows-1252 (what most
 * legacy "ANSI" and Latin-1 text is), unless it looks binary, then null.
 */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = decodeWindows1252(bytes);
  }
  return BINARY_CONTROL.test(text) ? null : text;
}

/** A zip entry's path, or null when it is absolute, has a drive letter or climbs out with `..`. */
export function safeEntryPath(name: string): string | null {
  const normalised = name.replace(/\\/g, '/');
  if (normalised.startsWith('/') || /^[a-z]:/i.test(normalised) || normalised.includes('\0')) return null;
  const segments = normalised.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => segment === '..')) return null;
  return segments.join('/');
}

async function docxToMarkdown(bytes: Uint8Array): Promise<{ markdown: string; images: number }> {
  let images = 0;
  // Loaded on the first Word import, not at start (it and its XML and zip readers are large).
  const { default: mammoth } = await import('mammoth');
  const converter = mammoth as unknown as {
    convertToMarkdown(
      input: { buffer: Buffer },
      options: { convertImage: unknown },
    ): Promise<{ value: string }>;
  };
  const result = await converter.convertToMarkdown(
    { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    {
      convertImage: mammoth.images.imgElement(async () => {
        images += 1;
        return { src: '' };
      }),
    },
  );
  return { markdown: result.value.replace(/!\[[^\]]*\]\(\)/g, ''), images };
}

/** One note file's bytes -> a note, or the reason it was skipped. */
async function readNoteFile(
  path: string,
  bytes: Uint8Array,
  plan: ImportPlan,
  knownImages: ReadonlySet<string> = new Set(),
): Promise<void> {
  const name = path.split('/').pop() ?? path;
  const extension = extensionOf(name);
  if (bytes.length === 0) {
    plan.skipped.push({ name: path, reason: IMPORT_MESSAGES.skipEmpty });
    return;
  }
  let title: string;
  let content: string;
  if (extension === 'docx') {
    let converted: { markdown: string; images: number };
    try {
      converted = await docxToMarkdown(bytes);
    } catch {
      plan.skipped.push({ name: path, reason: IMPORT_MESSAGES.skipDocxUnreadable });
      return;
    }
    if (converted.images > 0) {
      plan.skipped.push({
        name: `${path}: ${converted.images} image${converted.images === 1 ? '' : 's'}`,
        reason: IMPORT_MESSAGES.skipImage,
      });
    }
    ({ title, content } = readImportedMarkdown(converted.markdown, name));
    // Word documents rarely start with a Markdown heading: the title is the file name then.
  } else {
    const text = decodeText(bytes);
    if (text === null) {
      plan.skipped.push({ name: path, reason: IMPORT_MESSAGES.skipNotText });
      return;
    }
    if (extension === 'txt' || extension === 'text') {
      title = name.replace(/\.[^.]+$/, '') || 'Untitled';
      content = plainTextToMarkdown(text);
    } else {
      ({ title, content } = readImportedMarkdown(text, name));
      const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
      for (const image of localImageReferences(content)) {
        // Obsidian resolves `![[name.png]]` by file name anywhere in the vault.
        const wanted = image.toLowerCase();
        const inArchive =
          knownImages.has(`${folder}${image}`.toLowerCase()) ||
          [...knownImages].some((known) => known === wanted || known.endsWith(`/${wanted}`));
        plan.skipped.push({
          name: `${path}: ${image}`,
          reason: inArchive ? IMPORT_MESSAGES.skipImage : `${IMPORT_MESSAGES.skipImage} (not in the archive)`,
        });
      }
      content = withoutLocalImages(content);
    }
  }
  if (content.length > MAX_NOTE_CONTENT_LENGTH) {
    plan.skipped.push({ name: path, reason: IMPORT_MESSAGES.skipTooLong });
    return;
  }
  plan.notes.push({ source: path, title, content });
}

function isHidden(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.') || segment === '__MACOSX');
}

async function readZip(bytes: Uint8Array, plan: ImportPlan): Promise<void> {
  let entries = 0;
  let totalBytes = 0;
  const images = new Set<string>();
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file: UnzipFileInfo) => {
        entries += 1;
        if (entries > IMPORT_LIMITS.maxZipEntries) throw badRequest(IMPORT_MESSAGES.zipTooManyEntries);
        totalBytes += file.originalSize;
        if (totalBytes > IMPORT_LIMITS.maxTotalUncompressedBytes)
          throw badRequest(IMPORT_MESSAGES.zipTooLarge);
        if (
          file.originalSize > RATIO_CHECK_FROM_BYTES &&
          file.originalSize > file.size * IMPORT_LIMITS.maxCompressionRatio
        ) {
          throw badRequest(IMPORT_MESSAGES.zipBomb);
        }
        if (file.name.endsWith('/') || file.name.endsWith('\\')) return false;
        const path = safeEntryPath(file.name);
        if (path === null || path === '') {
          plan.skipped.push({ name: file.name, reason: IMPORT_MESSAGES.skipUnsafePath });
          return false;
        }
        if (isHidden(path)) {
          plan.skipped.push({ name: path, reason: IMPORT_MESSAGES.skipHidden });
          return false;
        }
        const extension = extensionOf(path);
        if (IMAGE_EXTENSIONS.has(extension)) {
          images.add(path.toLowerCase());
          return false;
        }
        if (!NOTE_EXTENSIONS.has(extension)) {
          plan.skipped.push({ name: path, reason: IMPORT_MESSAGES.skipUnsupported });
          return false;
        }
        if (file.originalSize > IMPORT_LIMITS.maxEntryBytes) {
          plan.skipped.push({ name: path, reason: IMPORT_MESSAGES.skipTooLarge });
          return false;
        }
        if (file.compression !== 0 && file.compression !== 8) {
          plan.skipped.push({ name: path, reason: IMPORT_MESSAGES.skipCompression });
          return false;
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest(IMPORT_MESSAGES.zipUnreadable);
  }
  // Images are known only once the whole directory was read: report them per referencing note.
  const referenced = new Set<string>();
  const paths = Object.keys(files).sort((a, b) => a.localeCompare(b));
  for (const rawPath of paths) {
    const path = safeEntryPath(rawPath) ?? rawPath;
    const before = plan.skipped.length;
    await readNoteFile(path, files[rawPath] ?? new Uint8Array(), plan, images);
    for (const skip of plan.skipped.slice(before)) {
      const image = skip.name.split(': ').slice(1).join(': ');
      if (image) referenced.add(image.toLowerCase());
    }
  }
  for (const image of images) {
    const base = image.split('/').pop() ?? image;
    if (![...referenced].some((reference) => image.endsWith(reference) || reference.endsWith(base))) {
      plan.skipped.push({ name: image, reason: IMPORT_MESSAGES.skipImage });
    }
  }
}

/** What an uploaded file holds: notes to create and what was skipped. Throws for a refused upload. */
export async function planImport(fileName: string, bytes: Uint8Array): Promise<ImportPlan> {
  const plan: ImportPlan = { notes: [], skipped: [] };
  const extension = extensionOf(fileName);
  if (extension === 'zip') {
    if (bytes.length === 0) {
      plan.skipped.push({ name: fileName, reason: IMPORT_MESSAGES.skipEmpty });
      return plan;
    }
    await readZip(bytes, plan);
  } else if (NOTE_EXTENSIONS.has(extension)) {
    await readNoteFile(fileName, bytes, plan);
  } else {
    throw new ApiError(415, ERROR_CODES.validation, IMPORT_MESSAGES.unsupportedType);
  }
  return plan;
}
