import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

/** Documents bigger than this are never blank (skips building their whole text on every keystroke). */
const BLANK_CHECK_LIMIT = 2_000;

/** True when the document holds no text but whitespace: what 'empty content' means for Add Note. */
export function isDocBlank(doc: ProseMirrorNode): boolean {
  if (doc.content.size > BLANK_CHECK_LIMIT) return false;
  if (doc.childCount === 1 && doc.firstChild?.content.size === 0) return true;
  return doc.textContent.trim() === '';
}
