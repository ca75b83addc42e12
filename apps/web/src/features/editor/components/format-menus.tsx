import { FONT_SIZES, HIGHLIGHT_COLORS, TEXT_COLORS } from '@notewise/shared';
import type { Editor } from '@tiptap/react';
import { ALargeSmall, Baseline, Highlighter, List, ListChecks, ListOrdered, Type } from 'lucide-react';
import {
  BLOCK_STYLES,
  DEFAULT_FONT_SIZE,
  type MenuId,
  setBlockStyle,
  type ToolbarState,
} from './format-toolbar-state';
import { ToolbarMenu, ToolbarMenuItem } from './toolbar-menu';

interface FormatMenusProps {
  editor: Editor;
  state: ToolbarState;
  /** The open state of one menu: the toolbar keeps one menu open at a time. */
  menu: (id: MenuId) => { open: boolean; onOpenChange: (open: boolean) => void };
  /** Runs a command and closes the open menu. */
  run: (command: () => void) => void;
}

/** The format toolbar's menus: text style, size, colour, highlight and lists. */
export function FormatMenus({ editor, state, menu, run }: FormatMenusProps) {
  const chain = () => editor.chain().focus();
  const currentStyle = BLOCK_STYLES.find((style) => style.id === state.block) ?? BLOCK_STYLES[0];
  return (
    <>
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
      <ToolbarMenu label="Text size" icon={<ALargeSmall size={16} aria-hidden="true" />} {...menu('size')}>
        {FONT_SIZES.map((size) => (
          <ToolbarMenuItem
            key={size}
            label={size.replace('px', ' px')}
            checked={state.fontSize === size}
            onSelect={() =>
              run(() =>
                size === DEFAULT_FONT_SIZE ? chain().unsetFontSize().run() : chain().setFontSize(size).run(),
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
          <Baseline size={16} aria-hidden="true" style={state.color ? { color: state.color } : undefined} />
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
    </>
  );
}
