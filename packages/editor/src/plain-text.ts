import { appendAll } from '@notewise/shared';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { nodeTypes as nodes } from './editor-extensions';
import { parseMarkdownDocument } from './markdown-to-doc';

/** A checkbox typed as text at the start of a line ("[ ] milk", from before "[ ] " made a checklist). */
const TYPED_CHECKBOX = /^([ \t]*)\[[ xX]?\][ \t]+/gm;

/** Inline content as text: hard breaks become `breakText`, images their alt text. */
function inlineText(textblock: ProseMirrorNode, breakText: string): string {
  let text = '';
  textblock.forEach((node) => {
    if (node.isText) text += node.text ?? '';
    else if (node.type === nodes.hardBreak) text += breakText;
    else if (node.type === nodes.image && node.attrs.alt) text += node.attrs.alt;
  });
  return text;
}

/** The lines of a block: a table row is one line with its cells apart by spaces. */
function blockLines(block: ProseMirrorNode): string[] {
  if (block.type === nodes.codeBlock) return block.textContent.split('\n');
  if (block.isTextblock) {
    const text = inlineText(block, '\n');
    return text ? text.split('\n') : [];
  }
  if (block.type === nodes.table) {
    const rows: string[] = [];
    block.forEach((row) => {
      const cells: string[] = [];
      row.forEach((cell) => {
        const parts: string[] = [];
        cell.descendants((node) => {
          if (!node.isTextblock) return true;
          const text =
            node.type === nodes.codeBlock ? node.textContent.replace(/\n/g, ' ') : inlineText(node, ' ');
          if (text.trim()) parts.push(text.trim());
          return false;
        });
        if (parts.length > 0) cells.push(parts.join(' '));
      });
      if (cells.length > 0) rows.push(cells.join(' '));
    });
    return rows;
  }
  const lines: string[] = [];
  block.forEach((child) => {
    appendAll(lines, blockLines(child));
  });
  return lines;
}

/**
 * The text of a note without any markup, for previews, search and the AI: blocks, list items, table
 * rows and hard breaks become newlines (table cells are apart by a space), images give their alt
 * text, code its text, task checkboxes (and checkboxes typed as text) and formatting disappear.
 */
export function markdownToPlainText(markdown: string): string {
  return blockLines(parseMarkdownDocument(markdown))
    .join('\n')
    .replace(TYPED_CHECKBOX, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A one-line preview: plain text with whitespace collapsed, cut to `length` characters plus '…'
 * when longer (docs/product.md §9 uses 50, 60, 120, 150 and 1200).
 */
export function previewText(markdown: string, length: number): string {
  const text = markdownToPlainText(markdown).replace(/\s+/g, ' ').trim();
  if (text.length <= length) return text;
  // Do not cut an emoji (or any astral character) in half.
  const cut = /[\ud800-\udbff]$/.test(text.slice(0, length)) ? length - 1 : length;
  return `${text.slice(0, Math.max(0, cut)).trimEnd()}…`;
}
