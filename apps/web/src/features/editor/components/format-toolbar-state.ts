// What the format toolbar shows and does to the selection's block: its state, read from the editor
// on each selection change, and the text-style command.
import type { Editor } from '@tiptap/react';

export type MenuId = 'style' | 'size' | 'color' | 'highlight' | 'lists' | 'link';
export type BlockStyle = 'paragraph' | 'h1' | 'h2' | 'h3' | 'h4' | 'quote' | 'code';
export type ListKind = 'bullet' | 'ordered' | 'task' | null;

export const BLOCK_STYLES: ReadonlyArray<{ id: BlockStyle; label: string; className: string }> = [
  { id: 'paragraph', label: 'Paragraph', className: '' },
  { id: 'h1', label: 'Heading 1', className: 'text-lg font-semibold' },
  { id: 'h2', label: 'Heading 2', className: 'text-base font-semibold' },
  { id: 'h3', label: 'Heading 3', className: 'font-semibold' },
  // Shown as the current style only (typed "#### " or pasted): the menu offers 1-3.
  { id: 'h4', label: 'Small heading', className: 'font-semibold' },
  { id: 'quote', label: 'Quote', className: 'italic text-muted' },
  { id: 'code', label: 'Code block', className: 'font-mono text-[13px]' },
];

export const DEFAULT_FONT_SIZE = '16px';
export interface ToolbarState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  code: boolean;
  link: string | null;
  block: BlockStyle;
  fontSize: string;
  color: string | null;
  highlight: string | null;
  list: ListKind;
}

export const IDLE: ToolbarState = {
  bold: false,
  italic: false,
  underline: false,
  strike: false,
  code: false,
  link: null,
  block: 'paragraph',
  fontSize: DEFAULT_FONT_SIZE,
  color: null,
  highlight: null,
  list: null,
};

/** The formatting of the selection. Only computed while text is selected (typing costs nothing). */
export function readState(editor: Editor): ToolbarState {
  if (editor.state.selection.empty) return IDLE;
  const textStyle = editor.getAttributes('textStyle');
  const level = editor.getAttributes('heading').level as number | undefined;
  // h4-h6 (typed or pasted) are not offered here: the menu shows no checked style for them.
  const block: BlockStyle = editor.isActive('codeBlock')
    ? 'code'
    : editor.isActive('heading')
      ? level === 1
        ? 'h1'
        : level === 2
          ? 'h2'
          : level === 3
            ? 'h3'
            : 'h4'
      : editor.isActive('blockquote')
        ? 'quote'
        : 'paragraph';
  const href = editor.getAttributes('link').href;
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    strike: editor.isActive('strike'),
    code: editor.isActive('code'),
    link: editor.isActive('link') && typeof href === 'string' ? href : null,
    block,
    fontSize: typeof textStyle.fontSize === 'string' ? textStyle.fontSize : DEFAULT_FONT_SIZE,
    color: typeof textStyle.color === 'string' ? textStyle.color : null,
    highlight: editor.isActive('highlight')
      ? ((editor.getAttributes('highlight').color as string) ?? null)
      : null,
    list: editor.isActive('taskList')
      ? 'task'
      : editor.isActive('orderedList')
        ? 'ordered'
        : editor.isActive('bulletList')
          ? 'bullet'
          : null,
  };
}

export function setBlockStyle(editor: Editor, style: BlockStyle) {
  let chain = editor.chain().focus();
  if (style !== 'quote' && editor.isActive('blockquote')) chain = chain.lift('blockquote');
  switch (style) {
    case 'paragraph':
      chain.setParagraph().run();
      break;
    case 'h1':
    case 'h2':
    case 'h3':
      chain.setHeading({ level: Number(style.slice(1)) as 1 | 2 | 3 }).run();
      break;
    case 'h4':
      chain.run();
      break;
    case 'code':
      if (editor.isActive('codeBlock')) chain.run();
      else chain.setCodeBlock().run();
      break;
    case 'quote':
      if (editor.isActive('blockquote')) chain.run();
      else chain.setParagraph().setBlockquote().run();
      break;
  }
}
