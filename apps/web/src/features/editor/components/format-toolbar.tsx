import { NodeSelection } from '@tiptap/pm/state';
import { type Editor, useEditorState } from '@tiptap/react';
import { BubbleMenu } from '@tiptap/react/menus';
import { Bold, Code, Italic, Strikethrough, Underline } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useRepositionAfterAnimations } from '../lib/reposition-after-animations';
import { FormatMenus } from './format-menus';
import { type MenuId, readState } from './format-toolbar-state';
import { LinkMenu } from './link-menu';
import { toolbarButtonClasses } from './toolbar-menu';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl+';

/**
 * The floating format toolbar (docs/product.md §2): shown on a text selection, with Bold, Italic, Underline and
 * menus for text style, size, colour, highlight and lists. One menu is open at a time; Escape closes
 * it. Keyboard users reach it with Tab from the selection (it follows the text in the DOM), or with
 * Alt+F10; Escape from the toolbar returns to the text.
 */
/** The formatting bubble's plugin key: its position is updated by name (useRepositionAfterAnimations). */
const FORMAT_TOOLBAR_KEY = 'nwFormatToolbar';

export function FormatToolbar({ editor }: { editor: Editor }) {
  const [openMenu, setOpenMenu] = useState<MenuId | null>(null);
  const [scrollTarget, setScrollTarget] = useState<HTMLElement | Window>(window);
  const belowSelection = useMediaQuery(`${MOBILE_QUERY}, (pointer: coarse)`);
  useRepositionAfterAnimations(editor, FORMAT_TOOLBAR_KEY);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const bubbleRef = useRef<HTMLDivElement>(null);
  const state = useEditorState({ editor, selector: ({ editor: current }) => readState(current) });

  useEffect(() => {
    // useEditor may hand over an editor it already destroyed (a tree revealed late by Suspense); it
    // creates a new one right after, and this runs again with it.
    if (editor.isDestroyed) return;
    const bubble = bubbleRef.current;
    if (bubble) {
      // The bubble plugin makes its wrapper a tab stop; the buttons inside are the tab stops.
      bubble.tabIndex = -1;
      // Positioned with strategy 'fixed' (below): it must already be fixed when first measured.
      bubble.style.position = 'fixed';
    }
    setScrollTarget(scrollParent(editor.view.dom));
    // Clicking back into the text closes an open menu.
    const close = () => setOpenMenu(null);
    editor.on('focus', close);
    return () => {
      editor.off('focus', close);
    };
  }, [editor]);

  // Alt+F10 moves focus from the text into the toolbar (the convention of rich-text editors).
  useEffect(() => {
    if (editor.isDestroyed) return;
    const dom = editor.view.dom;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F10' || !event.altKey) return;
      const first = toolbarRef.current?.querySelector<HTMLElement>('button');
      if (!first || editor.state.selection.empty) return;
      event.preventDefault();
      first.focus();
    };
    dom.addEventListener('keydown', onKeyDown);
    return () => dom.removeEventListener('keydown', onKeyDown);
  }, [editor]);

  // Fixed, so neither the toolbar nor its menus are clipped by a scrolling column; it follows the
  // column's scrolling and hides when the selection scrolls out of view.
  const options = useMemo(
    () => ({
      strategy: 'fixed' as const,
      // Touch screens show their own selection menu above the text: ours goes below there.
      placement: (belowSelection ? 'bottom' : 'top') as 'bottom' | 'top',
      offset: 8,
      flip: { padding: 8 },
      shift: { padding: 8 },
      hide: true,
      scrollTarget,
      // show() makes the bubble visible where it last was; floating-ui places it a moment later (much
      // later on a busy device), so for that moment it covered other lines (the 390 px check saw it).
      // Hidden until placed: the placement sets it visible again.
      onShow: () => {
        if (bubbleRef.current) bubbleRef.current.style.visibility = 'hidden';
      },
      onHide: () => setOpenMenu(null),
    }),
    [scrollTarget, belowSelection],
  );

  const menu = (id: MenuId) => ({
    open: openMenu === id,
    onOpenChange: (open: boolean) => setOpenMenu(open ? id : null),
  });
  const run = (command: () => void) => {
    command();
    setOpenMenu(null);
  };
  const chain = () => editor.chain().focus();

  return (
    <BubbleMenu
      ref={bubbleRef}
      editor={editor}
      pluginKey={FORMAT_TOOLBAR_KEY}
      className="z-30"
      options={options}
      // Asked on every transaction: while typing the selection is empty, so that is checked first,
      // before the DOM's focus (decision 112).
      shouldShow={({ view, state, from, to, element }) =>
        !state.selection.empty &&
        editor.isEditable &&
        (view.hasFocus() || element.contains(document.activeElement)) &&
        // A selected image has its own controls (BlockControls); empty lines have nothing to format.
        !(state.selection instanceof NodeSelection) &&
        // Code blocks hold no marks: their language picker is their only control.
        !state.selection.$from.parent.type.spec.code &&
        state.doc.textBetween(from, to).length > 0
      }
    >
      <div
        ref={toolbarRef}
        role="toolbar"
        aria-label="Formatting"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !event.defaultPrevented) {
            event.preventDefault();
            setOpenMenu(null);
            editor.commands.focus();
          }
        }}
        className="relative max-w-[calc(100vw-1rem)] rounded-card border border-border bg-panel p-1 shadow-lg"
      >
        {/*
          One row: under 768 px it scrolls sideways instead of wrapping to a second row. The menus
          there are placed against the toolbar itself (outside this scroller), so they are not cut off.
        */}
        <div className="flex flex-wrap items-center gap-0.5 max-md:flex-nowrap max-md:overflow-x-auto max-md:[scrollbar-width:none]">
          <MarkButton
            label="Bold"
            shortcut={`${MOD}B`}
            active={state.bold}
            onClick={() => chain().toggleBold().run()}
            icon={<Bold size={16} aria-hidden="true" />}
          />
          <MarkButton
            label="Italic"
            shortcut={`${MOD}I`}
            active={state.italic}
            onClick={() => chain().toggleItalic().run()}
            icon={<Italic size={16} aria-hidden="true" />}
          />
          <MarkButton
            label="Underline"
            shortcut={`${MOD}U`}
            active={state.underline}
            onClick={() => chain().toggleUnderline().run()}
            icon={<Underline size={16} aria-hidden="true" />}
          />
          <MarkButton
            label="Strikethrough"
            shortcut={`${MOD}Shift+S`}
            active={state.strike}
            onClick={() => chain().toggleStrike().run()}
            icon={<Strikethrough size={16} aria-hidden="true" />}
          />
          <MarkButton
            label="Inline code"
            shortcut={`${MOD}E`}
            active={state.code}
            onClick={() => chain().toggleCode().run()}
            icon={<Code size={16} aria-hidden="true" />}
          />
          <LinkMenu editor={editor} href={state.link} {...menu('link')} />
          <Divider />
          <FormatMenus editor={editor} state={state} menu={menu} run={run} />
        </div>
      </div>
    </BubbleMenu>
  );
}

/** The nearest scrolling ancestor of the editor, or the window. */
export function scrollParent(element: HTMLElement): HTMLElement | Window {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return window;
}

interface MarkButtonProps {
  label: string;
  shortcut: string;
  active: boolean;
  icon: ReactNode;
  onClick: () => void;
}

function MarkButton({ label, shortcut, active, icon, onClick }: MarkButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active}
      aria-keyshortcuts={`${isMac ? 'Meta' : 'Control'}+${shortcut.slice(MOD.length)}`}
      title={`${label} (${shortcut})`}
      // Keeps the selection's focus in the text for a mouse click.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={toolbarButtonClasses}
    >
      {icon}
    </button>
  );
}

function Divider() {
  return <span aria-hidden="true" className="mx-0.5 h-5 w-px bg-border" />;
}
