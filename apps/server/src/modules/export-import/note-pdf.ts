import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, ContentText, TDocumentDefinitions } from 'pdfmake/interfaces';
import { type DocNode, type InlineRun, inlineRuns, pointsOf, tableRows, textOf } from './doc-model';

/*
 * A note as a PDF with real, selectable text (pdfmake over pdfkit). The fonts are DejaVu Sans and
 * Sans Mono from the `dejavu-fonts-ttf` package in node_modules: nothing is downloaded, and the
 * glyphs cover accented and non-Latin scripts and the checkboxes (☐ ☑) that the standard PDF fonts
 * lack. pdfmake may not read any URL and only the font folder on disk.
 */

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const font = (file: string) => path.join(fontDir, file);

pdfmake.setFonts({
  DejaVuSans: {
    normal: font('DejaVuSans.ttf'),
    bold: font('DejaVuSans-Bold.ttf'),
    italics: font('DejaVuSans-Oblique.ttf'),
    bolditalics: font('DejaVuSans-BoldOblique.ttf'),
  },
  DejaVuSansMono: {
    normal: font('DejaVuSansMono.ttf'),
    bold: font('DejaVuSansMono-Bold.ttf'),
    italics: font('DejaVuSansMono-Oblique.ttf'),
    bolditalics: font('DejaVuSansMono-BoldOblique.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir + path.sep));

const HEADING_SIZES = [20, 16, 14, 12.5, 11.5, 11] as const;
const BODY_SIZE = 11;
const MUTED = '#52525b';
const RULE = '#d4d4d8';

function runContent(run: InlineRun): ContentText {
  const decoration = [
    ...(run.underline || run.href ? (['underline'] as const) : []),
    ...(run.strike ? (['lineThrough'] as const) : []),
  ];
  return {
    text: run.text,
    bold: run.bold,
    italics: run.italic,
    ...(decoration.length > 0 ? { decoration: [...decoration] } : {}),
    ...(run.color ? { color: run.color } : run.href ? { color: '#2563eb' } : {}),
    ...(run.highlight ? { background: run.highlight } : {}),
    ...(run.code ? { font: 'DejaVuSansMono', background: run.highlight ?? '#f4f4f5' } : {}),
    ...(pointsOf(run.fontSize) ? { fontSize: pointsOf(run.fontSize) } : {}),
    ...(run.href ? { link: run.href } : {}),
  };
}

function textblock(node: DocNode, extra: Partial<ContentText> = {}): ContentText {
  const runs = inlineRuns(node).map(runContent);
  // An empty paragraph still takes a line, as in the editor.
  return { text: runs.length > 0 ? runs : ' ', margin: [0, 0, 0, 6], ...extra };
}

function listItems(node: DocNode): Content[] {
  return (node.content ?? []).map((item) => ({ stack: blocks(item.content ?? []) }));
}

function taskItem(item: DocNode): Content {
  const [first, ...rest] = item.content ?? [];
  const box = item.attrs?.checked ? '☑' : '☐';
  const head = first?.type === 'paragraph' ? textblock(first) : { text: '' };
  const headText = Array.isArray(head.text) ? head.text : [head.text];
  return {
    stack: [
      {
        ...head,
        text: [{ text: `${box} `, bold: false, italics: false }, ...(headText as Content[])],
      } as Content,
      ...(first && first.type !== 'paragraph' ? blocks([first]) : []),
      ...(rest.length > 0 ? [{ stack: blocks(rest), margin: [14, 0, 0, 0] } as Content] : []),
    ],
  };
}

function block(node: DocNode): Content | null {
  switch (node.type) {
    case 'paragraph':
      return textblock(node);
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs?.level) || 1, 1), 6);
      return textblock(node, {
        fontSize: HEADING_SIZES[level - 1],
        bold: true,
        margin: [0, level === 1 ? 10 : 8, 0, 6],
      });
    }
    case 'bulletList':
      return { ul: listItems(node), margin: [0, 0, 0, 6] };
    case 'orderedList':
      return { ol: listItems(node), start: Number(node.attrs?.start ?? 1) || 1, margin: [0, 0, 0, 6] };
    case 'taskList':
      return { stack: (node.content ?? []).map(taskItem), margin: [0, 0, 0, 6] };
    case 'blockquote':
      return {
        table: {
          widths: ['*'],
          body: [[{ stack: blocks(node.content ?? []), color: MUTED, italics: true }]],
        },
        layout: {
          hLineWidth: () => 0,
          vLineWidth: (index) => (index === 0 ? 3 : 0),
          vLineColor: () => RULE,
          paddingLeft: () => 10,
        },
        margin: [0, 0, 0, 6],
      };
    case 'codeBlock':
      return {
        table: {
          widths: ['*'],
          body: [
            [
              {
                text: textOf(node) || ' ',
                font: 'DejaVuSansMono',
                fontSize: 9.5,
                preserveLeadingSpaces: true,
                fillColor: '#f4f4f5',
              },
            ],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 8],
      };
    case 'horizontalRule':
      return {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 0.75, lineColor: RULE }],
        margin: [0, 6, 0, 10],
      };
    case 'table': {
      const rows = tableRows(node);
      const width = Math.max(1, ...rows.map((row) => row.length));
      if (rows.length === 0) return null;
      const body = rows.map((row) => {
        const cells: Content[] = row.map((cell) => ({
          stack: blocks(cell.blocks),
          ...(cell.header ? { bold: true, fillColor: '#f4f4f5' } : {}),
        }));
        while (cells.length < width) cells.push({ text: '' });
        return cells;
      });
      const headerRows = rows[0]?.every((cell) => cell.header) ? 1 : 0;
      return {
        table: { headerRows, widths: Array(width).fill('*'), body },
        layout: {
          hLineColor: () => RULE,
          vLineColor: () => RULE,
          hLineWidth: () => 0.5,
          vLineWidth: () => 0.5,
        },
        margin: [0, 0, 0, 8],
      };
    }
    case 'image': {
      const alt = typeof node.attrs?.alt === 'string' && node.attrs.alt ? `: ${node.attrs.alt}` : '';
      return { text: `[image${alt}]`, color: MUTED, margin: [0, 0, 0, 6] };
    }
    default: {
      const text = textOf(node);
      return text ? { text, margin: [0, 0, 0, 6] } : null;
    }
  }
}

function blocks(nodes: readonly DocNode[]): Content[] {
  return nodes.flatMap((node) => block(node) ?? []);
}

/** The note as PDF bytes: its title as the first heading, then the document. */
export async function renderNotePdf(title: string, doc: DocNode): Promise<Buffer> {
  const definition: TDocumentDefinitions = {
    info: { title, creator: 'Notewise', producer: 'Notewise' },
    pageSize: 'A4',
    pageMargins: [40, 48, 40, 48],
    defaultStyle: { font: 'DejaVuSans', fontSize: BODY_SIZE, lineHeight: 1.25 },
    content: [{ text: title, fontSize: 22, bold: true, margin: [0, 0, 0, 12] }, ...blocks(doc.content ?? [])],
  };
  return pdfmake.createPdf(definition).getBuffer();
}
