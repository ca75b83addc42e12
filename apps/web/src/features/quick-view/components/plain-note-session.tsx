import type { Note } from '@notewise/shared';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import { loadRichTextEditor, type RichTextEditorHandle } from '@/features/editor';
import { NoteExportMenu } from '@/features/export-import';
import { HistoryButton } from '@/features/history';
import { exportNote } from '@/features/notes/api/export-note';
import { type EditOp, markNoteOpen, type QueueEntry } from '@/features/offline';
import { useEnhancing } from '../hooks/use-enhancing';
import { type NoteEditorControl, useNoteEditorControl } from '../hooks/use-note-editor-control';
import { useNoteShortcuts } from '../hooks/use-note-shortcuts';
import { usePlainNoteSave } from '../hooks/use-plain-note-save';
import { NoteEditorFrame } from './note-editor-frame';
import { SaveStatus } from './save-status';

// TipTap loads with the first opened note, not with Quick View's lists.
const RichTextEditor = lazy(async () => ({ default: (await loadRichTextEditor()).RichTextEditor }));
const ConflictDialog = lazy(async () => ({ default: (await import('./conflict-dialog')).ConflictDialog }));

interface PlainNoteSessionProps {
  note: Note;
  /** The edit waiting in the offline queue: shown instead of the note's text, saved against its base. */
  queued: (QueueEntry & EditOp) | null;
  controlRef: RefObject<NoteEditorControl | null>;
  onReplace: (note: Note) => void;
}

/** A note of the user's own projects: Save (and autosave), conflicts, unsaved changes, offline queue. */
export function PlainNoteSession({ note, queued, controlRef, onReplace }: PlainNoteSessionProps) {
  const editorRef = useRef<RichTextEditorHandle | null>(null);
  const userId = useAuth().user?.id ?? null;
  useEffect(() => markNoteOpen(note.id), [note.id]);
  const { enhancing, isEnhancing, onEnhancingChange } = useEnhancing();
  const [title, setTitle] = useState(queued?.title ?? note.title);
  const titleRef = useRef(title);
  titleRef.current = title;
  const session = usePlainNoteSave({ note, queued, userId, editorRef, titleRef, isEnhancing, onReplace });
  const { saving, failed, isDirty, isQueuedAsIs, save, initialText } = session;
  const [blank, setBlank] = useState(() => (initialText?.markdown ?? note.content).trim() === '');
  // Opened from search: the caret goes into the note (the title when the note is empty).
  const location = useLocation();
  const focusOnReady = useRef((location.state as { focusEditor?: unknown } | null)?.focusEditor === true);
  const titleInputRef = useRef<HTMLInputElement>(null);

  useNoteEditorControl(controlRef, { isDirty, save, revert: session.revert });
  useNoteShortcuts({
    save,
    isEnhancing,
    hasUnsavedChanges: () => isDirty() && !isQueuedAsIs(),
    // Offline, the last keystrokes before a closed tab go to the queue at once.
    onPageHide: () => {
      if (!navigator.onLine && isDirty() && !isQueuedAsIs()) void session.queueOffline();
    },
  });

  // Stable, so a status change does not re-render the (memoised) editor.
  const { onEditorReady: sessionEditorReady } = session;
  const onEditorReady = useCallback(
    (handle: RichTextEditorHandle) => {
      sessionEditorReady(handle);
      if (!focusOnReady.current) return;
      focusOnReady.current = false;
      if (handle.isBlank()) titleInputRef.current?.focus();
      else handle.focus('start');
    },
    [sessionEditorReady],
  );

  return (
    <NoteEditorFrame
      mode="plain"
      editorRef={editorRef}
      aiDisabled={saving || blank}
      enhancing={enhancing}
      onEnhancingChange={onEnhancingChange}
      onAiApplied={session.onAiApplied}
      status={
        <>
          <SaveStatus
            label={session.label}
            enhancing={enhancing}
            saving={saving}
            waiting={session.waiting}
            online={session.online}
            failed={failed}
          />
          {/* History lists what the server has: unsaved changes are saved first (not opened if that fails). */}
          <HistoryButton
            noteId={note.id}
            disabled={enhancing !== false}
            beforeOpen={async () => !isDirty() || (await save())}
            getCurrentMarkdown={() => editorRef.current?.getMarkdown() ?? note.content}
            onRestored={session.onRestored}
          />
          {/* Exports what the server has: unsaved changes are saved first. */}
          <NoteExportMenu
            onExport={(format) => void exportNote({ id: note.id, title }, format)}
            beforeExport={() => (isDirty() ? save() : Promise.resolve())}
          />
          <Button
            size="sm"
            onClick={() => void save()}
            pending={saving}
            disabled={enhancing !== false}
            title="Save (Ctrl+S)"
          >
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
      title={{
        value: title,
        inputRef: titleInputRef,
        onChange: (value) => {
          setTitle(value);
          titleRef.current = value;
          session.onTitleChange();
        },
        onEnter: () => editorRef.current?.focus('start'),
      }}
      editor={
        <RichTextEditor
          ref={editorRef}
          initialMarkdown={initialText?.markdown ?? note.content}
          label="Note content"
          placeholder="Start writing..."
          onReady={onEditorReady}
          onChange={session.onContentChange}
          onBlankChange={setBlank}
          editable={enhancing === false}
        />
      }
    >
      {session.conflict && (
        <Suspense fallback={null}>
          <ConflictDialog
            versions={session.conflict}
            onKeepMine={session.chooseMine}
            onUseTheirs={session.chooseTheirs}
            onKeepBoth={session.chooseBoth}
            onCancel={session.decideLater}
          />
        </Suspense>
      )}
    </NoteEditorFrame>
  );
}
