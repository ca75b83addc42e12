import type { JSONContent } from '@tiptap/core';
import { Fragment, type Mark, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import {
  DEFAULT_HIGHLIGHT_COLOR,
  isSafeImageSrc,
  isSafeLinkHref,
  toCellAlignment,
  toCodeLanguage,
  toPaletteFontSize,
  toPaletteHighlightColor,
  toPaletteTextColor,
  toTableSpan,
} from './allow-lists';
import { editorSchema, markTypes as marks, nodeTypes as nodes } from './editor-extensions';
import { parseInlineMarkdown } from './markdown-to-doc';

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
 * Marks and images are re-validated on the way out (palette colours and sizes, safe hrefs and image
 * sources only), so a document coming from a collaborator cannot smuggle anything into storage.
 */

type EmphasisStyle = 'markdown' | 'html';

/** Where inline content is written: table cells have no line breaks and split on `|`. */
interface InlineContext {
  inHeading: boolean;
  inTable: boolean;
  /** The textblock has hard breaks: a later line must not be read as a table's delimiter row. */
  multiLine: boolean;
}

/** A mark as stored, or null when it carries a value outside the allow-lists (then it is dropped). */
function allowedMark(mark: Mark): Mark | null {
  switch (mark.type) {
    case marks.link: {
      if (!isSafeLinkHref(mark.attrs.href)) return null;
      // Titles are one line in Markdown; target/rel/class are presentation and always the defaults.
      const title =
        typeof mark.attrs.title === 'string' ? mark.attrs.title.replace(/\s*[\r\n]+\s*/g, ' ') : '';
      return marks.link.create({ href: mark.attrs.href, title: title || null });
    }
    case marks.textStyle: {
      const color = toPaletteTextColor(mark.attrs.color);
      const fontSize = toPaletteFontSize(mark.attrs.fontSize);
      return color || fontSize ? marks.textStyle.create({ color, fontSize }) : null;
    }
    case marks.highlight: {
      const color =
        mark.attrs.color == null ? DEFAULT_HIGHLIGHT_COLOR : toPaletteHighlightColor(mark.attrs.color);
      return color ? marks.highlight.create({ color }) : null;
    }
    default:
      return mark;
  }
}

const oneLine = (text: string) => text.replace(/\r\n?|\n/g, ' ').replaceAll('\0', '\ufffd');

/**
 * The inline content with only allow-listed marks, and without line breaks inside text (the editor
 * does not make them; Markdown would read them as a space). Unsafe images become their alt text.
 * Only text can be code. Adjacent text that now looks alike is merged.
 */
function allowedInline(content: Fragment): ProseMirrorNode[] {
  const cleaned: ProseMirrorNode[] = [];
  content.forEach((node) => {
    const nodeMarks = node.marks.flatMap((mark) => allowedMark(mark) ?? []);
    const notCode = nodeMarks.filter((mark) => mark.type !== marks.code);
    if (node.isText) {
      const text = oneLine(node.text ?? '');
      if (text) cleaned.push(editorSchema.text(text, nodeMarks));
    } else if (node.type === nodes.hardBreak) {
      cleaned.push(nodes.hardBreak.create(null, null, notCode));
    } else if (node.type === nodes.image) {
      const alt = typeof node.attrs.alt === 'string' ? oneLine(node.attrs.alt) : '';
      const title = typeof node.attrs.title === 'string' ? oneLine(node.attrs.title) : '';
      if (isSafeImageSrc(node.attrs.src)) {
        cleaned.push(
          nodes.image.create({ src: node.attrs.src, alt: alt || null, title: title || null }, null, notCode),
        );
      } else if (alt) {
        cleaned.push(editorSchema.text(alt, notCode));
      }
    }
  });
  return [...Fragment.fromArray(cleaned).content];
}

/** An `&` that would start a character reference: escaped so text like `&amp;` stays as typed. */
const ENTITY_LIKE_AMPERSAND = /&(?=#?[a-z0-9]+;)/gi;

function escapeLinkDestination(href: string): string {
  const escaped = href.replace(/[\\()<>]/g, '\\$&').replace(ENTITY_LIKE_AMPERSAND, '\\&');
  return href === '' || /\s/.test(href) ? `<${escaped}>` : escaped;
}

function escapeLinkTitle(title: string): string {
  return `"${title.replace(/[\\"]/g, '\\$&').replace(ENTITY_LIKE_AMPERSAND, '\\&')}"`;
}

function openingSyntax(mark: Mark, emphasis: EmphasisStyle): string {
  switch (mark.type) {
    case marks.bold:
      return emphasis === 'markdown' ? '**' : '<strong>';
    case marks.italic:
      return emphasis === 'markdown' ? '*' : '<em>';
    case marks.strike:
      return emphasis === 'markdown' ? '~~' : '<s>';
    case marks.underline:
      return '<u>';
    case marks.highlight:
      return `<mark data-color="${mark.attrs.color}">`;
    case marks.textStyle: {
      const declarations = [
        mark.attrs.color ? `color: ${mark.attrs.color}` : null,
        mark.attrs.fontSize ? `font-size: ${mark.attrs.fontSize}` : null,
      ];
      return `<span style="${declarations.filter(Boolean).join('; ')}">`;
    }
    case marks.link:
      return '[';
    default:
      return '';
  }
}

function closingSyntax(mark: Mark, emphasis: EmphasisStyle): string {
  switch (mark.type) {
    case marks.bold:
      return emphasis === 'markdown' ? '**' : '</strong>';
    case marks.italic:
      return emphasis === 'markdown' ? '*' : '</em>';
    case marks.strike:
      return emphasis === 'markdown' ? '~~' : '</s>';
    case marks.underline:
      return '</u>';
    case marks.highlight:
      return '</mark>';
    case marks.textStyle:
      return '</span>';
    case marks.link: {
      const title = mark.attrs.title ? ` ${escapeLinkTitle(mark.attrs.title)}` : '';
      return `](${escapeLinkDestination(mark.attrs.href)}${title})`;
    }
    default:
      return '';
  }
}

/**
 * A code span: a backtick run that does not occur in the code, and a space inside each end when the
 * code starts or ends with a backtick or with a space on both sides (Markdown strips one of those).
 */
function codeSpan(code: string): string {
  const runs = new Set((code.match(/`+/g) ?? []).map((run) => run.length));
  let length = 1;
  while (runs.has(length)) length++;
  const fence = '`'.repeat(length);
  const pad = /^`|`$/.test(code) || (/^ .*[^ ].* $/.test(code) && code.length > 1) ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

interface TextPosition {
  /** First thing on its line: block syntax (`#`, `-`, `1.`, `>`...) and leading whitespace matter. */
  lineStart: boolean;
  /** Last thing on its line: trailing whitespace would be trimmed. */
  lineEnd: boolean;
  /** Last thing in a heading: a trailing `#` would be read as the optional closing sequence. */
  headingEnd: boolean;
  /** Escape `|` too (a later line could otherwise complete a table). */
  pipes: boolean;
}

/** Whitespace as a numeric character reference, which Markdown neither trims nor treats as indentation. */
function whitespaceReference(character: string): string {
  return `&#${character.codePointAt(0)};`;
}

function escapeText(text: string, position: TextPosition): string {
  let escaped = text
    .replace(/[\\*_`[\]~]/g, '\\$&')
    .replace(ENTITY_LIKE_AMPERSAND, '\\&')
    // `&lt;` rather than `\<`: then every `<` in stored text starts an allow-listed tag.
    .replace(/</g, '&lt;');
  if (position.pipes) escaped = escaped.replace(/\|/g, '\\|');
  // A link may follow, and `![` would start an image.
  escaped = escaped.replace(/!$/, '\\!');
  if (position.headingEnd) escaped = escaped.replace(/#$/, '\\#');
  if (position.lineStart) {
    escaped = escaped
      .replace(/^[#>+=-]/, '\\$&')
      .replace(/^(\d{1,9})([.)])/, '$1\\$2')
      .replace(/^\s/, whitespaceReference);
  }
  if (position.lineEnd) escaped = escaped.replace(/\s$/, whitespaceReference);
  return escaped;
}

/** How many inline nodes from `start` on carry `mark`: longer-running marks are opened first. */
function markRunLength(inline: readonly ProseMirrorNode[], start: number, mark: Mark): number {
  let end = start;
  while (end < inline.length && mark.isInSet(inline[end]!.marks)) end++;
  return end - start;
}

function serializeInline(
  inline: readonly ProseMirrorNode[],
  context: InlineContext,
  emphasis: EmphasisStyle,
): string {
  let output = '';
  const openMarks: Mark[] = [];
  // The text of the open code span (code is always the innermost mark: nothing opens inside it).
  let code: string | null = null;
  const close = () => {
    const mark = openMarks.pop()!;
    if (mark.type === marks.code) {
      output += codeSpan(code ?? '');
      code = null;
    } else {
      output += closingSyntax(mark, emphasis);
    }
  };
  const isCode = (mark: Mark) => (mark.type === marks.code ? 1 : 0);

  inline.forEach((node, index) => {
    let keep = 0;
    while (keep < openMarks.length && openMarks[keep]!.isInSet(node.marks)) keep++;
    let toOpen = node.marks.filter((mark) => !mark.isInSet(openMarks.slice(0, keep)));
    // Another mark starting inside code: close the code span and open it again inside that mark.
    if (code !== null && keep === openMarks.length && toOpen.length > 0) keep--;
    while (openMarks.length > keep) close();
    toOpen = node.marks
      .filter((mark) => !mark.isInSet(openMarks))
      .sort(
        (a, b) => isCode(a) - isCode(b) || markRunLength(inline, index, b) - markRunLength(inline, index, a),
      );
    for (const mark of toOpen) {
      if (mark.type === marks.code) code = '';
      else output += openingSyntax(mark, emphasis);
      openMarks.push(mark);
    }

    const isLast = index === inline.length - 1;
    if (node.isText && code !== null) {
      code += node.text ?? '';
    } else if (node.isText) {
      output += escapeText(node.text ?? '', {
        lineStart: index === 0 || inline[index - 1]!.type === nodes.hardBreak,
        lineEnd: isLast || inline[index + 1]!.type === nodes.hardBreak,
        headingEnd: context.inHeading && isLast,
        pipes: context.multiLine,
      });
    } else if (node.type === nodes.image) {
      const alt = escapeText(node.attrs.alt ?? '', {
        lineStart: false,
        lineEnd: false,
        headingEnd: false,
        pipes: false,
      });
      const title = node.attrs.title ? ` ${escapeLinkTitle(node.attrs.title)}` : '';
      output += `![${alt}](${escapeLinkDestination(node.attrs.src)}${title})`;
    } else {
      // A backslash before the line end is the Markdown hard break, but it is literal at the end
      // of a paragraph, and headings and table cells are a single line.
      output += context.inHeading || context.inTable || isLast ? '<br>' : '\\\n';
    }
  });
  while (openMarks.length > 0) close();
  return output;
}

/**
 * CommonMark only reads `*`/`**`/`~~` as emphasis when they "flank" the text just so (not next to
 * whitespace on the inside, careful with punctuation, the rule of three...). Rather than
 * re-implementing those rules, check the result and fall back to `<strong>`/`<em>`/`<s>` for the
 * block when Markdown would read it differently.
 */
function serializeTextblock(textblock: ProseMirrorNode, inTable = false): string {
  const inline = allowedInline(textblock.content);
  const context: InlineContext = {
    inHeading: textblock.type === nodes.heading,
    inTable,
    multiLine: inline.some((node) => node.type === nodes.hardBreak),
  };
  const markdown = serializeInline(inline, context, 'markdown');
  const hasMarks = inline.some((node) => node.marks.length > 0);
  // In a table the cell's pipes are escaped afterwards, which the table parser undoes first.
  if (!hasMarks || Fragment.fromArray(parseInlineMarkdown(markdown)).eq(Fragment.fromArray(inline))) {
    return markdown;
  }
  return serializeInline(inline, context, 'html');
}

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
    lines.push(...serializeListItem(item, marker, checkbox, tight));
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
    lines.push(...blockLines);
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
