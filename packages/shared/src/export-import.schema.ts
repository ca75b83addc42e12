import { z } from 'zod';
import { NOTE_EXPORT_FORMATS } from './constants';

export const noteExportQuerySchema = z.strictObject({
  format: z.enum(NOTE_EXPORT_FORMATS, { message: 'Choose an export format: md, txt, pdf or docx.' }),
});

/** A project's or the whole account's zip: our Markdown (default) or an Obsidian vault. */
export const ZIP_EXPORT_FORMATS = ['markdown', 'obsidian'] as const;
export const zipExportQuerySchema = z.strictObject({
  format: z
    .enum(ZIP_EXPORT_FORMATS, { message: 'Choose an export format: markdown or obsidian.' })
    .default('markdown'),
});
export type ZipExportQuery = z.infer<typeof zipExportQuerySchema>;

/**
 * Import limits (decisions 025 and 039). The upload cap is checked while receiving; the zip limits
 * are read from the archive's directory first and enforced again on the real bytes while inflating,
 * so a lying header cannot get past them. A .docx is a zip too: the same limits apply to it.
 */
export const IMPORT_LIMITS = {
  /** One uploaded file (a .md, .txt, .docx or .zip). */
  maxUploadBytes: 20 * 1024 * 1024,
  /** Entries in a zip (files and folders). */
  maxZipEntries: 2000,
  /** All entries of a zip, inflated. */
  maxTotalUncompressedBytes: 100 * 1024 * 1024,
  /** One entry, inflated (a note's Markdown; a .docx inside a zip). */
  maxEntryBytes: 10 * 1024 * 1024,
  /** Inflated size over compressed size of an entry above which it is refused as a zip bomb. */
  maxCompressionRatio: 100,
  /**
   * The XML of one .docx (document, styles, numbering, notes; images are not unpacked), inflated.
   * The Word converter needs about 50 bytes of memory per byte of XML: 3 MB is about 140 pages of
   * prose (decision 039).
   */
  maxDocxXmlBytes: 3 * 1024 * 1024,
  /** Images unpacked from one Word document, and from one upload (all its documents). */
  maxDocxImages: 20,
  maxImportImages: 50,
  /** Their bytes as packed in the document (each also within the image upload limit, 5 MB). */
  maxImportImageBytes: 25 * 1024 * 1024,
  /** Projects one upload may make with "One project per top-level folder". */
  maxImportProjects: 50,
} as const;

/** Why a file or zip entry was not imported: machine code plus the sentence the dialog shows. */
export const importSkipSchema = z.object({
  name: z.string(),
  reason: z.string(),
});
export type ImportSkip = z.infer<typeof importSkipSchema>;

/** How many of one kind of thing a file held, e.g. `{ what: 'tables', count: 3 }`. */
export const importCountSchema = z.object({ what: z.string(), count: z.number().int().nonnegative() });
export type ImportCount = z.infer<typeof importCountSchema>;

/** Something approximated or dropped while converting a file, how often, and why (a sentence). */
export const importIssueSchema = importCountSchema.extend({
  reason: z.string(),
  /** Which ones, when they have names (link targets, image files, embeds): the first few. */
  names: z.array(z.string()).optional(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const importedNoteSchema = z.object({
  noteId: z.string(),
  title: z.string(),
  /** The file (or zip entry path) it came from. */
  source: z.string(),
  /** What arrived as itself (headings, tables, links...); only kinds the file had. */
  converted: z.array(importCountSchema).optional(),
  /** What arrived in another form the editor can hold (e.g. merged table cells). */
  approximated: z.array(importIssueSchema).optional(),
  /** What did not arrive (e.g. Word comments). */
  dropped: z.array(importIssueSchema).optional(),
  /** Images stored through the upload pipeline and shown in the note. */
  imagesImported: z.number().int().nonnegative().optional(),
  /** The project it went into, when not the one the import was made into (a folder's project). */
  projectId: z.string().optional(),
});
export type ImportedNote = z.infer<typeof importedNoteSchema>;

/** POST /api/import: what was imported into which project, and what was skipped and why. */
export const importResultSchema = z.object({
  projectId: z.string(),
  imported: z.array(importedNoteSchema),
  skipped: z.array(importSkipSchema),
  /** What the upload as a whole did not bring back, one sentence each (sharing, from our export). */
  notices: z.array(z.string()).optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Where a zip's notes go: all into the chosen project, or one project per top-level folder. */
export const IMPORT_LAYOUTS = ['chosen', 'folders'] as const;
export type ImportLayout = (typeof IMPORT_LAYOUTS)[number];

export const importFieldsSchema = z.strictObject({
  projectId: z.string().min(1, { message: 'Choose a project to import into.' }).max(100),
  /** `folders`: one project per top-level folder (and per `project:` our export wrote); default `chosen`. */
  layout: z.enum(IMPORT_LAYOUTS).default('chosen'),
});
