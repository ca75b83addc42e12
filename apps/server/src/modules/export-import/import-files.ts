import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportSkip, MAX_NOTE_CONTENT_LENGTH } from '@notewise/shared';
import { type PreparedContent, prepareContent } from '../notes/note-content';
import { type ConvertedDocx, convertDocx, type ImportedImage, type NoteReport } from './docx-convert';
import { type DocxRefusal, docxParts, type ImageAllowance, imageAllowance } from './docx-import';
import { InflateBudget, looksLikeBomb, readBounded } from './import-budget';
import { decodeText, extensionOf, safeEntryPath } from './import-text';
import { IMAGE_EXTENSIONS } from './markdown-links';
import { type ArchiveImages, archiveImages, markdownNote, type NoteFields } from './markdown-note';
import { plainTextToMarkdown, readImportedMarkdown } from './note-markdown';
import { notionCsvToMarkdown } from './notion-csv';
import { readZipDirectory, ZipUnreadable } from './zip-reader';

export { decodeText, safeEntryPath } from './import-text';

/*
 * Uploaded files -> notes to create. Runs in the import worker (import-worker.ts), never on the event
 * loop, and everything happens in memory on bytes already capped by the upload limit: no entry of an
 * archive is ever written to disk, so an entry named `../../x.md` or `/etc/passwd` has nowhere to
 * escape to; it is still refused by name so the summary says so. Zip limits are checked on the
 * archive's directory before anything is inflated, then again on the real bytes while inflating
 * (import-budget.ts): an entry lying about its size is stopped at the limit, not trusted.
 *
 * A .docx becomes a `docx` step: its XML is unpacked here under the same limits, and the conversion
 * itself is a job of its own (import-pool.ts) so its time and memory limit cost one document, not
 * the whole upload.
 */

export interface NoteToImport {
  source: string;
  title: string;
  /** The stored form (sanitized, plain text, excerpt), computed here rather than on the event loop. */
  prepared: PreparedContent;
  /** Images to store, each shown where its placeholder source is in `prepared.content`. */
  images?: ImportedImage[];
  /** What the conversion kept, approximated and dropped. */
  report?: NoteReport;
  /** Read from a Markdown file: tags, dates, our export's project, links to other notes of the upload. */
  fields?: NoteFields;
}

/** A note as the notes module stores it: a long one takes a second of CPU to sanitize. */
function noteStep(source: string, title: string, content: string): DraftStep {
  return { note: { source, title, prepared: prepareContent(content) } };
}

export interface ImportPlan {
  notes: NoteToImport[];
  skipped: ImportSkip[];
}

/** One step of an import, in the order the summary lists them. */
export type DraftStep =
  | { note: NoteToImport }
  | { skip: ImportSkip }
  | { docx: { path: string; parts: Record<string, Uint8Array> } };

/** A refused upload: the HTTP status and the sentence the import dialog shows. */
export class ImportRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (message: string) => new ImportRefused(400, message);

export const NOTE_EXTENSIONS = new Set(['md', 'markdown', 'mdown', 'txt', 'text', 'docx']);

/** Why a .docx inside a zip was skipped; alone, the same sentence refuses the upload. */
const DOCX_REASONS: Record<Exclude<DocxRefusal, 'outOfTotal'>, string> = {
  tooLarge: IMPORT_MESSAGES.docxTooLarge,
  unreadable: IMPORT_MESSAGES.skipDocxUnreadable,
};

function readDocx(
  path: string,
  bytes: Uint8Array,
  budget: InflateBudget,
  options: { alone: boolean; images: ImageAllowance },
): DraftStep {
  const { alone } = options;
  const read = docxParts(bytes, budget, options.images);
  if ('parts' in read) return { docx: { path, parts: read.parts } };
  if (read.refused === 'outOfTotal') throw refuse(IMPORT_MESSAGES.zipTooLarge);
  if (alone && read.refused === 'tooLarge') throw new ImportRefused(413, DOCX_REASONS.tooLarge);
  return { skip: { name: path, reason: DOCX_REASONS[read.refused] } };
}

/** A converted Word document -> its note with its images and report, or why not. */
export async function docxNote(path: string, parts: Record<string, Uint8Array>): Promise<DraftStep[]> {
  let converted: ConvertedDocx;
  try {
    converted = await convertDocx(parts);
  } catch {
    return [{ skip: { name: path, reason: IMPORT_MESSAGES.skipDocxUnreadable } }];
  }
  // The document's Title paragraph (or a first heading 1) is the note's title, else the file name.
  const { title, content } = readImportedMarkdown(converted.markdown, path.split('/').pop() ?? path);
  if (content.length > MAX_NOTE_CONTENT_LENGTH)
    return [{ skip: { name: path, reason: IMPORT_MESSAGES.skipTooLong } }];
  const step = noteStep(path, title, content);
  if ('note' in step) {
    // The sanitizer may drop an image (never ours): only images still in the note leave the worker.
    step.note.images = converted.images.filter((image) =>
      step.note.prepared.content.includes(image.placeholder),
    );
    step.note.report = converted.report;
  }
  return [step];
}

/** One Markdown or text file's bytes -> its note, or the reason it was skipped. */
function readTextNote(path: string, bytes: Uint8Array, archive: ArchiveImages | undefined): DraftStep[] {
  const name = path.split('/').pop() ?? path;
  const extension = extensionOf(name);
  const text = decodeText(bytes);
  if (text === null) return [{ skip: { name: path, reason: IMPORT_MESSAGES.skipNotText } }];
  if (extension !== 'txt' && extension !== 'text') {
    // A Notion database (inside a zip only): its rows as a table linking to their pages.
    const note = markdownNote(path, extension === 'csv' ? notionCsvToMarkdown(text).markdown : text, archive);
    if (note.prepared.content.length > MAX_NOTE_CONTENT_LENGTH)
      return [{ skip: { name: path, reason: IMPORT_MESSAGES.skipTooLong } }];
    return [{ note }];
  }
  const title = name.replace(/\.[^.]+$/, '') || 'Untitled';
  const content = plainTextToMarkdown(text);
  if (content.length > MAX_NOTE_CONTENT_LENGTH)
    return [{ skip: { name: path, reason: IMPORT_MESSAGES.skipTooLong } }];
  return [noteStep(path, title, content)];
}

function readNoteFile(
  path: string,
  bytes: Uint8Array,
  budget: InflateBudget,
  options: { alone: boolean; archive?: ArchiveImages; images: ImageAllowance },
): DraftStep[] {
  if (bytes.length === 0) return [{ skip: { name: path, reason: IMPORT_MESSAGES.skipEmpty } }];
  if (extensionOf(path) === 'docx') return [readDocx(path, bytes, budget, options)];
  return readTextNote(path, bytes, options.archive);
}

function isHidden(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.') || segment === '__MACOSX');
}

function readZip(bytes: Uint8Array, emit: (step: DraftStep) => void): void {
  let listing: ReturnType<typeof readZipDirectory>;
  try {
    listing = readZipDirectory(bytes, IMPORT_LIMITS.maxZipEntries);
  } catch {
    throw refuse(IMPORT_MESSAGES.zipUnreadable);
  }
  if (listing.tooMany) throw refuse(IMPORT_MESSAGES.zipTooManyEntries);
  // The directory's claims first, for every entry, before anything is inflated.
  let declaredTotal = 0;
  for (const entry of listing.entries) {
    declaredTotal += entry.declaredSize;
    if (declaredTotal > IMPORT_LIMITS.maxTotalUncompressedBytes) throw refuse(IMPORT_MESSAGES.zipTooLarge);
    if (looksLikeBomb(entry.declaredSize, entry.compressedSize)) throw refuse(IMPORT_MESSAGES.zipBomb);
  }
  const knownImages = new Map<string, (typeof listing.entries)[number]>();
  const wanted = new Map<string, (typeof listing.entries)[number]>();
  for (const entry of listing.entries) {
    if (entry.name.endsWith('/') || entry.name.endsWith('\\')) continue;
    const path = safeEntryPath(entry.name);
    const skip = (name: string, reason: string) => emit({ skip: { name, reason } });
    if (path === null || path === '') skip(entry.name, IMPORT_MESSAGES.skipUnsafePath);
    else if (isHidden(path)) skip(path, IMPORT_MESSAGES.skipHidden);
    else if (IMAGE_EXTENSIONS.has(extensionOf(path))) knownImages.set(path.toLowerCase(), entry);
    else if (!NOTE_EXTENSIONS.has(extensionOf(path)) && extensionOf(path) !== 'csv')
      skip(path, IMPORT_MESSAGES.skipUnsupported);
    else if (entry.declaredSize > IMPORT_LIMITS.maxEntryBytes) skip(path, IMPORT_MESSAGES.skipTooLarge);
    else if (entry.encrypted) skip(path, IMPORT_MESSAGES.skipEncrypted);
    else if (entry.method !== 0 && entry.method !== 8) skip(path, IMPORT_MESSAGES.skipCompression);
    else if (!wanted.has(path)) wanted.set(path, entry);
  }
  // Images are known only once the whole directory was read: each note takes those it names.
  const referenced = new Set<string>();
  const budget = new InflateBudget(IMPORT_LIMITS.maxTotalUncompressedBytes);
  const images = imageAllowance(budget);
  const archive = archiveImages(bytes, knownImages, images, referenced);
  for (const path of [...wanted.keys()].sort((a, b) => a.localeCompare(b))) {
    const entry = wanted.get(path)!;
    let read: ReturnType<typeof readBounded>;
    try {
      read = readBounded(bytes, entry, budget, { entryCap: IMPORT_LIMITS.maxEntryBytes });
    } catch (error) {
      if (error instanceof ZipUnreadable) throw refuse(IMPORT_MESSAGES.zipUnreadable);
      throw error;
    }
    if ('over' in read) {
      if (read.over === 'ratio') throw refuse(IMPORT_MESSAGES.zipBomb);
      if (read.over === 'entry') emit({ skip: { name: path, reason: IMPORT_MESSAGES.skipTooLarge } });
      else throw refuse(IMPORT_MESSAGES.zipTooLarge);
      continue;
    }
    for (const step of readNoteFile(path, read.bytes, budget, { alone: false, archive, images })) emit(step);
  }
  for (const [image, entry] of knownImages) {
    if (!referenced.has(image))
      emit({ skip: { name: safeEntryPath(entry.name) ?? image, reason: IMPORT_MESSAGES.skipImageUnused } });
  }
}

/**
 * What an uploaded file holds, as steps handed to `emit` one by one (so a big archive's notes are not
 * all held at once): notes, skipped files and Word documents still to convert. Throws ImportRefused
 * for a refused upload.
 */
export function draftImport(fileName: string, bytes: Uint8Array, emit: (step: DraftStep) => void): void {
  const extension = extensionOf(fileName);
  if (extension === 'zip') {
    if (bytes.length === 0) emit({ skip: { name: fileName, reason: IMPORT_MESSAGES.skipEmpty } });
    else readZip(bytes, emit);
    return;
  }
  if (!NOTE_EXTENSIONS.has(extension)) throw new ImportRefused(415, IMPORT_MESSAGES.unsupportedType);
  const budget = new InflateBudget(IMPORT_LIMITS.maxTotalUncompressedBytes);
  for (const step of readNoteFile(fileName, bytes, budget, { alone: true, images: imageAllowance(budget) }))
    emit(step);
}
