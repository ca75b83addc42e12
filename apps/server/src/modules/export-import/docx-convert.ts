import crypto from 'node:crypto';
import { docToMarkdown } from '@notewise/editor';
import { IMPORT_REPORT, type ImportCount, type ImportIssue } from '@notewise/shared';
import { zipSync } from 'fflate';
import type { DocxCounts } from './docx-counts';
import { parseMammothHtml } from './docx-html';
import { applyListNumbers, markListNumbers } from './docx-numbering';
import { htmlToDoc } from './docx-to-doc';

/*
 * A Word document's XML parts (docx-import.ts) -> the note's Markdown, its images and a report. Mammoth's
 * HTML output (its Markdown output is deprecated and loses tables, underline and strikethrough) is
 * read into an editor document (docx-to-doc.ts) and written by the editor's own docToMarkdown.
 * Runs in the import worker: the images leave it as bytes, stored by the request thread through
 * the upload pipeline, which replaces each placeholder source with the stored image's URL.
 */

/**
 * Word styles -> HTML. Ours (note-docx.ts writes them) first, then the names pandoc and Word use:
 * the document title, code and quotes. Underline and strike are not mapped by mammoth by default.
 */
const STYLE_MAP = [
  'u => u',
  'strike => s',
  "p[style-name='Title'] => h1.doc-title:fresh",
  "p[style-name='Code Block'] => pre:fresh",
  "p[style-name='Source Code'] => pre:separator('\\n')",
  "p[style-name='Code'] => pre:separator('\\n')",
  "p[style-name='HTML Preformatted'] => pre:separator('\\n')",
  "r[style-name='Inline Code'] => code",
  "r[style-name='Verbatim Char'] => code",
  "r[style-name='HTML Code'] => code",
  "p[style-name='Quote'] => blockquote > p:fresh",
  "p[style-name='Intense Quote'] => blockquote > p:fresh",
  "p[style-name='Block Text'] => blockquote > p:fresh",
  "p[style-name='Horizontal Rule'] => hr:fresh",
];

/** Code block styles with a language ("Code Block ts", written by note-docx.ts), in styles.xml. */
const CODE_STYLE_NAME = /<w:name w:val="Code Block ([^\s'"\\<>&]{1,40})"\s*\/>/g;

/** The code languages a document's styles name, and the style map lines that tag their blocks. */
function codeLanguages(parts: Record<string, Uint8Array>): { languages: string[]; styleMap: string[] } {
  const styles = parts['word/styles.xml'];
  const languages = styles
    ? [...new Set(Array.from(decoder.decode(styles).matchAll(CODE_STYLE_NAME), (m) => m[1] ?? ''))]
    : [];
  return {
    languages,
    styleMap: languages.map(
      (language, index) => `p[style-name='Code Block ${language}'] => pre.code-language-${index}:fresh`,
    ),
  };
}

const decoder = new TextDecoder();

/** What the image pipeline decodes (image-pipeline.ts); anything else is not worth carrying out. */
const SHOWN_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

/** An image leaving the worker: the request thread stores it and puts its URL where `placeholder` is. */
export interface ImportedImage {
  placeholder: string;
  bytes: Uint8Array;
}

export interface NoteReport {
  converted: ImportCount[];
  approximated: ImportIssue[];
  dropped: ImportIssue[];
}

export interface ConvertedDocx {
  markdown: string;
  images: ImportedImage[];
  report: NoteReport;
}

/** Occurrences of a pattern in an XML part (the things mammoth skips without a word). */
function countIn(parts: Record<string, Uint8Array>, name: string, pattern: RegExp): number {
  const part = parts[name];
  return part ? (decoder.decode(part).match(pattern)?.length ?? 0) : 0;
}

function reportOf(
  counts: DocxCounts,
  parts: Record<string, Uint8Array>,
  images: { format: number; limit: number; external: number },
): NoteReport {
  const converted: ImportCount[] = (
    [
      ['headings', counts.headings],
      ['list items', counts.listItems],
      ['checklist items', counts.tasks],
      ['tables', counts.tables],
      ['table rows', counts.tableRows],
      ['code blocks', counts.codeBlocks],
      ['links', counts.links],
      ['footnotes', counts.footnotes],
    ] as const
  )
    .filter(([, count]) => count > 0)
    .map(([what, count]) => ({ what, count }));
  const issue = (what: string, count: number, reason: string) => (count > 0 ? [{ what, count, reason }] : []);
  const body = 'word/document.xml';
  const approximated = [
    ...issue('merged table cells', counts.mergedCells, IMPORT_REPORT.mergedCells),
    ...issue('lists or tables inside table cells', counts.blocksInCells, IMPORT_REPORT.blocksInCells),
    ...issue('superscript or subscript runs', counts.superSubscripts, IMPORT_REPORT.superSubscripts),
    ...issue('text boxes', countIn(parts, body, /<w:txbxContent\b/g), IMPORT_REPORT.textBoxes),
  ];
  const dropped = [
    ...issue('comments', countIn(parts, 'word/comments.xml', /<w:comment\b/g), IMPORT_REPORT.comments),
    ...issue(
      'embedded objects',
      countIn(parts, body, /<w:object\b|<w:embed/g),
      IMPORT_REPORT.embeddedObjects,
    ),
    ...issue('charts or diagrams', countIn(parts, body, /<c:chart\b|<dgm:relIds\b/g), IMPORT_REPORT.charts),
    ...issue('internal links', counts.internalLinks, IMPORT_REPORT.internalLinks),
    ...issue('links', counts.unsafeLinks, IMPORT_REPORT.unsafeLinks),
    ...issue('images', images.format, IMPORT_REPORT.imageFormat),
    ...issue('images', images.limit, IMPORT_REPORT.imageLimit),
    ...issue('linked images', images.external, IMPORT_REPORT.imageExternal),
  ];
  return { converted, approximated, dropped };
}

interface MammothImage {
  contentType: string;
  read(): Promise<Buffer>;
}

interface Mammoth {
  convertToHtml(
    input: { buffer: Buffer },
    options: { styleMap: string[]; convertImage: unknown; ignoreEmptyParagraphs: boolean },
  ): Promise<{ value: string }>;
  images: { imgElement(convert: (image: MammothImage) => Promise<{ src: string }>): unknown };
}

/** A Word document's parts -> Markdown in the editor's stored form, its images and what happened. */
export async function convertDocx(parts: Record<string, Uint8Array>): Promise<ConvertedDocx> {
  // Loaded on the first Word import, not when the worker starts (it and its XML readers are large).
  const mammoth = (await import('mammoth')).default as unknown as Mammoth;
  const images: ImportedImage[] = [];
  const skipped = { format: 0, limit: 0, external: 0 };
  // A relative path, so the sanitizer keeps the image; unguessable, so no text can match it.
  const prefix = `/api/images/import-${crypto.randomUUID()}-`;
  const code = codeLanguages(parts);
  // Each numbered paragraph named with its number, so a list keeps where it starts (docx-numbering.ts).
  const body = markListNumbers(parts);
  const archive = zipSync(body ? { ...parts, 'word/document.xml': body } : parts, { level: 0 });
  const result = await mammoth.convertToHtml(
    { buffer: Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength) },
    {
      styleMap: [...code.styleMap, ...STYLE_MAP],
      ignoreEmptyParagraphs: false,
      convertImage: mammoth.images.imgElement(async (image) => {
        if (!SHOWN_IMAGE_TYPES.has(image.contentType)) {
          skipped.format += 1;
          return { src: '' };
        }
        let bytes: Buffer;
        try {
          // Fails for an image left packed (over the allowance, docx-import.ts).
          bytes = await image.read();
        } catch (error) {
          // Mammoth never reads files outside the document (externalFileAccess stays off).
          if (/external image/.test(String(error))) skipped.external += 1;
          else skipped.limit += 1;
          return { src: '' };
        }
        // Terminated, so no placeholder is the start of another (`-1` is a prefix of `-10`).
        const placeholder = `${prefix}${images.length}.image`;
        images.push({ placeholder, bytes: new Uint8Array(bytes) });
        return { src: placeholder };
      }),
    },
  );
  const { doc, counts } = htmlToDoc(applyListNumbers(parseMammothHtml(result.value)), code.languages);
  return { markdown: docToMarkdown(doc), images, report: reportOf(counts, parts, skipped) };
}
