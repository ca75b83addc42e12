import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportSkip, MAX_NOTE_CONTENT_LENGTH } from '@notewise/shared';
import { type PreparedContent, prepareContent } from '../notes/note-content';
import { type ConvertedDocx, convertDocx, type ImportedImage, type NoteReport } from './docx-convert';
import { type DocxRefusal, docxParts, type ImageAllowance, imageAllowance } from './docx-import';
import { type EnexNoteJob, EnexUnreadable, enexNoteStep, enexSteps } from './enex-import';
import { InflateBudget, looksLikeBomb, readBounded } from './import-budget';
import { decodeText, extensionOf, safeEntryPath } from './import-text';
import { keepNoteStep, readKeepJson } from './keep-import';
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
 * the whole upload. Likewise each note of an .enex is read here and becomes an `enex` step, converted
 * in a job of its own, so a large notebook is never one job against the time limit.
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
  | { docx: { path: string; parts: Record<string, Uint8Array> } }
  | { enex: EnexNoteJob };

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

export const NOTE_EXTENSIONS = new Set(['md', 'markdown', 'mdown', 'txt', 'text', 'docx', 'enex']);

/** Files a zip may hold notes in besides those: Notion databases and Google Keep's JSON. */
const ZIP_ONLY_EXTENSIONS = new Set(['csv', 'json']);

/** Notes one upload may hold (an .enex is one file of many notes): as many as a zip has entries. */
const MAX_IMPORT_NOTES = IMPORT_LIMITS.maxZipEntries;

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

/** One note of an .enex, converted: a job of its own, as a Word file is. */
export function enexNote(job: EnexNoteJob): DraftStep[] {
  try {
    return [enexNoteStep(job.note, job.source)];
  } catch {
    return [{ skip: { name: job.source, reason: IMPORT_MESSAGES.skipEnexNoteUnreadable } }];
  }
}

/** What reading an upload's files shares: its images, and how many notes it may still hold. */
interface UploadContext {
  alone: boolean;
  archive?: ArchiveImages;
  images: ImageAllowance;
  notesLeft: number;
}

/** One Markdown or text file's bytes -> its note, or the reason it was skipped. */
function readTextNote(path: string, bytes: Uint8Array, upload: UploadContext): DraftStep[] {
  const { archive } = upload;
  const name = path.split('/').pop() ?? path;
  const extension = extensionOf(name);
  const text = decodeText(bytes);
  if (text === null) return [{ skip: { name: path, reason: IMPORT_MESSAGES.skipNotText } }];
  if (extension === 'enex') {
    const steps: DraftStep[] = [];
    try {
      upload.notesLeft -= enexSteps(path, text, { inZip: !upload.alone, ...upload }, (step) =>
        steps.push(step),
      );
    } catch (error) {
      if (error instanceof EnexUnreadable) throw refuse(IMPORT_MESSAGES.skipEnexUnreadable);
      throw error;
    }
    return steps;
  }
  if (extension === 'json') {
    // Google Keep (inside a zip only); any other JSON is not a note.
    const keep = readKeepJson(text);
    if (!keep) return [{ skip: { name: path, reason: IMPORT_MESSAGES.skipUnsupported } }];
    return [keepNoteStep(path, keep, archive)];
  }
  if (extension !== 'txt' && extension !== 'text') {
    // A Notion database (inside a zip only): its rows as a table linking to their pages. Its
    // `_all.csv` twin is read under the plain name, so the title has no `_all` and no page id.
    const csvName = extension === 'csv' ? path.replace(/_all\.csv$/i, '.csv') : path;
    const note = markdownNote(
      csvName,
      extension === 'csv' ? notionCsvToMarkdown(text).markdown : text,
      archive,
    );
    note.source = path;
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
  upload: UploadContext,
): DraftStep[] {
  if (bytes.length === 0) return [{ skip: { name: path, reason: IMPORT_MESSAGES.skipEmpty } }];
  if (upload.notesLeft <= 0) return [{ skip: { name: path, reason: IMPORT_MESSAGES.skipNoteLimit } }];
  const steps =
    extensionOf(path) === 'docx'
      ? [readDocx(path, bytes, budget, upload)]
      : readTextNote(path, bytes, upload);
  if (extensionOf(path) !== 'enex') upload.notesLeft -= steps.filter((step) => !('skip' in step)).length;
  return steps;
}

/**
 * Files a zip holds twice in another form, each with the sentence the summary gives: Notion's
 * `X.csv` beside `X_all.csv`, Google Keep's `X.html` beside `X.json`, and Keep's list of labels.
 */
function knownTwins(paths: ReadonlySet<string>, all: readonly string[]): Map<string, string> {
  const twins = new Map<string, string>();
  const lower = new Set([...paths].map((path) => path.toLowerCase()));
  for (const path of paths) {
    const plain = path.replace(/_all\.csv$/i, '.csv');
    if (plain !== path && paths.has(plain)) twins.set(plain, IMPORT_MESSAGES.skipNotionTwin);
  }
  const keepNotes = [...lower].some((path) => /(^|\/)keep\/[^/]+\.json$/.test(path));
  for (const path of [...all, ...paths]) {
    const keepHtml = /(^|\/)Keep\/[^/]+\.html?$/i.test(path);
    if (keepHtml && lower.has(path.replace(/\.html?$/i, '.json').toLowerCase()))
      twins.set(path, IMPORT_MESSAGES.skipKeepHtml);
    if (keepNotes && /(^|\/)Keep\/Labels\.txt$/i.test(path)) twins.set(path, IMPORT_MESSAGES.skipKeepLabels);
  }
  return twins;
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
  const others: string[] = [];
  const wanted = new Map<string, (typeof listing.entries)[number]>();
  for (const entry of listing.entries) {
    if (entry.name.endsWith('/') || entry.name.endsWith('\\')) continue;
    const path = safeEntryPath(entry.name);
    const skip = (name: string, reason: string) => emit({ skip: { name, reason } });
    if (path === null || path === '') skip(entry.name, IMPORT_MESSAGES.skipUnsafePath);
    else if (isHidden(path)) skip(path, IMPORT_MESSAGES.skipHidden);
    else if (IMAGE_EXTENSIONS.has(extensionOf(path))) knownImages.set(path.toLowerCase(), entry);
    else if (!NOTE_EXTENSIONS.has(extensionOf(path)) && !ZIP_ONLY_EXTENSIONS.has(extensionOf(path)))
      others.push(path);
    else if (entry.declaredSize > IMPORT_LIMITS.maxEntryBytes) skip(path, IMPORT_MESSAGES.skipTooLarge);
    else if (entry.encrypted) skip(path, IMPORT_MESSAGES.skipEncrypted);
    else if (entry.method !== 0 && entry.method !== 8) skip(path, IMPORT_MESSAGES.skipCompression);
    else if (!wanted.has(path)) wanted.set(path, entry);
  }
  const twins = knownTwins(new Set(wanted.keys()), others);
  for (const path of others)
    emit({ skip: { name: path, reason: twins.get(path) ?? IMPORT_MESSAGES.skipUnsupported } });
  // Images are known only once the whole directory was read: each note takes those it names.
  const referenced = new Set<string>();
  const budget = new InflateBudget(IMPORT_LIMITS.maxTotalUncompressedBytes);
  const images = imageAllowance(budget);
  const upload: UploadContext = {
    alone: false,
    archive: archiveImages(bytes, knownImages, images, referenced),
    images,
    notesLeft: MAX_IMPORT_NOTES,
  };
  for (const path of [...wanted.keys()].sort((a, b) => a.localeCompare(b))) {
    const twin = twins.get(path);
    if (twin) {
      emit({ skip: { name: path, reason: twin } });
      continue;
    }
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
    for (const step of readNoteFile(path, read.bytes, budget, upload)) emit(step);
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
  const upload: UploadContext = { alone: true, images: imageAllowance(budget), notesLeft: MAX_IMPORT_NOTES };
  for (const step of readNoteFile(fileName, bytes, budget, upload)) emit(step);
}
