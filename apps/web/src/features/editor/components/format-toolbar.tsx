import { FONT_SIZES, HIGHLIGHT_COLORS, TEXT_COLORS } from '@notewise/shared';
import { NodeSelection } from '@tiptap/pm/state';
import { type Editor, useEditorState } from '@tiptap/react';
import { BubbleMenu } from '@tiptap/react/menus';
import {
  ALargeSmall,
  Baseline,
  Bold,
  Code,
  Highlighter,
  Italic,
  List,
  ListChecks,
  ListOrdered,
  Strikethrough,
  Type,
  Underline,
} from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { LinkMenu } from './link-menu';
import { ToolbarMenu, ToolbarMenuItem, toolbarButtonClasses } from './toolbar-menu';

type MenuId = 'style' | 'size' | 'color' | 'highlight' | 'lists' | 'link';
type BlockStyle = 'paragraph' | 'h1' | 'h2' | 'h3' | 'h4' | 'quote' | 'code';
type ListKind = 'bullet' | 'ordered' | 'task' | null;

const BLOCK_STYLES: ReadonlyArray<{ id: BlockStyle; label: string; className: string }> = [
  { id: 'paragraph', label: 'Paragraph', className: '' },
  { id: 'h1', label: 'Heading 1', className: 'text-lg font-semibold' },
  { id: 'h2', label: 'Heading 2', className: 'text-base font-semibold' },
  { id: 'h3', label: 'Heading 3', className: 'font-semibold' },
  // Shown as the current style only (typed "#### " or pasted): the menu offers 1-3.
  { id: 'h4', label: 'Small heading', className: 'font-semibold' },
  { id: 'quote', label: 'Quote', className: 'italic text-muted' },
  { id: 'code', label: 'Code block', className: 'font-mono text-[13px]' },
];

const DEFAULT_FONT_SIZE = '16px';
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl+';

interface ToolbarState {
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

const IDLE: ToolbarState = {
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
function readState(editor: Editor): ToolbarState {
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

function setBlockStyle(editor: Editor, style: BlockStyle) {
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

/**
 * The floating format toolbar (SPEC 2): shown on a text selection, with Bold, Italic, Underline and
 * menus for text style, size, colour, highlight and lists. One menu is open at a time; Escape closes
 * it. Keyboard users reach it with Tab from the selection (it follows the text in the DOM), or with
 * Alt+F10; Escape from the toolbar returns to the text.
 */
export function FormatToolbar({ editor }: { editor: Editor }) {
  const [openMenu, setOpenMenu] = useState<MenuId | null>(null);
  const [scrollTarget, setScrollTarget] = useState<HTMLElement | Window>(window);
  const belowSelection = useMediaQuery(`${MOBILE_QUERY}, (pointer: coarse)`);
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
  const currentStyle = BLOCK_STYLES.find((style) => style.id === state.block) ?? BLOCK_STYLES[0];

  return (
    <BubbleMenu
      ref={bubbleRef}
      editor={editor}
      className="z-30"
      options={options}
      shouldShow={({ view, state, from, to, element }) =>
        editor.isEditable &&
        (view.hasFocus() || element.contains(document.activeElement)) &&
        !state.selection.empty &&
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
          <ToolbarMenu
            label="Text style"
            text={currentStyle?.label}
            icon={<Type size={16} aria-hidden="true" />}
            {...menu('style')}
          >
            {BLOCK_STYLES.filter((style) => style.id !== 'h4').map((style) => (
              <ToolbarMenuItem
                key={style.id}
                label={style.label}
                checked={state.block === style.id}
                onSelect={() => run(() => setBlockStyle(editor, style.id))}
              >
                <span className={style.className}>{style.label}</span>
              </ToolbarMenuItem>
            ))}
          </ToolbarMenu>
          <ToolbarMenu
            label="Text size"
            icon={<ALargeSmall size={16} aria-hidden="true" />}
            {...menu('size')}
          >
            {FONT_SIZES.map((size) => (
              <ToolbarMenuItem
                key={size}
                label={size.replace('px', ' px')}
                checked={state.fontSize === size}
                onSelect={() =>
                  run(() =>
                    size === DEFAULT_FONT_SIZE
                      ? chain().unsetFontSize().run()
                      : chain().setFontSize(size).run(),
                  )
                }
              >
                <span style={{ fontSize: size }} className="leading-none">
                  {size.replace('px', ' px')}
                </span>
              </ToolbarMenuItem>
            ))}
          </ToolbarMenu>
          <ToolbarMenu
            label="Text color"
            icon={
              <Baseline
                size={16}
                aria-hidden="true"
                style={state.color ? { color: state.color } : undefined}
              />
            }
            columns={4}
            {...menu('color')}
          >
            {TEXT_COLORS.map((color) => (
              <ToolbarMenuItem
                key={color.name}
                label={color.name}
                checked={state.color === color.value}
                onSelect={() =>
                  run(() => (color.value ? chain().setColor(color.value).run() : chain().unsetColor().run()))
                }
                className="size-9 justify-center px-0 aria-checked:bg-hover max-md:size-11"
              >
                <span
                  aria-hidden="true"
                  className="flex size-6 items-center justify-center rounded-full border border-border-strong text-[13px] font-semibold"
                  style={{ color: color.value ?? 'var(--color-fg)' }}
                >
                  A
                </span>
              </ToolbarMenuItem>
            ))}
          </ToolbarMenu>
          <ToolbarMenu
            label="Highlight color"
            icon={<Highlighter size={16} aria-hidden="true" />}
            columns={4}
            {...menu('highlight')}
          >
            {HIGHLIGHT_COLORS.map((color) => (
              <ToolbarMenuItem
                key={color.name}
                label={color.name}
                checked={state.highlight === color.value}
                onSelect={() => run(() => chain().setHighlight({ color: color.value }).run())}
                className="size-9 justify-center px-0 aria-checked:bg-hover max-md:size-11"
              >
                <span
                  aria-hidden="true"
                  className="size-6 rounded-full border border-black/10"
                  style={{ backgroundColor: color.value }}
                />
              </ToolbarMenuItem>
            ))}
            <ToolbarMenuItem
              label="No highlight"
              checked={state.highlight === null}
              onSelect={() => run(() => chain().unsetHighlight().run())}
              className="col-span-4 justify-center text-[13px]"
            />
          </ToolbarMenu>
          <ToolbarMenu label="Lists" icon={<List size={16} aria-hidden="true" />} {...menu('lists')}>
            <ToolbarMenuItem
              label="Bullet list"
              checked={state.list === 'bullet'}
              onSelect={() => run(() => chain().toggleBulletList().run())}
            >
              <List size={16} aria-hidden="true" className="text-muted" />
              Bullet list
            </ToolbarMenuItem>
            <ToolbarMenuItem
              label="Numbered list"
              checked={state.list === 'ordered'}
              onSelect={() => run(() => chain().toggleOrderedList().run())}
            >
              <ListOrdered size={16} aria-hidden="true" className="text-muted" />
              Numbered list
            </ToolbarMenuItem>
            <ToolbarMenuItem
              label="Checklist"
              checked={state.list === 'task'}
              onSelect={() => run(() => chain().toggleTaskList().run())}
            >
              <ListChecks size={16} aria-hidden="true" className="text-muted" />
              Checklist
            </ToolbarMenuItem>
          </ToolbarMenu>
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
