import type { JSONContent } from '@tiptap/core';
import { type Attrs, Mark, type NodeType, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import MarkdownIt, { type Token } from 'markdown-it';
import {
  DEFAULT_HIGHLIGHT_COLOR,
  isSafeLinkHref,
  toPaletteFontSize,
  toPaletteHighlightColor,
  toPaletteTextColor,
} from './allow-lists';
import { editorSchema, markTypes as marks, nodeTypes as nodes } from './editor-extensions';
import { type HtmlTag, parseHtmlTag, parseStyleAttribute } from './html-tag';

/*
 * Stored note content -> TipTap document. CommonMark (markdown-it) plus GFM task items and an
 * allow-list of inline HTML; everything else is dropped here, so the document (and whatever is
 * serialised from it) is safe by construction.
 *
 * Normalisation (docToMarkdown produces exactly these shapes, so they round-trip):
 * - Empty paragraphs are dropped; a container left without a block gets one empty paragraph, and a
 *   list/task item that does not start with a paragraph gets an empty one first (schema rule).
 * - Soft line breaks become a space (text never contains '\n'); code blocks become paragraphs with
 *   hard breaks; headings deeper than ### become ###; thematic breaks and images (alt text kept)
 *   have no node of their own.
 * - A bullet list is a task list only when every item starts with `[ ]` or `[x]`.
 */

const markdownIt = new MarkdownIt('commonmark', { html: true, linkify: false, typographer: false });
// Let markdown-it parse every link: unsafe ones are dropped below while keeping their text (its own
// check would instead leave `[x](javascript:...)` in the note as literal text).
markdownIt.validateLink = () => true;
// Keep hrefs exactly as written (no percent-encoding) so they round-trip unchanged.
markdownIt.normalizeLink = (url) => url;
markdownIt.normalizeLinkText = (text) => text;

/** `[ ]` / `[x]` at the start of a list item, in the source (an escaped `\[ ]` is plain text). */
const TASK_MARKER_SOURCE = /^\[([ xX])\](?:[ \t]|$)/;
const TASK_MARKER_TEXT = /^\[[ xX]\][ \t]?/;

/**
 * Tags dropped together with everything inside them (up to the matching end tag, or the end of the
 * block when unclosed, as a browser would). Other tags are dropped alone, keeping their content.
 */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frameset',
  'object',
  'applet',
  'svg',
  'math',
  'template',
  'textarea',
  'select',
  'title',
  'head',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
]);

/**
 * An open emphasis, link or allow-listed tag; `mark` is null when it was refused (bad colour,
 * unsafe href) but its end must still be matched. `key` is the tag name, or the Markdown delimiter.
 */
interface OpenElement {
  key: string;
  mark: Mark | null;
}

/** The marks in effect inside the open elements. Nested spans add up; otherwise the innermost wins. */
function activeMarks(open: readonly OpenElement[]): readonly Mark[] {
  const byType = new Map<string, Mark>();
  for (const { mark } of open) {
    if (!mark) continue;
    const outer = byType.get(mark.type.name);
    if (outer && mark.type === marks.textStyle) {
      byType.set(
        mark.type.name,
        marks.textStyle.create({
          color: mark.attrs.color ?? outer.attrs.color,
          fontSize: mark.attrs.fontSize ?? outer.attrs.fontSize,
        }),
      );
    } else {
      byType.set(mark.type.name, mark);
    }
  }
  return Mark.setFrom([...byType.values()]);
}

function closeElement(open: OpenElement[], key: string): void {
  const index = open.findLastIndex((element) => element.key === key);
  if (index !== -1) open.splice(index, 1);
}

/** The mark an allow-listed opening tag stands for, null if refused, undefined if not allow-listed. */
function markForTag(tag: HtmlTag): Mark | null | undefined {
  switch (tag.name) {
    case 'strong':
    case 'b':
      return marks.bold.create();
    case 'em':
    case 'i':
      return marks.italic.create();
    case 'u':
      return marks.underline.create();
    case 'mark': {
      const color = tag.attributes.get('data-color');
      const paletteColor = color === undefined ? DEFAULT_HIGHLIGHT_COLOR : toPaletteHighlightColor(color);
      return paletteColor ? marks.highlight.create({ color: paletteColor }) : null;
    }
    case 'span': {
      const style = parseStyleAttribute(tag.attributes.get('style') ?? '');
      const color = toPaletteTextColor(style.get('color'));
      const fontSize = toPaletteFontSize(style.get('font-size'));
      return color || fontSize ? marks.textStyle.create({ color, fontSize }) : null;
    }
    default:
      return undefined;
  }
}

/** Converts markdown-it inline tokens to text and hard-break nodes. */
function inlineTokensToNodes(tokens: readonly Token[]): ProseMirrorNode[] {
  const result: ProseMirrorNode[] = [];
  const open: OpenElement[] = [];
  // Inside <script>, <svg>...: skip tokens until the matching end tag (or the end of the block).
  let dropping: { tagName: string; depth: number } | null = null;
  // The text of an autolink is its URL, so an unsafe autolink is dropped whole.
  let droppingAutolink = false;

  const addText = (text: string) => {
    if (text) result.push(editorSchema.text(text, activeMarks(open)));
  };

  for (const token of tokens) {
    if (droppingAutolink) {
      droppingAutolink = token.type !== 'link_close';
      continue;
    }
    if (dropping) {
      const tag = token.type === 'html_inline' ? parseHtmlTag(token.content) : null;
      if (tag?.name === dropping.tagName && !tag.selfClosing) dropping.depth += tag.closing ? -1 : 1;
      if (dropping.depth === 0) dropping = null;
      continue;
    }
    switch (token.type) {
      case 'text':
      case 'code_inline':
        addText(token.content);
        break;
      case 'softbreak':
        addText(' ');
        break;
      case 'hardbreak':
        result.push(nodes.hardBreak.create(null, null, activeMarks(open)));
        break;
      case 'strong_open':
        open.push({ key: '**', mark: marks.bold.create() });
        break;
      case 'strong_close':
        closeElement(open, '**');
        break;
      case 'em_open':
        open.push({ key: '*', mark: marks.italic.create() });
        break;
      case 'em_close':
        closeElement(open, '*');
        break;
      case 'link_open': {
        const href = token.attrGet('href');
        if (isSafeLinkHref(href)) {
          open.push({
            key: '[]',
            mark: marks.link.create({ href, title: token.attrGet('title') || null }),
          });
        } else if (token.markup === 'autolink') {
          droppingAutolink = true;
        } else {
          open.push({ key: '[]', mark: null });
        }
        break;
      }
      case 'link_close':
        closeElement(open, '[]');
        break;
      case 'image':
        addText((token.children ?? []).map((child) => child.content).join(''));
        break;
      case 'html_inline': {
        const tag = parseHtmlTag(token.content);
        if (!tag) break;
        if (DROPPED_WITH_CONTENT.has(tag.name)) {
          if (!tag.closing && !tag.selfClosing) dropping = { tagName: tag.name, depth: 1 };
        } else if (tag.name === 'br') {
          if (!tag.closing) result.push(nodes.hardBreak.create(null, null, activeMarks(open)));
        } else if (tag.closing) {
          closeElement(open, tag.name);
        } else {
          const mark = markForTag(tag);
          if (mark !== undefined) open.push({ key: tag.name, mark });
        }
        break;
      }
    }
  }
  return result;
}

/** Parses one line of inline Markdown (no block structure) to inline nodes. */
export function parseInlineMarkdown(markdown: string): ProseMirrorNode[] {
  return inlineTokensToNodes(markdownIt.parseInline(markdown, {})[0]?.children ?? []);
}

interface BlockFrame {
  type: NodeType;
  attrs: Attrs | null;
  children: ProseMirrorNode[];
}

function emptyParagraph(): ProseMirrorNode {
  return nodes.paragraph.create();
}

/** Builds a block node from its parsed children, applying the normalisation described above. */
function finishBlock({ type, attrs, children }: BlockFrame): ProseMirrorNode | null {
  if (type === nodes.paragraph) return children.length > 0 ? type.create(attrs, children) : null;
  if (type === nodes.listItem || type === nodes.taskItem) {
    const startsWithParagraph = children[0]?.type === nodes.paragraph;
    return type.create(attrs, startsWithParagraph ? children : [emptyParagraph(), ...children]);
  }
  if (type === nodes.blockquote || type === nodes.doc) {
    return type.create(attrs, children.length > 0 ? children : [emptyParagraph()]);
  }
  return type.create(attrs, children);
}

/** The `[ ]`/`[x]` state of a list item from its first paragraph's source, or null if it has none. */
function taskMarkerOf(tokens: readonly Token[], itemOpenIndex: number): boolean | null {
  const paragraph = tokens[itemOpenIndex + 1];
  const inline = tokens[itemOpenIndex + 2];
  if (paragraph?.type !== 'paragraph_open' || inline?.type !== 'inline') return null;
  const marker = TASK_MARKER_SOURCE.exec(inline.content);
  const firstChild = inline.children?.[0];
  if (!marker || firstChild?.type !== 'text' || !TASK_MARKER_TEXT.test(firstChild.content)) return null;
  return marker[1] !== ' ';
}

/** True when every item of the bullet list opened at `openIndex` starts with a task marker. */
function isTaskList(tokens: readonly Token[], openIndex: number): boolean {
  const listLevel = tokens[openIndex]?.level ?? 0;
  for (let index = openIndex + 1; index < tokens.length; index++) {
    const token = tokens[index];
    if (!token || (token.type === 'bullet_list_close' && token.level === listLevel)) break;
    if (
      token.type === 'list_item_open' &&
      token.level === listLevel + 1 &&
      taskMarkerOf(tokens, index) === null
    ) {
      return false;
    }
  }
  return true;
}

/** Code blocks have no node of their own: keep their lines as a paragraph with hard breaks. */
function codeToParagraph(code: string): ProseMirrorNode | null {
  const content = code
    .replace(/\n$/, '')
    .split('\n')
    .flatMap((line, index) => [
      ...(index > 0 ? [nodes.hardBreak.create()] : []),
      ...(line ? [editorSchema.text(line)] : []),
    ]);
  return content.some((node) => node.isText) ? nodes.paragraph.create(null, content) : null;
}

/** Parses stored note content to a ProseMirror document of `editorSchema`. */
export function parseMarkdownDocument(markdown: string): ProseMirrorNode {
  const tokens = markdownIt.parse(markdown, {});
  const stack: BlockFrame[] = [{ type: nodes.doc, attrs: null, children: [] }];
  const current = () => stack[stack.length - 1]!;
  const append = (node: ProseMirrorNode | null) => {
    if (node) current().children.push(node);
  };
  const push = (type: NodeType, attrs: Attrs | null = null) => stack.push({ type, attrs, children: [] });

  tokens.forEach((token, index) => {
    switch (token.type) {
      case 'paragraph_open':
        push(nodes.paragraph);
        break;
      case 'heading_open':
        push(nodes.heading, { level: Math.min(3, Number(token.tag.slice(1))) });
        break;
      case 'blockquote_open':
        push(nodes.blockquote);
        break;
      case 'bullet_list_open':
        push(isTaskList(tokens, index) ? nodes.taskList : nodes.bulletList);
        break;
      case 'ordered_list_open':
        push(nodes.orderedList, { start: Number(token.attrGet('start') ?? 1) });
        break;
      case 'list_item_open':
        if (current().type === nodes.taskList) {
          push(nodes.taskItem, { checked: taskMarkerOf(tokens, index) === true });
          // isTaskList checked that the first child token is text starting with the marker.
          const firstText = tokens[index + 2]?.children?.[0];
          if (firstText) firstText.content = firstText.content.replace(TASK_MARKER_TEXT, '');
        } else {
          push(nodes.listItem);
        }
        break;
      case 'inline':
        current().children.push(...inlineTokensToNodes(token.children ?? []));
        break;
      case 'html_block': {
        const content = parseInlineMarkdown(token.content.trim());
        append(content.length > 0 ? nodes.paragraph.create(null, content) : null);
        break;
      }
      case 'code_block':
      case 'fence':
        append(codeToParagraph(token.content));
        break;
      default:
        if (token.nesting === -1 && stack.length > 1) {
          const frame = stack.pop()!;
          append(finishBlock(frame));
        }
    }
  });
  return finishBlock(stack[0]!)!;
}

/** Stored note content (Markdown + allow-listed HTML) to a TipTap JSON document. Never throws. */
export function markdownToDoc(markdown: string): JSONContent {
  return parseMarkdownDocument(markdown).toJSON() as JSONContent;
}
