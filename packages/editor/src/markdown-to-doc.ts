import { appendAll } from '@notewise/shared';
import type { JSONContent } from '@tiptap/core';
import type { Attrs, NodeType, Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Token } from 'markdown-it';
import { toCodeLanguage } from './allow-lists';
import { editorSchema, nodeTypes as nodes } from './editor-extensions';
import { parseHtmlTag } from './html-tag';
import { ALLOW_LISTED_TAGS, inlineTokensToNodes, markdownIt } from './markdown-to-inline';

/*
 * Stored note content -> TipTap document. CommonMark (markdown-it) plus GFM tables, strikethrough
 * and task items, and an allow-list of inline HTML (`<u>`, `<mark>`, `<span style>`, `<s>`, `<br>`,
 * `<strong>`/`<em>`). Other raw HTML is never interpreted: it stays visible, as text (inline) or as
 * an `html` code block (an HTML block), so nothing is silently lost and nothing can execute.
 * Unsafe link targets lose their link (the text stays) and unsafe images become their alt text.
 * Blocks here; inline content (marks, allow-listed tags, links, images) in markdown-to-inline.ts.
 *
 * Normalisation (docToMarkdown produces exactly these shapes, so they round-trip):
 * - Empty paragraphs are dropped; a container left without a block gets one empty paragraph, and a
 *   list/task item that does not start with a paragraph gets an empty one first (schema rule).
 * - Soft line breaks become a space, and so does a line break from a character reference (`&#10;`):
 *   text never contains '\n' (code blocks do).
 * - A code block's text is its content without the final line ending; its language is the first
 *   word of the info string.
 * - A table cell holds one paragraph; the header row is made of tableHeader cells, the others of
 *   tableCell, every row as wide as the header; a column's alignment is on each of its cells.
 * - A bullet list is a task list only when every item starts with `[ ]` or `[x]`.
 */

/** `[ ]` / `[x]` at the start of a list item, in the source (an escaped `\[ ]` is plain text). */
const TASK_MARKER_SOURCE = /^\[([ xX])\](?:[ \t]|$)/;
const TASK_MARKER_TEXT = /^\[[ xX]\][ \t]?/;

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
  if (type === nodes.tableHeader || type === nodes.tableCell) {
    // A GFM cell holds inline content only.
    return type.create(attrs, nodes.paragraph.create(null, children));
  }
  if (type === nodes.table) return children.length > 0 ? type.create(attrs, children) : null;
  return type.create(attrs, children);
}

/** `text-align:center` (markdown-it's cell style) as the cell's `align` attribute. */
function alignmentOf(token: Token): string | null {
  const align = /text-align:\s*(left|right|center)/.exec(String(token.attrGet('style') ?? ''))?.[1];
  return align ?? null;
}

/** The language of a fenced code block: the first word of its info string, unescaped. */
function languageOf(info: string): string | null {
  return toCodeLanguage(markdownIt.utils.unescapeAll(info));
}

/** A code block's text: its content without the final line ending (a code block never ends in one). */
function codeBlock(content: string, language: string | null): ProseMirrorNode {
  const text = content.replace(/\n$/, '').replaceAll('\0', '\ufffd');
  return nodes.codeBlock.create({ language }, text ? editorSchema.text(text) : null);
}

/**
 * An HTML block: when it only holds allow-listed inline tags (what docToMarkdown writes, e.g. a line
 * that is just `<u>x</u>` or `<br>`), its paragraph; otherwise the HTML stays visible as an `html`
 * code block.
 */
function htmlBlock(content: string): ProseMirrorNode | null {
  const inline = markdownIt.parseInline(content.trim(), {})[0]?.children ?? [];
  const onlyAllowListed = inline.every((token) => {
    if (token.type !== 'html_inline') return true;
    const tag = parseHtmlTag(token.content);
    return tag !== null && ALLOW_LISTED_TAGS.has(tag.name);
  });
  if (!onlyAllowListed) return codeBlock(content, 'html');
  const paragraph = inlineTokensToNodes(inline);
  return paragraph.length > 0 ? nodes.paragraph.create(null, paragraph) : null;
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

/** A tight list: markdown-it hides the paragraphs of its items (`<li>text</li>`, no `<p>`). */
function isTight(tokens: readonly Token[], openIndex: number): boolean {
  const listLevel = tokens[openIndex]?.level ?? 0;
  for (let index = openIndex + 1; index < tokens.length; index++) {
    const token = tokens[index];
    if (!token || (token.nesting === -1 && token.level === listLevel)) break;
    if (token.type === 'paragraph_open' && token.level === listLevel + 2 && !token.hidden) return false;
  }
  return true;
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
        push(nodes.heading, { level: Number(token.tag.slice(1)) });
        break;
      case 'hr':
        append(nodes.horizontalRule.create());
        break;
      case 'table_open':
        push(nodes.table);
        break;
      case 'tr_open':
        push(nodes.tableRow);
        break;
      case 'th_open':
        push(nodes.tableHeader, { align: alignmentOf(token) });
        break;
      case 'td_open':
        push(nodes.tableCell, { align: alignmentOf(token) });
        break;
      case 'thead_open':
      case 'thead_close':
      case 'tbody_open':
      case 'tbody_close':
        break;
      case 'blockquote_open':
        push(nodes.blockquote);
        break;
      case 'bullet_list_open':
        push(isTaskList(tokens, index) ? nodes.taskList : nodes.bulletList, {
          tight: isTight(tokens, index),
        });
        break;
      case 'ordered_list_open':
        push(nodes.orderedList, {
          start: Number(token.attrGet('start') ?? 1),
          tight: isTight(tokens, index),
        });
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
        appendAll(current().children, inlineTokensToNodes(token.children ?? []));
        break;
      case 'html_block':
        append(htmlBlock(token.content));
        break;
      case 'code_block':
        append(codeBlock(token.content, null));
        break;
      case 'fence':
        append(codeBlock(token.content, languageOf(token.info)));
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
