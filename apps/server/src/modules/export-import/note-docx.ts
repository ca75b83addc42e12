import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  type ILevelsOptions,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { type DocNode, type InlineRun, inlineRuns, pointsOf, tableRows, textOf } from './doc-model';

/*
 * A note as a Word document (the `docx` package): formatting as real runs (bold, italic, underline,
 * strike, colour, highlight as shading in the palette colour), lists on Word's own numbering (each
 * numbered list restarts at its start number), headings as Word heading styles, tables, code in a
 * monospaced font. Code, code blocks, quotes and rules also carry a named style ("Inline Code",
 * "Code Block", "Quote", "Horizontal Rule") and links Word's "Hyperlink" style rather than a
 * direct underline, so the Word import (docx-convert.ts) reads them back as what they were.
 */

const MONO = 'Courier New';
const RULE = 'D4D4D8';
const hex = (color: string) => color.replace('#', '').toUpperCase();
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

/** Word's nine levels; `start` is the number of a numbered list on its own level, `startLevel`. */
function levels(format: 'bullet' | 'decimal' | 'tasks', start = 1, startLevel = 0): ILevelsOptions[] {
  // A checklist's items carry their ☐/☑ as text: their level shows no bullet.
  const bullets = format === 'tasks' ? [''] : ['•', '◦', '▪'];
  return Array.from({ length: 9 }, (_, level) => ({
    level,
    format: format === 'decimal' ? LevelFormat.DECIMAL : LevelFormat.BULLET,
    text: format === 'decimal' ? `%${level + 1}.` : (bullets[level % bullets.length] ?? ''),
    start: level === startLevel ? start : 1,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 360 * (level + 1), hanging: 260 } } },
  }));
}

interface Context {
  /** Numbering definitions made so far: one per numbered list (its own start), one for bullets. */
  numbering: { reference: string; levels: ILevelsOptions[] }[];
  /** Code block languages, each with its paragraph style "Code Block <language>" (its id here). */
  codeStyles: Map<string, string>;
}

/** A language a style name can carry and the Word import can read back (docx-convert.ts). */
export const CODE_STYLE_LANGUAGE = /^[^\s'"\\]{1,40}$/;

/** The paragraph style of a code block: "Code Block", or "Code Block <language>" based on it. */
function codeStyle(language: unknown, context: Context): string {
  if (typeof language !== 'string' || !CODE_STYLE_LANGUAGE.test(language)) return 'CodeBlock';
  let id = context.codeStyles.get(language);
  if (!id) {
    id = `CodeBlock${context.codeStyles.size + 1}`;
    context.codeStyles.set(language, id);
  }
  return id;
}

function textRun(run: InlineRun, extra: { italics?: boolean; color?: string } = {}): TextRun {
  const size = pointsOf(run.fontSize);
  const color = run.color ?? (run.href ? '#2563eb' : extra.color);
  return new TextRun({
    text: run.text,
    bold: run.bold,
    italics: run.italic || extra.italics === true,
    ...(run.underline ? { underline: {} } : {}),
    ...(run.code ? { style: 'InlineCode' } : run.href ? { style: 'Hyperlink' } : {}),
    strike: run.strike,
    ...(color ? { color: hex(color) } : {}),
    ...(run.highlight
      ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: hex(run.highlight) } }
      : run.code
        ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F4F4F5' } }
        : {}),
    ...(run.code ? { font: MONO } : {}),
    ...(size ? { size: Math.round(size * 2) } : {}),
  });
}

/** Runs of a textblock; hard breaks become Word line breaks, links real hyperlinks. */
function paragraphChildren(
  node: DocNode,
  extra: { italics?: boolean; color?: string } = {},
  prefix?: string,
): ParagraphChild[] {
  const children: ParagraphChild[] = prefix ? [new TextRun({ text: prefix })] : [];
  for (const run of inlineRuns(node)) {
    if (run.text === '\n') {
      children.push(new TextRun({ text: '', break: 1 }));
    } else if (run.href) {
      children.push(new ExternalHyperlink({ link: run.href, children: [textRun(run, extra)] }));
    } else {
      children.push(textRun(run, extra));
    }
  }
  return children;
}

interface BlockOptions {
  listLevel: number;
  quote: boolean;
}

function list(
  node: DocNode,
  ordered: boolean,
  context: Context,
  options: BlockOptions,
): (Paragraph | Table)[] {
  let reference = 'bullets';
  const level = Math.min(options.listLevel, 8);
  if (ordered) {
    reference = `numbered-${context.numbering.length}`;
    const start = Number(node.attrs?.start ?? 1) || 1;
    context.numbering.push({ reference, levels: levels('decimal', start, level) });
  }
  return (node.content ?? []).flatMap((item) => {
    const [first, ...rest] = item.content ?? [];
    const head =
      first?.type === 'paragraph'
        ? [new Paragraph({ children: paragraphChildren(first), numbering: { reference, level } })]
        : [
            new Paragraph({ children: [], numbering: { reference, level } }),
            ...blocks(first ? [first] : [], context, options),
          ];
    return [...head, ...blocks(rest, context, { ...options, listLevel: options.listLevel + 1 })];
  });
}

function block(node: DocNode, context: Context, options: BlockOptions): (Paragraph | Table)[] {
  const quote = options.quote
    ? {
        border: { left: { style: BorderStyle.SINGLE, size: 18, color: RULE, space: 8 } },
        indent: { left: 360 },
      }
    : {};
  // A quote's grey italics come from its "Quote" style: direct formatting would read back as emphasis.
  const quoteText = {};
  const indent = options.listLevel > 0 && !options.quote ? { indent: { left: 360 * options.listLevel } } : {};
  switch (node.type) {
    case 'paragraph':
      return [
        new Paragraph({
          children: paragraphChildren(node, quoteText),
          ...quote,
          ...indent,
          ...(options.quote ? { style: 'Quote' } : {}),
        }),
      ];
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs?.level) || 1, 1), 6);
      return [new Paragraph({ heading: HEADINGS[level - 1], children: paragraphChildren(node), ...quote })];
    }
    case 'bulletList':
      return list(node, false, context, options);
    case 'orderedList':
      return list(node, true, context, options);
    case 'taskList':
      return (node.content ?? []).flatMap((item) => {
        const [first, ...rest] = item.content ?? [];
        const box = item.attrs?.checked ? '☑ ' : '☐ ';
        // A list paragraph (with no bullet of its own), so nesting survives in Word and back.
        const numbering = { reference: 'tasks', level: Math.min(options.listLevel, 8) };
        return [
          new Paragraph({
            children: first?.type === 'paragraph' ? paragraphChildren(first, {}, box) : [new TextRun(box)],
            numbering,
          }),
          ...blocks(first && first.type !== 'paragraph' ? [first] : [], context, options),
          ...blocks(rest, context, { ...options, listLevel: options.listLevel + 1 }),
        ];
      });
    case 'blockquote':
      return blocks(node.content ?? [], context, { ...options, quote: true });
    case 'codeBlock': {
      const lines = textOf(node).split('\n');
      return [
        new Paragraph({
          style: codeStyle(node.attrs?.language, context),
          shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F4F4F5' },
          children: lines.map(
            (line, index) =>
              new TextRun({ text: line, font: MONO, size: 19, ...(index > 0 ? { break: 1 } : {}) }),
          ),
          ...quote,
        }),
      ];
    }
    case 'horizontalRule':
      return [
        new Paragraph({
          style: 'HorizontalRule',
          children: [],
          border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: RULE, space: 1 } },
        }),
      ];
    case 'table': {
      const rows = tableRows(node);
      if (rows.length === 0) return [];
      const width = Math.max(1, ...rows.map((row) => row.length));
      return [
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: rows.map(
            (row) =>
              new TableRow({
                // Only when true: Word readers such as mammoth take any tblHeader, even "off", as a header.
                ...(row.every((cell) => cell.header) ? { tableHeader: true } : {}),
                children: [
                  ...row.map(
                    (cell) =>
                      new TableCell({
                        ...(cell.header
                          ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F4F4F5' } }
                          : {}),
                        children: (() => {
                          const content = blocks(cell.blocks, context, { listLevel: 0, quote: false });
                          return content.length > 0 ? content : [new Paragraph('')];
                        })(),
                      }),
                  ),
                  ...Array.from(
                    { length: width - row.length },
                    () => new TableCell({ children: [new Paragraph('')] }),
                  ),
                ],
              }),
          ),
        }),
      ];
    }
    case 'image': {
      const alt = typeof node.attrs?.alt === 'string' && node.attrs.alt ? `: ${node.attrs.alt}` : '';
      return [new Paragraph({ children: [new TextRun({ text: `[image${alt}]`, color: '52525B' })] })];
    }
    default: {
      const text = textOf(node);
      return text ? [new Paragraph({ children: [new TextRun(text)], ...quote })] : [];
    }
  }
}

function blocks(nodes: readonly DocNode[], context: Context, options: BlockOptions): (Paragraph | Table)[] {
  return nodes.flatMap((node) => block(node, context, options));
}

/** The note as .docx bytes: its title as a Title paragraph, then the document. */
export async function renderNoteDocx(title: string, doc: DocNode): Promise<Buffer> {
  const context: Context = {
    numbering: [
      { reference: 'bullets', levels: levels('bullet') },
      { reference: 'tasks', levels: levels('tasks') },
    ],
    codeStyles: new Map(),
  };
  const body = blocks(doc.content ?? [], context, { listLevel: 0, quote: false });
  const document = new Document({
    creator: 'Notewise',
    title,
    styles: {
      default: { document: { run: { font: 'Calibri', size: 22 } } },
      paragraphStyles: [
        { id: 'CodeBlock', name: 'Code Block', basedOn: 'Normal', run: { font: MONO } },
        { id: 'Quote', name: 'Quote', basedOn: 'Normal', run: { italics: true, color: '52525B' } },
        { id: 'HorizontalRule', name: 'Horizontal Rule', basedOn: 'Normal' },
        ...[...context.codeStyles].map(([language, id]) => ({
          id,
          name: `Code Block ${language}`,
          basedOn: 'CodeBlock',
        })),
      ],
      characterStyles: [{ id: 'InlineCode', name: 'Inline Code', run: { font: MONO } }],
    },
    numbering: { config: context.numbering },
    sections: [
      { children: [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(title)] }), ...body] },
    ],
  });
  return Packer.toBuffer(document);
}
