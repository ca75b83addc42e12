import { createEditorExtensions, docToMarkdown, markdownToDoc } from '@notewise/editor';
import { type Editor, EditorContent, type Extensions, useEditor } from '@tiptap/react';
import { memo, type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { withChecklistItemView } from '../lib/checklist-item-view';
import { CodeHighlight } from '../lib/code-highlight';
import { isDocBlank } from '../lib/doc-state';
import { PasteAndDrop } from '../lib/paste-and-drop';
import { warmUpTyping } from '../lib/warm-up';
import { BlockControls } from './block-controls';
import { FormatToolbar } from './format-toolbar';
import { InsertToolbar } from './insert-toolbar';
import '../rich-text-editor.css';

/** An opaque copy of the document at one moment (ProseMirror nodes are immutable: cheap to keep). */
export type EditorSnapshot = { readonly __brand: 'EditorSnapshot' };

/** What a parent can do with the editor, through `ref`. Nothing here runs on every keystroke. */
export interface RichTextEditorHandle {
  /** The TipTap editor, for advanced use (the AI slot, co-editing). */
  readonly editor: Editor;
  /** The content as stored note Markdown (serialises the document: call it on save, not per key). */
  getMarkdown(): string;
  /**
   * Replaces the content with Markdown, e.g. streamed AI output; onChange fires unless `silent`. With
   * `addToHistory: false` the change is not an undo step (the AI slot's partial output).
   */
  setMarkdown(markdown: string, options?: { silent?: boolean; addToHistory?: boolean }): void;
  /** The content as plain text. */
  getText(): string;
  /** No text but whitespace (cheap). */
  isBlank(): boolean;
  /** A counter that grows with every change of the document: compare it to know if anything changed. */
  revision(): number;
  /** The document as it is now, to compare with later (e.g. the last saved state). */
  snapshot(): EditorSnapshot;
  /**
   * True when the document is structurally the same as the snapshot. Cheap: unchanged parts are
   * shared, so this stops at the first changed block. False does not prove the Markdown differs.
   */
  isSameAs(snapshot: EditorSnapshot | null): boolean;
  focus(position?: 'start' | 'end'): void;
}

export interface RichTextEditorProps {
  ref?: Ref<RichTextEditorHandle>;
  /** The initial content (note Markdown). Read once: remount the editor (change its `key`) for another note. */
  initialMarkdown?: string;
  /** The accessible name of the text area, e.g. 'Note content'. */
  label: string;
  placeholder?: string;
  editable?: boolean;
  autoFocus?: boolean | 'start' | 'end';
  /** After every change of the document, with the new revision number. Keep it cheap. */
  onChange?: (revision: number) => void;
  /** When the content turns blank or stops being blank. */
  onBlankChange?: (blank: boolean) => void;
  /** Once, when the editor exists (the handle is ready to use). */
  onReady?: (handle: RichTextEditorHandle) => void;
  /** Extra TipTap extensions (e.g. Collaboration and CollaborationCaret for a shared note). */
  extensions?: Extensions;
  /** The document is co-edited (Yjs): the editor's own undo history is left out for Collaboration's. */
  collaboration?: boolean;
  /** Classes of the scrolling frame around the text. */
  className?: string;
}

/**
 * The rich-text editor of notes (TipTap): Markdown in and out through @notewise/editor, 16 px text
 * at most ~72 characters wide, and the floating format toolbar on a text selection. Changes are
 * reported as a cheap revision counter; Markdown is only built when asked for (getMarkdown).
 * Memoised: a note session re-renders on its status (unsaved, saving, saved), which must not
 * re-render the editor and its toolbars inside a keystroke or a tick (decision 079); pass stable
 * callbacks.
 */
export const RichTextEditor = memo(function RichTextEditor({
  ref,
  initialMarkdown = '',
  label,
  placeholder,
  editable = true,
  autoFocus = false,
  onChange,
  onBlankChange,
  onReady,
  extensions: extraExtensions,
  collaboration = false,
  className,
}: RichTextEditorProps) {
  const revision = useRef(0);
  const blank = useRef<boolean | null>(null);
  const callbacks = useRef({ onChange, onBlankChange });
  callbacks.current = { onChange, onBlankChange };

  // Created once: useEditor compares options by identity on every render.
  const [options] = useState(() => ({
    extensions: [
      // The checklist item's DOM drawn by the web's own node view (cheaper ticks, decision 105).
      ...withChecklistItemView(createEditorExtensions({ placeholder, collaboration })),
      // Web only, no schema change: highlighting decorations, Markdown/HTML/image paste and drop.
      CodeHighlight,
      PasteAndDrop,
      ...(extraExtensions ?? []),
    ],
    // Under collaboration the content comes from the shared Yjs document instead.
    content: collaboration ? undefined : markdownToDoc(initialMarkdown),
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'nw-prose',
      },
    },
  }));

  const editor = useEditor({
    ...options,
    editable,
    autofocus: autoFocus,
    onCreate: ({ editor: created }) => {
      blank.current = isDocBlank(created.state.doc);
      callbacks.current.onBlankChange?.(blank.current);
      warmUpTyping(created, { typing: !collaboration });
    },
    onUpdate: ({ editor: updated }) => {
      revision.current += 1;
      callbacks.current.onChange?.(revision.current);
      const nowBlank = isDocBlank(updated.state.doc);
      if (nowBlank !== blank.current) {
        blank.current = nowBlank;
        callbacks.current.onBlankChange?.(nowBlank);
      }
    },
  });

  useEffect(() => {
    if (!editor.isDestroyed && editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  const handle = useMemo<RichTextEditorHandle>(() => {
    // The Markdown of the last document serialised: documents are immutable, so the same document has
    // the same Markdown. An autosave asks three times for one document (is it dirty, the body, is it
    // still dirty after), the idle dirty check once more: serialised once.
    let serialised: { doc: unknown; markdown: string } | null = null;
    return {
      editor,
      getMarkdown: () => {
        const { doc } = editor.state;
        if (serialised?.doc !== doc) serialised = { doc, markdown: docToMarkdown(doc.toJSON()) };
        return serialised.markdown;
      },
      setMarkdown: (markdown, { silent = false, addToHistory = true } = {}) => {
        editor
          .chain()
          .setMeta('addToHistory', addToHistory)
          .setContent(markdownToDoc(markdown), { emitUpdate: !silent })
          .run();
      },
      getText: () => editor.getText({ blockSeparator: '\n\n' }),
      isBlank: () => isDocBlank(editor.state.doc),
      revision: () => revision.current,
      snapshot: () => editor.state.doc as unknown as EditorSnapshot,
      isSameAs: (snapshot) =>
        snapshot !== null && editor.state.doc.eq(snapshot as unknown as typeof editor.state.doc),
      focus: (position = 'end') => {
        editor.commands.focus(position);
      },
    };
  }, [editor]);
  useImperativeHandle(ref, () => handle, [handle]);

  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  useEffect(() => {
    // A destroyed editor (see FormatToolbar) is replaced at once; report the live one.
    if (!handle.editor.isDestroyed) onReadyRef.current?.(handle);
  }, [handle]);

  return (
    <div className={cn('nw-editor relative', className)}>
      <InsertToolbar editor={editor} disabled={!editable} />
      <EditorContent editor={editor} />
      {editable && <FormatToolbar editor={editor} />}
      {editable && <BlockControls editor={editor} />}
    </div>
  );
});
