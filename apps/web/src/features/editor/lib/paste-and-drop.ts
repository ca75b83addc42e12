import { markdownToDoc } from '@notewise/editor';
import { LIST_MARKER } from '@notewise/editor/line-start';
import { Extension } from '@tiptap/core';
import { Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { imageFilesOf, insertImages } from './insert-images';

// Lines that only mean something as Markdown blocks: headings, quotes, lists, fences, tables, rules.
const MARKDOWN_BLOCK = new RegExp(
  String.raw`^(?: {0,3}#{1,6}\s+\S| {0,3}>\s?| {0,3}${LIST_MARKER}\s+\S| {0,3}(?:${'```'}|~~~)| {0,3}\|.*\|\s*$| {0,3}(?:-{3,}|\*{3,}|_{3,})\s*$)`,
  'm',
);
// Inline Markdown that plain prose rarely contains by accident.
const MARKDOWN_INLINE = /\*\*[^*\n]+\*\*|~~[^~\n]+~~|`[^`\n]+`|!?\[[^\]\n]*\]\([^)\s]+\)/;

/** Plain text that reads as Markdown, so a paste should become blocks and marks rather than text. */
export function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN_BLOCK.test(text) || MARKDOWN_INLINE.test(text);
}

// Elements that carry structure: HTML with none of them (a code editor's coloured spans) is only a
// rendering of the plain text, which then is the better source.
const STRUCTURAL_HTML = /<(?:p|h[1-6]|ul|ol|li|table|pre|blockquote|img|a|b|strong|em|i|u|s|del|code|hr)\b/i;

/**
 * Other apps' HTML, before the schema reads it. The schema (with its palette-only styles and safe
 * link targets) is the allow-list: anything it has no rule for is dropped. This only removes the
 * wrappers that would otherwise change meaning: Google Docs wraps a whole copy in
 * `<b style="font-weight:normal" id="docs-internal-guid-…">`, Sheets in its own origin tag.
 */
export function cleanPastedHtml(html: string): string {
  return html
    .replace(/<b\b[^>]*id="docs-internal-guid-[^"]*"[^>]*>/i, '')
    .replace(/<\/?google-sheets-html-origin[^>]*>/gi, '')
    .replace(/<(script|style|template|iframe|object|noscript)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<meta\b[^>]*>/gi, '');
}

/**
 * Web-only paste and drop handling (no schema change): image files are uploaded and inserted,
 * Markdown text becomes the blocks it describes (through the same markdownToDoc as stored notes),
 * and pasted HTML is cleaned before the schema parses it.
 */
export const PasteAndDrop = Extension.create({
  name: 'nwPasteAndDrop',

  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        key: new PluginKey('nwPasteAndDrop'),
        props: {
          transformPastedHTML: cleanPastedHtml,
          handlePaste: (view, event) => {
            const data = event.clipboardData;
            if (!data || !view.editable) return false;
            const images = imageFilesOf(data.files);
            if (images.length > 0) {
              event.preventDefault();
              void insertImages(editor, images);
              return true;
            }
            // In a code block everything stays literal text (ProseMirror's default there).
            if (view.state.selection.$from.parent.type.spec.code) return false;
            const text = data.getData('text/plain');
            const html = data.getData('text/html');
            if (!text || (html && STRUCTURAL_HTML.test(html)) || !looksLikeMarkdown(text)) return false;
            const doc = view.state.schema.nodeFromJSON(markdownToDoc(text));
            const first = doc.firstChild;
            const slice =
              doc.childCount === 1 && first?.type.name === 'paragraph'
                ? new Slice(first.content, 0, 0)
                : Slice.maxOpen(doc.content);
            event.preventDefault();
            view.dispatch(view.state.tr.replaceSelection(slice).scrollIntoView().setMeta('paste', true));
            return true;
          },
          handleDrop: (view, event, _slice, moved) => {
            if (moved || !view.editable) return false;
            const images = imageFilesOf(event.dataTransfer?.files);
            if (images.length === 0) return false;
            event.preventDefault();
            const position = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
            void insertImages(editor, images, position);
            return true;
          },
        },
      }),
    ];
  },
});
