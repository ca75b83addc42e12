import { docToMarkdown } from './doc-to-markdown';
import { markdownToDoc } from './markdown-to-doc';

export { isSafeLinkHref } from './allow-lists';
export { docToMarkdown } from './doc-to-markdown';
export { createEditorExtensions, type EditorExtensionOptions, editorSchema } from './editor-extensions';
export { markdownToDoc } from './markdown-to-doc';
export { markdownToPlainText, previewText } from './plain-text';

/**
 * The canonical, safe form of note content; the server runs it on every write. Only what the
 * editor schema can hold survives (scripts, event handlers, unsafe URLs, unknown tags and
 * off-palette styles are dropped). Idempotent: sanitizeMarkdown(sanitizeMarkdown(x)) equals
 * sanitizeMarkdown(x).
 */
export function sanitizeMarkdown(markdown: string): string {
  return docToMarkdown(markdownToDoc(markdown));
}
