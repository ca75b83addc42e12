// The rich-text editor itself, for a page that shows it at once and loads it with its own chunk
// (/editor). Others load it lazily through loadRichTextEditor in './index'.
export { RichTextEditor } from './components/rich-text-editor';
