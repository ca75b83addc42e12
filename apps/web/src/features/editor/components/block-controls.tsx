import { findParentNode } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { type EditorState, NodeSelection } from '@tiptap/pm/state';
import { type Editor, useEditorState } from '@tiptap/react';
import { BubbleMenu } from '@tiptap/react/menus';
import {
  BetweenHorizontalEnd,
  BetweenHorizontalStart,
  BetweenVerticalEnd,
  BetweenVerticalStart,
  Columns2,
  PanelTop,
  Rows2,
  TextCursorInput,
  Trash2,
} from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { CODE_LANGUAGES, findCodeLanguage, PLAIN_TEXT_LABEL } from '../lib/code-languages';
import { useRepositionAfterAnimations } from '../lib/reposition-after-animations';
import { scrollParent } from './format-toolbar';
import { ImageAltDialog } from './image-alt-dialog';
import { toolbarButtonClasses } from './toolbar-menu';

type Context =
  | { kind: 'table'; headerRow: boolean }
  | { kind: 'code'; language: string }
  | { kind: 'image'; alt: string }
  | { kind: 'none' };

const isTable = (node: ProseMirrorNode) => node.type.name === 'table';
const isCodeBlock = (node: ProseMirrorNode) => node.type.name === 'codeBlock';

/** Where the caret is, for the block controls: in a table, in a code block, or on a selected image. */
function contextOf(state: EditorState): Context {
  const { selection } = state;
  if (selection instanceof NodeSelection && selection.node.type.name === 'image') {
    return { kind: 'image', alt: String(selection.node.attrs.alt ?? '') };
  }
  const code = findParentNode(isCodeBlock)(selection);
  if (code) {
    const language = findCodeLanguage(code.node.attrs.language);
    return { kind: 'code', language: language?.id ?? '' };
  }
  const table = findParentNode(isTable)(selection);
  if (table) {
    const firstRow = table.node.firstChild;
    const headerRow =
      firstRow !== null && firstRow.childCount > 0 && firstRow.firstChild?.type.name === 'tableHeader';
    return { kind: 'table', headerRow };
  }
  return { kind: 'none' };
}

/** The DOM of the block the controls belong to (the table, code block or image), to place them against. */
function blockElement(editor: Editor): HTMLElement | null {
  const { state, view } = editor;
  const { selection } = state;
  let position: number | null = null;
  if (selection instanceof NodeSelection) position = selection.from;
  else position = (findParentNode(isCodeBlock)(selection) ?? findParentNode(isTable)(selection))?.pos ?? null;
  if (position === null) return null;
  const dom = view.nodeDOM(position);
  return dom instanceof HTMLElement ? dom : null;
}

/**
 * Controls that belong to one block and show while the selection is in it: the table's rows,
 * columns, header row and deletion; a code block's language; a selected image's alt text. A second
 * floating bar (its own plugin key), placed against the block rather than the caret, so it never
 * covers the line being typed.
 */
/** The block controls' plugin key: their position is updated by name (useRepositionAfterAnimations). */
const BLOCK_CONTROLS_KEY = 'nwBlockControls';

export function BlockControls({ editor }: { editor: Editor }) {
  useRepositionAfterAnimations(editor, BLOCK_CONTROLS_KEY);
  const context = useEditorState({ editor, selector: ({ editor: current }) => contextOf(current.state) });
  const [altOpen, setAltOpen] = useState(false);
  const bubbleRef = useRef<HTMLDivElement>(null);
  const [scrollTarget, setScrollTarget] = useState<HTMLElement | Window>(window);

  useEffect(() => {
    if (editor.isDestroyed) return;
    const bubble = bubbleRef.current;
    if (bubble) {
      // As FormatToolbar: the buttons are the tab stops, and it is fixed before it is first measured.
      bubble.tabIndex = -1;
      bubble.style.position = 'fixed';
    }
    setScrollTarget(scrollParent(editor.view.dom));
  }, [editor]);

  // Table and image controls go under their block (the format toolbar, for text selected in a
  // table, sits above the selection); a code block's language sits on its top right, as in most
  // editors. So the two bars rarely meet.
  const placement = context.kind === 'code' ? ('top-end' as const) : ('bottom-start' as const);
  const options = useMemo(
    () => ({
      strategy: 'fixed' as const,
      placement,
      offset: 6,
      flip: { padding: 8 },
      shift: { padding: 8 },
      hide: true,
      scrollTarget,
      // Hidden until floating-ui has placed it (see FormatToolbar).
      onShow: () => {
        if (bubbleRef.current) bubbleRef.current.style.visibility = 'hidden';
      },
    }),
    [placement, scrollTarget],
  );
  const chain = () => editor.chain().focus();

  return (
    <>
      <BubbleMenu
        ref={bubbleRef}
        editor={editor}
        pluginKey={BLOCK_CONTROLS_KEY}
        className="z-20"
        options={options}
        // Asked on every transaction: the block is checked before the DOM's focus (decision 112).
        shouldShow={({ editor: current, view, element }) =>
          contextOf(current.state).kind !== 'none' &&
          current.isEditable &&
          (view.hasFocus() || element.contains(document.activeElement))
        }
        getReferencedVirtualElement={() => {
          const element = blockElement(editor);
          return element ? { getBoundingClientRect: () => element.getBoundingClientRect() } : null;
        }}
      >
        <div
          role="toolbar"
          aria-label={context.kind === 'table' ? 'Table' : context.kind === 'code' ? 'Code block' : 'Image'}
          className="flex max-w-[calc(100vw-1rem)] items-center gap-0.5 overflow-x-auto rounded-card border border-border bg-panel p-1 shadow-lg [scrollbar-width:none]"
        >
          {context.kind === 'table' && (
            <>
              <ControlButton
                label="Add row above"
                onClick={() => chain().addRowBefore().run()}
                icon={<BetweenHorizontalStart size={16} aria-hidden="true" />}
              />
              <ControlButton
                label="Add row below"
                onClick={() => chain().addRowAfter().run()}
                icon={<BetweenHorizontalEnd size={16} aria-hidden="true" />}
              />
              <ControlButton
                label="Add column left"
                onClick={() => chain().addColumnBefore().run()}
                icon={<BetweenVerticalStart size={16} aria-hidden="true" />}
              />
              <ControlButton
                label="Add column right"
                onClick={() => chain().addColumnAfter().run()}
                icon={<BetweenVerticalEnd size={16} aria-hidden="true" />}
              />
              <ControlButton
                label="Delete row"
                onClick={() => chain().deleteRow().run()}
                icon={<Rows2 size={16} aria-hidden="true" />}
              />
              <ControlButton
                label="Delete column"
                onClick={() => chain().deleteColumn().run()}
                icon={<Columns2 size={16} aria-hidden="true" />}
              />
              <ControlButton
                label="Header row"
                pressed={context.headerRow}
                onClick={() => chain().toggleHeaderRow().run()}
                icon={<PanelTop size={16} aria-hidden="true" />}
              />
              <ControlButton
                label="Delete table"
                onClick={() => chain().deleteTable().run()}
                icon={<Trash2 size={16} aria-hidden="true" />}
              />
            </>
          )}
          {context.kind === 'code' && (
            <select
              aria-label="Code language"
              value={context.language}
              onChange={(event) => {
                const language = event.target.value || null;
                editor.chain().focus().updateAttributes('codeBlock', { language }).run();
              }}
              className="h-8 rounded-control border border-border bg-panel px-2 text-[13px] text-fg max-md:h-11"
            >
              <option value="">{PLAIN_TEXT_LABEL}</option>
              {CODE_LANGUAGES.map((language) => (
                <option key={language.id} value={language.id}>
                  {language.label}
                </option>
              ))}
            </select>
          )}
          {context.kind === 'image' && (
            <ControlButton
              label="Edit alt text"
              text="Alt text"
              onClick={() => setAltOpen(true)}
              icon={<TextCursorInput size={16} aria-hidden="true" />}
            />
          )}
        </div>
      </BubbleMenu>
      <ImageAltDialog
        open={altOpen}
        initialAlt={context.kind === 'image' ? context.alt : ''}
        onOpenChange={setAltOpen}
        onSave={(alt) => {
          editor.chain().focus().updateAttributes('image', { alt }).run();
          setAltOpen(false);
        }}
      />
    </>
  );
}

interface ControlButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  pressed?: boolean;
  text?: string;
}

function ControlButton({ label, icon, onClick, pressed, text }: ControlButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={toolbarButtonClasses}
    >
      {icon}
      {text && <span className="text-[13px]">{text}</span>}
    </button>
  );
}
