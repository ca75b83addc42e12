import { type Editor, useEditorState } from '@tiptap/react';
import { ImagePlus, Minus, SquareCode, Table } from 'lucide-react';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { IMAGE_ACCEPT } from '../api/upload-image';
import { insertImages } from '../lib/insert-images';
import { toolbarButtonClasses } from './toolbar-menu';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Blocks that need no text selection, above the text: code block, horizontal rule, a 3x3 table with
 * a header row, and an image from a file. One row; under 768 px it scrolls sideways. Each works at
 * the caret (or after the last block when the text was never focused).
 */
export function InsertToolbar({ editor, disabled = false }: { editor: Editor; disabled?: boolean }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      inTable: current.isActive('table'),
      inCode: current.isActive('codeBlock'),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div
      role="toolbar"
      aria-label="Insert"
      className="-ml-1.5 mb-3 flex items-center gap-0.5 overflow-x-auto [scrollbar-width:none]"
    >
      <InsertButton
        label="Code block"
        disabled={disabled}
        shortcut={isMac ? 'Meta+Alt+C' : 'Control+Alt+C'}
        pressed={state.inCode}
        onClick={() => chain().toggleCodeBlock().run()}
        icon={<SquareCode size={16} aria-hidden="true" />}
      />
      <InsertButton
        label="Horizontal rule"
        disabled={disabled}
        onClick={() => chain().setHorizontalRule().run()}
        icon={<Minus size={16} aria-hidden="true" />}
      />
      <InsertButton
        label="Table"
        disabled={disabled || state.inTable}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        icon={<Table size={16} aria-hidden="true" />}
      />
      <InsertButton
        label="Image"
        disabled={disabled}
        onClick={() => fileRef.current?.click()}
        icon={<ImagePlus size={16} aria-hidden="true" />}
      />
      <input
        ref={fileRef}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="image-file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) void insertImages(editor, files);
        }}
      />
    </div>
  );
}

interface InsertButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
}

function InsertButton({ label, icon, onClick, shortcut, pressed, disabled }: InsertButtonProps) {
  return (
    <button
      type="button"
      // A toggle keeps its plain name (its pressed state says the rest).
      aria-label={pressed === undefined ? `Insert ${label.toLowerCase()}` : label}
      title={label}
      aria-keyshortcuts={shortcut}
      aria-pressed={pressed}
      disabled={disabled}
      // Keeps the caret where it is for a mouse click.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`${toolbarButtonClasses} gap-1.5 px-2 disabled:opacity-40 disabled:hover:bg-transparent`}
    >
      {icon}
      <span className="text-[13px] max-sm:hidden">{label}</span>
    </button>
  );
}
