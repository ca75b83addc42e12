import type { JSONContent } from '@tiptap/core';
import { Fragment, type Mark, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import {
  DEFAULT_HIGHLIGHT_COLOR,
  isSafeLinkHref,
  toPaletteFontSize,
  toPaletteHighlightColor,
  toPaletteTextColor,
} from './allow-lists';
import { editorSchema, markTypes as marks, nodeTypes as nodes } from './editor-extensions';
import { parseInlineMarkdown } from './markdown-to-doc';

/*
 * TipTap document -> stored note content. The output is what markdownToDoc reads back to the same
 * document (see markdown-to-doc.ts for the normalisation both sides share):
 *
 *   # Heading            **bold** *italic* <u>underline</u> [link](https://example.com)
 *   > quote              <mark data-color="#fef08a">highlight</mark>
 *   - bullet             <span style="color: #ef4444; font-size: 18px">styled</span>
 *   1. numbered          line\            (hard break; `<br>` where a backslash cannot work)
 *   - [ ] todo / - [x] done
 *
 * Marks are re-validated on the way out (palette colours and sizes, safe hrefs only), so a document
 * coming from a collaborator cannot smuggle anything into storage either.
 */

type EmphasisStyle = 'markdown' | 'html';

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

/**
 * The inline content with only allow-listed marks, and without line breaks inside text (the editor
 * does not make them; Markdown would read them as a space). Adjacent text that now looks alike is
 * merged.
 */
function allowedInline(content: Fragment): ProseMirrorNode[] {
  const cleaned: ProseMirrorNode[] = [];
  content.forEach((node) => {
    const nodeMarks = node.marks.flatMap((mark) => allowedMark(mark) ?? []);
    const text = node.text?.replace(/\r\n?|\n/g, ' ').replaceAll('\0', '\ufffd');
    if (text) cleaned.push(editorSchema.text(text, nodeMarks));
    else if (node.type === nodes.hardBreak) cleaned.push(nodes.hardBreak.create(null, null, nodeMarks));
  });
  return [...Fragment.fromArray(cleaned).content];
}

/** An `&` that would start a character reference: escaped so text like `&amp;` stays as typed. */
const ENTITY_LIKE_AMPERSAND = /&(?=#?[a-z0-9]+;)/gi;

function escapeLinkDestination(href: string): string {
  const escaped = href.replace(/[\\()<>]/g, '\\$&').replace(ENTITY_LIKE_AMPERSAND, '\\&');
  return href.includes(' ') ? `<${escaped}>` : escaped;
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

interface TextPosition {
  /** First thing on its line: block syntax (`#`, `-`, `1.`, `>`...) and leading whitespace matter. */
  lineStart: boolean;
  /** Last thing on its line: trailing whitespace would be trimmed. */
  lineEnd: boolean;
  /** Last thing in a heading: a trailing `#` would be read as the optional closing sequence. */
  headingEnd: boolean;
}

/** Whitespace as a numeric character reference, which Markdown neither trims nor treats as indentation. */
function whitespaceReference(character: string): string {
  return `&#${character.codePointAt(0)};`;
}

function escapeText(text: string, position: TextPosition): string {
  let escaped = text
    .replace(/[\\*_`[\]]/g, '\\$&')
    .replace(ENTITY_LIKE_AMPERSAND, '\\&')
    // `&lt;` rather than `\<`: then every `<` in stored content starts an allow-listed tag.
    .replace(/</g, '&lt;');
  // A link may follow, and `![` would start an image.
  escaped = escaped.replace(/!$/, '\\!');
  if (position.headingEnd) escaped = escaped.replace(/#$/, '\\#');
  if (position.lineStart) {
    escaped = escaped
      .replace(/^[#>+=~-]/, '\\$&')
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
  inHeading: boolean,
  emphasis: EmphasisStyle,
): string {
  let output = '';
  const openMarks: Mark[] = [];
  inline.forEach((node, index) => {
    let keep = 0;
    while (keep < openMarks.length && openMarks[keep]!.isInSet(node.marks)) keep++;
    while (openMarks.length > keep) output += closingSyntax(openMarks.pop()!, emphasis);
    const toOpen = node.marks
      .filter((mark) => !mark.isInSet(openMarks))
      .sort((a, b) => markRunLength(inline, index, b) - markRunLength(inline, index, a));
    for (const mark of toOpen) {
      output += openingSyntax(mark, emphasis);
      openMarks.push(mark);
    }

    const isLast = index === inline.length - 1;
    if (node.isText) {
      output += escapeText(node.text ?? '', {
        lineStart: index === 0 || inline[index - 1]!.type === nodes.hardBreak,
        lineEnd: isLast || inline[index + 1]!.type === nodes.hardBreak,
        headingEnd: inHeading && isLast,
      });
    } else {
      // A backslash before the line end is the Markdown hard break, but it is literal at the end
      // of a paragraph and headings are a single line.
      output += inHeading || isLast ? '<br>' : '\\\n';
    }
  });
  while (openMarks.length > 0) output += closingSyntax(openMarks.pop()!, emphasis);
  return output;
}

/**
 * CommonMark only reads `*`/`**` as emphasis when they "flank" the text just so (not next to
 * whitespace on the inside, careful with punctuation, the rule of three...). Rather than
 * re-implementing those rules, check the result and fall back to `<strong>`/`<em>` for the block when
 * Markdown would read it differently.
 */
function serializeTextblock(textblock: ProseMirrorNode): string {
  const inline = allowedInline(textblock.content);
  const inHeading = textblock.type === nodes.heading;
  const markdown = serializeInline(inline, inHeading, 'markdown');
  const usesEmphasis = inline.some((node) =>
    node.marks.some((mark) => mark.type === marks.bold || mark.type === marks.italic),
  );
  if (!usesEmphasis || Fragment.fromArray(parseInlineMarkdown(markdown)).eq(Fragment.fromArray(inline))) {
    return markdown;
  }
  return serializeInline(inline, inHeading, 'html');
}

const indentLines = (lines: readonly string[], indent: string) =>
  lines.map((line) => (line ? indent + line : line));

/** Lists that CommonMark lets start right below a paragraph line: not empty, numbered from 1. */
function canInterruptParagraph(block: ProseMirrorNode): boolean {
  const firstItemText = block.firstChild?.firstChild;
  const startsNonEmpty = block.type === nodes.taskList || (firstItemText?.childCount ?? 0) > 0;
  if (block.type === nodes.bulletList || block.type === nodes.taskList) return startsNonEmpty;
  return block.type === nodes.orderedList && block.attrs.start === 1 && startsNonEmpty;
}

function serializeListItem(item: ProseMirrorNode, marker: string, checkbox: string): string[] {
  const first = item.firstChild;
  const startsWithParagraph = first?.type === nodes.paragraph;
  const firstLines =
    first && startsWithParagraph && first.childCount > 0 ? serializeTextblock(first).split('\n') : [];
  const rest: ProseMirrorNode[] = [];
  item.forEach((child, _offset, index) => {
    if (index > 0 || !startsWithParagraph) rest.push(child);
  });
  const restLines = serializeBlocks(rest);
  const indent = ' '.repeat(marker.length + 1);

  const head = [marker, checkbox, firstLines[0]].filter(Boolean).join(' ');
  // After a first line of text (a task's `[ ]` counts), the next block needs a blank line unless it
  // is a list that may interrupt a paragraph; a lone `<br>` is even read as an HTML block, which only
  // a blank line ends. Without text, the next block must start on the very next line: a blank line
  // there would end the item.
  const hasFirstLine = firstLines.length > 0 || checkbox !== '';
  const isHtmlBlock = firstLines.length === 1 && firstLines[0] === '<br>';
  const needsBlankLine =
    hasFirstLine && rest[0] !== undefined && (isHtmlBlock || !canInterruptParagraph(rest[0]));
  const separator = needsBlankLine ? [''] : [];
  return [head, ...indentLines(firstLines.slice(1), indent), ...separator, ...indentLines(restLines, indent)];
}

/**
 * Lists of the same kind written one after the other would merge into one list, so consecutive
 * lists alternate `-`/`*` bullets and `.`/`)` delimiters, which CommonMark reads as separate lists.
 */
interface ListMarkers {
  bullet: '-' | '*';
  delimiter: '.' | ')';
}

function serializeBlock(block: ProseMirrorNode, markers: ListMarkers): string[] {
  switch (block.type) {
    case nodes.paragraph:
      return block.childCount > 0 ? serializeTextblock(block).split('\n') : [];
    case nodes.heading: {
      const level = Math.min(Math.max(Number(block.attrs.level) || 1, 1), 3);
      const text = serializeTextblock(block);
      return [`${'#'.repeat(level)}${text ? ` ${text}` : ''}`];
    }
    case nodes.blockquote: {
      const lines = serializeBlocks(block.children);
      return lines.length > 0 ? lines.map((line) => (line ? `> ${line}` : '>')) : ['>'];
    }
    case nodes.bulletList:
      return block.children.flatMap((item) => serializeListItem(item, markers.bullet, ''));
    case nodes.taskList:
      return block.children.flatMap((item) =>
        serializeListItem(item, markers.bullet, item.attrs.checked ? '[x]' : '[ ]'),
      );
    case nodes.orderedList: {
      // CommonMark list numbers have at most 9 digits, and every item needs a valid one.
      const requested = Math.trunc(Number(block.attrs.start ?? 1)) || 0;
      const start = Math.min(Math.max(requested, 0), 999_999_999 - (block.childCount - 1));
      return block.children.flatMap((item, index) =>
        serializeListItem(item, `${start + index}${markers.delimiter}`, ''),
      );
    }
    default:
      return [];
  }
}

function serializeBlocks(blocks: readonly ProseMirrorNode[]): string[] {
  const lines: string[] = [];
  let previous: { block: ProseMirrorNode; markers: ListMarkers } | null = null;
  for (const block of blocks) {
    const previousType = previous?.block.type;
    const followsBulletList = previousType === nodes.bulletList || previousType === nodes.taskList;
    const markers: ListMarkers = {
      bullet: followsBulletList && previous?.markers.bullet === '-' ? '*' : '-',
      delimiter: previousType === nodes.orderedList && previous?.markers.delimiter === '.' ? ')' : '.',
    };
    const blockLines = serializeBlock(block, markers);
    if (blockLines.length === 0) continue;
    if (lines.length > 0) lines.push('');
    lines.push(...blockLines);
    previous = { block, markers };
  }
  return lines;
}

/** A ProseMirror document of `editorSchema` -> stored note content. */
export function serializeMarkdownDocument(doc: ProseMirrorNode): string {
  return serializeBlocks(doc.children).join('\n');
}

/**
 * TipTap JSON document -> stored note content (Markdown + allow-listed HTML). Values outside the
 * palettes and unsafe links are dropped. Throws a RangeError if the JSON does not fit the schema.
 */
export function docToMarkdown(doc: JSONContent): string {
  return serializeMarkdownDocument(editorSchema.nodeFromJSON(doc));
}
