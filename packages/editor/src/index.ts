import { serializeMarkdownDocument } from './doc-to-markdown';
import { parseMarkdownDocument } from './markdown-to-doc';

export {
  isSafeLinkHref,
  toPaletteFontSize,
  toPaletteHighlightColor,
  toPaletteTextColor,
} from './allow-lists';
export { docToMarkdown } from './doc-to-markdown';
export { createEditorExtensions, type EditorExtensionOptions, editorSchema } from './editor-extensions';
export { markdownToDoc } from './markdown-to-doc';
export { markdownToPlainText, previewText } from './plain-text';
export { markdownToTextFile } from './text-file';

/**
 * The canonical, safe form of note content, i.e. docToMarkdown(markdownToDoc(markdown)); the server
 * runs it on every write. Only what the editor schema can hold survives: scripts, event handlers,
 * unsafe URLs, unknown tags and off-palette styles are dropped. Idempotent.
 */
export function sanitizeMarkdown(markdown: string): string {
  return serializeMarkdownDocument(parseMarkdownDocument(markdown));
}
