import { appendAll } from '@notewise/shared';
import type { JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { toCellAlignment, toCodeLanguage, toTableSpan } from './allow-lists';
import { editorSchema, nodeTypes as nodes } from './editor-extensions';
import { codeSpan, ENTITY_LIKE_AMPERSAND, serializeTextblock } from './inline-to-markdown';

/*
 * TipTap document -> stored note content. The output is what markdownToDoc reads back to the same
 * document (see markdown-to-doc.ts for the normalisation both sides share):
 *
 *   # Heading .. ###### Heading     **bold** *italic* ~~strike~~ `code` <u>underline</u>
 *   > quote                         [link](https://example.com) [relative](/notes/1 "title")
 *   - bullet                        ![alt](/api/images/1 "title")
 *   1. numbered                     <mark data-color="#fef08a">highlight</mark>
 *   - [ ] todo / - [x] done         <span style="color: #ef4444; font-size: 18px">styled</span>
 *   ```lang / code / ```            line\            (hard break; `<br>` where a backslash cannot work)
 *   ---                             | a | b |  (GFM table, `| :-- | --: |` alignment)
 *
 * Blocks here; inline content (marks, escaping, emphasis fallback) in inline-to-markdown.ts.
 * Marks and images are re-validated on the way out (palette colours and sizes, safe hrefs and image
 * sources only), so a document coming from a collaborator cannot smuggle anything into storage.
 */

const indentLines = (lines: readonly string[], indent: string) =>
  lines.map((line) => (line ? indent + line : line));

/** Lists that CommonMark lets start right below a paragraph line: not empty, numbered from 1. */
function canInterruptParagraph(block: ProseMirrorNode): boolean {
  const firstItemText = block.firstChild?.firstChild;
  const startsNonEmpty = block.type === nodes.taskList || (firstItemText?.childCount ?? 0) > 0;
  if (block.type === nodes.bulletList || block.type === nodes.taskList) return startsNonEmpty;
  if (block.type === nodes.orderedList) return block.attrs.start === 1 && startsNonEmpty;
  // Fences, ATX headings, quotes, rules (written `***` there) and tables start a block of their own.
  return (
    block.type === nodes.codeBlock ||
    block.type === nodes.heading ||
    block.type === nodes.blockquote ||
    block.type === nodes.horizontalRule ||
    block.type === nodes.table
  );
}

const isList = (block: ProseMirrorNode) =>
  block.type === nodes.bulletList || block.type === nodes.orderedList || block.type === nodes.taskList;

/**
 * Whether `next` may start on the line right after `previous` (a tight list) without being read as
 * part of it: a paragraph would continue a paragraph, quote, list or table lazily.
 */
function canFollowDirectly(
  previous: ProseMirrorNode,
  previousLines: readonly string[],
  next: ProseMirrorNode,
): boolean {
  if (previous.type === nodes.paragraph) {
    // A lone `<br>` is read as an HTML block, which only a blank line ends.
    return !(previousLines.length === 1 && previousLines[0] === '<br>') && canInterruptParagraph(next);
  }
  if (
    previous.type === nodes.heading ||
    previous.type === nodes.codeBlock ||
    previous.type === nodes.horizontalRule
  ) {
    return true;
  }
  // After a quote, list or table, only what cannot be a lazy continuation line.
  return (
    next.type !== nodes.paragraph && (isList(previous) ? !isList(next) : true) && next.type !== nodes.table
  );
}

function serializeListItem(
  item: ProseMirrorNode,
  marker: string,
  checkbox: string,
  tight: boolean,
): string[] {
  const first = item.firstChild;
  const startsWithParagraph = first?.type === nodes.paragraph;
  const firstLines =
    first && startsWithParagraph && first.childCount > 0 ? serializeTextblock(first).split('\n') : [];
  const rest: ProseMirrorNode[] = [];
  item.forEach((child, _offset, index) => {
    if (index > 0 || !startsWithParagraph) rest.push(child);
  });
  const indent = ' '.repeat(marker.length + 1);
  const head = [marker, checkbox, firstLines[0]].filter(Boolean).join(' ');
  const lines = [head, ...indentLines(firstLines.slice(1), indent)];
  if (rest.length === 0) return lines;

  // After a first line of text (a task's `[ ]` counts), the next block needs a blank line unless it
  // may interrupt a paragraph (and the list is tight); without text, the next block must start on
  // the very next line: a blank line there would end the item.
  const hasFirstLine = firstLines.length > 0 || checkbox !== '';
  const firstFollows =
    !hasFirstLine ||
    (tight && first !== null && first !== undefined && canFollowDirectly(first, firstLines, rest[0]!));
  const restLines = serializeBlocks(rest, tight, hasFirstLine && firstFollows);
  return [...lines, ...(firstFollows ? [] : ['']), ...indentLines(restLines, indent)];
}

/**
 * Lists of the same kind written one after the other would merge into one list, so consecutive
 * lists alternate `-`/`*` bullets and `.`/`)` delimiters, which CommonMark reads as separate lists.
 */
interface ListMarkers {
  bullet: '-' | '*';
  delimiter: '.' | ')';
}

function serializeList(
  block: ProseMirrorNode,
  items: (item: ProseMirrorNode, index: number) => [string, string],
): string[] {
  const tight = block.attrs.tight !== false;
  const lines: string[] = [];
  block.forEach((item, _offset, index) => {
    const [marker, checkbox] = items(item, index);
    if (index > 0 && !tight) lines.push('');
    appendAll(lines, serializeListItem(item, marker, checkbox, tight));
  });
  return lines;
}

/** The text of every textblock in a cell (a cell made in the editor may hold several blocks). */
function cellMarkdown(cell: ProseMirrorNode): string {
  const parts: string[] = [];
  cell.descendants((node) => {
    if (node.type === nodes.codeBlock) {
      parts.push(
        node.textContent
          .split('\n')
          .map((line) => (line ? codeSpan(line) : ''))
          .join('<br>'),
      );
      return false;
    }
    if (node.isTextblock) {
      parts.push(serializeTextblock(node, true));
      return false;
    }
    return true;
  });
  // The table parser splits cells at `|` and turns `\|` into `|` before reading the inline content.
  return parts.filter(Boolean).join('<br>').replace(/\|/g, '\\|');
}

/** Columns a colspan may spread to; real cells always stay. */
const MAX_TABLE_COLUMNS = 100;

const ALIGNMENT_MARKERS: Readonly<Record<string, string>> = { left: ':--', center: ':-:', right: '--:' };

/** A GFM table: the first row is the header; colspans are spread over empty cells. */
function serializeTable(table: ProseMirrorNode): string[] {
  const rows: { text: string; align: string | null }[][] = [];
  table.forEach((row) => {
    const cells: { text: string; align: string | null }[] = [];
    row.forEach((cell) => {
      cells.push({ text: cellMarkdown(cell), align: toCellAlignment(cell.attrs.align) });
      // A colspan is spread over empty cells, within MAX_TABLE_COLUMNS (a crafted span cannot blow up the note).
      const span = toTableSpan(cell.attrs.colspan);
      for (let extra = 1; extra < span && cells.length < MAX_TABLE_COLUMNS; extra++)
        cells.push({ text: '', align: null });
    });
    rows.push(cells);
  });
  const width = Math.max(0, ...rows.map((cells) => cells.length));
  if (width === 0) return [];
  const line = (cells: readonly { text: string }[]) =>
    `|${Array.from({ length: width }, (_, column) => ` ${cells[column]?.text ?? ''} `).join('|')}|`;
  const header = rows[0] ?? [];
  const delimiter = `|${Array.from({ length: width }, (_, column) => ` ${ALIGNMENT_MARKERS[header[column]?.align ?? ''] ?? '---'} `).join('|')}|`;
  return [line(header), delimiter, ...rows.slice(1).map(line)];
}

/** A fenced code block: a fence longer than any run of its character in the code. */
function serializeCodeBlock(block: ProseMirrorNode): string[] {
  const code = block.textContent.replaceAll('\0', '\ufffd').replace(/\r\n?/g, '\n');
  const language = toCodeLanguage(block.attrs.language) ?? '';
  // A backtick fence's info string may not contain a backtick.
  const fenceCharacter = language.includes('`') ? '~' : '`';
  const longestRun = Math.max(
    0,
    ...(code.match(fenceCharacter === '`' ? /`+/g : /~+/g) ?? []).map((run) => run.length),
  );
  const fence = fenceCharacter.repeat(Math.max(3, longestRun + 1));
  const info = language.replace(/\\/g, '\\\\').replace(ENTITY_LIKE_AMPERSAND, '\\&');
  return [`${fence}${info}`, ...(code === '' ? [] : code.split('\n')), fence];
}

function serializeBlock(block: ProseMirrorNode, markers: ListMarkers, afterParagraphLine: boolean): string[] {
  switch (block.type) {
    case nodes.paragraph:
      return block.childCount > 0 ? serializeTextblock(block).split('\n') : [];
    case nodes.heading: {
      const level = Math.min(Math.max(Number(block.attrs.level) || 1, 1), 6);
      const text = serializeTextblock(block);
      return [`${'#'.repeat(level)}${text ? ` ${text}` : ''}`];
    }
    case nodes.codeBlock:
      return serializeCodeBlock(block);
    case nodes.horizontalRule:
      // Right below a paragraph line, `---` would make that line a heading.
      return [afterParagraphLine ? '***' : '---'];
    case nodes.table:
      return serializeTable(block);
    case nodes.blockquote: {
      const lines = serializeBlocks(block.children);
      return lines.length > 0 ? lines.map((line) => (line ? `> ${line}` : '>')) : ['>'];
    }
    case nodes.bulletList:
      return serializeList(block, () => [markers.bullet, '']);
    case nodes.taskList:
      return serializeList(block, (item) => [markers.bullet, item.attrs.checked ? '[x]' : '[ ]']);
    case nodes.orderedList: {
      // CommonMark list numbers have at most 9 digits, and every item needs a valid one.
      const requested = Math.trunc(Number(block.attrs.start ?? 1)) || 0;
      const start = Math.min(Math.max(requested, 0), 999_999_999 - (block.childCount - 1));
      return serializeList(block, (_item, index) => [`${start + index}${markers.delimiter}`, '']);
    }
    default:
      return [];
  }
}

/** Blocks separated by blank lines, or (in a tight list item) by none where Markdown allows it. */
function serializeBlocks(
  blocks: readonly ProseMirrorNode[],
  tight = false,
  /** The first block starts right below a paragraph line. */
  belowParagraphLine = false,
): string[] {
  const lines: string[] = [];
  let previous: { block: ProseMirrorNode; markers: ListMarkers; lines: string[] } | null = null;
  for (const block of blocks) {
    const previousType = previous?.block.type;
    const followsBulletList = previousType === nodes.bulletList || previousType === nodes.taskList;
    const markers: ListMarkers = {
      bullet: followsBulletList && previous?.markers.bullet === '-' ? '*' : '-',
      delimiter: previousType === nodes.orderedList && previous?.markers.delimiter === '.' ? ')' : '.',
    };
    const direct = tight && previous !== null && canFollowDirectly(previous.block, previous.lines, block);
    const belowParagraph =
      previous === null ? belowParagraphLine : direct && previousType === nodes.paragraph;
    const blockLines = serializeBlock(block, markers, belowParagraph);
    if (blockLines.length === 0) continue;
    if (lines.length > 0 && !direct) lines.push('');
    appendAll(lines, blockLines);
    previous = { block, markers, lines: blockLines };
  }
  return lines;
}

/** A ProseMirror document of `editorSchema` -> stored note content. */
export function serializeMarkdownDocument(doc: ProseMirrorNode): string {
  return serializeBlocks(doc.children).join('\n');
}

/**
 * TipTap JSON document -> stored note content (Markdown + allow-listed HTML). Values outside the
 * palettes, unsafe links and unsafe images are dropped. Throws a RangeError if the JSON does not fit
 * the schema.
 */
export function docToMarkdown(doc: JSONContent): string {
  return serializeMarkdownDocument(editorSchema.nodeFromJSON(doc));
}
