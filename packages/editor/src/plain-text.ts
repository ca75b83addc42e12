import { parseMarkdownDocument } from './markdown-to-doc';

/** A checkbox typed as text at the start of a line ("[ ] milk", from before "[ ] " made a checklist). */
const TYPED_CHECKBOX = /^([ \t]*)\[[ xX]?\][ \t]+/gm;

/**
 * The text of a note without any markup, for previews and search: blocks, list items and hard
 * breaks become newlines, task checkboxes (and checkboxes typed as text) and formatting disappear.
 */
export function markdownToPlainText(markdown: string): string {
  const doc = parseMarkdownDocument(markdown);
  return doc
    .textBetween(0, doc.content.size, '\n', '\n')
    .replace(TYPED_CHECKBOX, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A one-line preview: plain text with whitespace collapsed, cut to `length` characters plus '…'
 * when longer (SPEC uses 50, 60, 120, 150 and 1200).
 */
export function previewText(markdown: string, length: number): string {
  const text = markdownToPlainText(markdown).replace(/\s+/g, ' ').trim();
  if (text.length <= length) return text;
  // Do not cut an emoji (or any astral character) in half.
  const cut = /[\ud800-\udbff]$/.test(text.slice(0, length)) ? length - 1 : length;
  return `${text.slice(0, Math.max(0, cut)).trimEnd()}…`;
}
