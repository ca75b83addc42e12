import type { DocNode } from './doc-model';
import type { DocxCounts } from './docx-counts';
import { type HtmlElement, type HtmlNode, isElement } from './docx-html';

/*
 * Word tables (mammoth's `<table>`) as editor tables, which are GFM tables: one line of text per
 * cell line, no spans. Merged cells are spread over empty cells so every column stays in place, lists
 * and nested tables in a cell become lines of its text; both are counted for the import summary.
 */

export interface TableContext {
  inline(nodes: readonly HtmlNode[]): DocNode[];
  counts: DocxCounts;
}

/** Spaces at a paragraph's edges mean nothing in a note (mammoth leaves one before a footnote's back-link). */
export function trimEdges(content: DocNode[]): DocNode[] {
  const out = [...content];
  const first = out[0];
  if (first?.type === 'text') out[0] = { ...first, text: first.text?.replace(/^\s+/, '') };
  const last = out[out.length - 1];
  if (last?.type === 'text') out[out.length - 1] = { ...last, text: last.text?.replace(/\s+$/, '') };
  return out.filter((node) => node.type !== 'text' || node.text);
}

export const paragraph = (content: DocNode[]): DocNode => ({
  type: 'paragraph',
  content: trimEdges(content),
});

export const BLOCK_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'table',
  'pre',
  'blockquote',
  'hr',
  'div',
  'dl',
  'dt',
  'dd',
]);

export function convertTable(node: HtmlElement, context: TableContext): DocNode | null {
  const rows: HtmlElement[] = [];
  const collect = (element: HtmlElement) => {
    for (const child of element.children) {
      if (isElement(child) && child.tag === 'tr') rows.push(child);
      else if (isElement(child) && ['thead', 'tbody', 'tfoot'].includes(child.tag)) collect(child);
      // Never from mammoth: anything else in a table is kept as a row of its own.
      else if (isElement(child) || child.text.trim() !== '')
        rows.push({ tag: 'tr', attrs: {}, children: [child] });
    }
  };
  collect(node);
  // Rows below a cell merged downwards get an empty cell where it was, so columns stay in place.
  const pending = new Map<number, number>();
  const content: DocNode[] = [];
  rows.forEach((row, rowIndex) => {
    const cells: DocNode[] = [];
    const type = rowIndex === 0 ? 'tableHeader' : 'tableCell';
    const fillMerged = () => {
      while ((pending.get(cells.length) ?? 0) > 0) {
        pending.set(cells.length, (pending.get(cells.length) ?? 1) - 1);
        cells.push({ type, content: [paragraph([])] });
      }
    };
    for (const child of row.children) {
      if (!isElement(child) && child.text.trim() === '') continue;
      const cell: HtmlElement =
        isElement(child) && (child.tag === 'td' || child.tag === 'th')
          ? child
          : { tag: 'td', attrs: {}, children: [child] };
      fillMerged();
      const colspan = Math.min(Math.max(Number(cell.attrs.colspan) || 1, 1), 100);
      const rowspan = Math.min(Math.max(Number(cell.attrs.rowspan) || 1, 1), 1000);
      if (colspan > 1 || rowspan > 1) context.counts.mergedCells += 1;
      const column = cells.length;
      cells.push({ type, content: cellBlocks(cell, context) });
      for (let extra = 1; extra < colspan; extra++) cells.push({ type, content: [paragraph([])] });
      if (rowspan > 1) for (let c = column; c < column + colspan; c++) pending.set(c, rowspan - 1);
    }
    fillMerged();
    if (cells.length > 0) content.push({ type: 'tableRow', content: cells });
  });
  if (content.length === 0) return null;
  context.counts.tables += 1;
  context.counts.tableRows += content.length;
  return { type: 'table', content };
}

/** A cell holds lines of text (a GFM cell): lists and nested tables become lines. */
function cellBlocks(cell: HtmlElement, context: TableContext): DocNode[] {
  const lines: DocNode[] = [];
  const visit = (nodes: readonly HtmlNode[], prefix: string) => {
    let run: HtmlNode[] = [];
    const flush = () => {
      const content = context.inline(run);
      if (content.length > 0)
        lines.push(paragraph(prefix ? [{ type: 'text', text: prefix }, ...content] : content));
      run = [];
    };
    for (const node of nodes) {
      if (!isElement(node) || !BLOCK_TAGS.has(node.tag)) {
        run.push(node);
        continue;
      }
      flush();
      if (node.tag === 'ul' || node.tag === 'ol' || node.tag === 'table') context.counts.blocksInCells += 1;
      if (node.tag === 'ul' || node.tag === 'ol') {
        const items = node.children.filter((child) => isElement(child) || child.text.trim() !== '');
        items.forEach((item, index) => {
          const prefix = node.tag === 'ol' ? `${index + 1}. ` : '• ';
          visit(isElement(item) && item.tag === 'li' ? item.children : [item], prefix);
        });
      } else if (node.tag === 'img') run.push(node);
      else visit(node.children, node.tag === 'li' ? prefix : '');
    }
    flush();
  };
  visit(cell.children, '');
  return lines.length > 0 ? lines : [paragraph([])];
}
