import type { Note } from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  type CollaborativeEditorHandle,
  CollabSaveStatus,
  type CollabState,
  INITIAL_COLLAB_STATE,
  loadCollaborativeEditor,
  PresenceList,
} from '@/features/collab';
import { NoteExportMenu } from '@/features/export-import';
import { HistoryButton } from '@/features/history';
import { exportNote } from '@/features/notes/api/export-note';
import { useNote } from '@/features/notes/api/get-note';
import { applySavedNote, renameNote } from '@/features/notes/api/update-note';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useEnhancing } from '../hooks/use-enhancing';
import {
  type NoteEditorControl,
  normalizeTitle,
  useNoteEditorControl,
} from '../hooks/use-note-editor-control';
import { useNoteShortcuts } from '../hooks/use-note-shortcuts';
import { NoteEditorFrame } from './note-editor-frame';

// Yjs, the Hocuspocus provider and the collaboration extensions load with the first shared note only.
const CollaborativeEditor = lazy(async () => ({
  default: (await loadCollaborativeEditor()).CollaborativeEditor,
}));

/** How long Save (Ctrl+S, 'Save Changes') waits for the server to confirm the co-edited text. */
const COLLAB_SAVE_TIMEOUT_MS = 5_000;

interface CollaborativeNoteSessionProps {
  note: Note;
  controlRef: RefObject<NoteEditorControl | null>;
}

/**
 * A note of a shared project: the text is co-edited live (features/collab) and saves itself, so the
 * toolbar shows the live save state and who is here instead of Save. The title stays a REST rename,
 * saved on Enter, on leaving the field and with Ctrl+S.
 */
export function CollaborativeNoteSession({ note, controlRef }: CollaborativeNoteSessionProps) {
  const queryClient = useQueryClient();
  const editorRef = useRef<CollaborativeEditorHandle | null>(null);
  const [collab, setCollab] = useState<CollabState>(INITIAL_COLLAB_STATE);
  const connection = useRef(collab.connection);
  connection.current = collab.connection;
  const savedTitle = useRef(note.title);
  const [title, setTitle] = useState(note.title);
  const titleRef = useRef(title);
  titleRef.current = title;
  const [renaming, setRenaming] = useState(false);
  const { enhancing, isEnhancing, onEnhancingChange } = useEnhancing();
  const [blank, setBlank] = useState(() => note.content.trim() === '');
  // Opened from search: the caret goes into the shared text once it has synced.
  const location = useLocation();
  const [focusOnOpen] = useState(
    () => (location.state as { focusEditor?: unknown } | null)?.focusEditor === true,
  );

  // Renamed by someone else (live events refresh the note): follow, unless this title has edits.
  const liveTitle = useNote(note.id).data?.title;
  useEffect(() => {
    if (liveTitle === undefined || liveTitle === savedTitle.current) return;
    const untouched = normalizeTitle(titleRef.current) === savedTitle.current;
    savedTitle.current = liveTitle;
    if (untouched) setTitle(liveTitle);
  }, [liveTitle]);

  const titleDirty = useCallback(() => normalizeTitle(titleRef.current) !== savedTitle.current, []);
  // The text saves itself: only edits waiting for a lost connection would be lost by leaving.
  const isDirty = useCallback(
    () =>
      titleDirty() ||
      (connection.current === 'offline' && (editorRef.current?.hasUnsyncedChanges() ?? false)),
    [titleDirty],
  );

  const renameInFlight = useRef<Promise<boolean> | null>(null);
  const rename = useCallback((): Promise<boolean> => {
    const run = async () => {
      const next = normalizeTitle(titleRef.current);
      if (next === savedTitle.current) return true;
      setRenaming(true);
      try {
        const result = await renameNote(note.id, next);
        savedTitle.current = result.title;
        if (normalizeTitle(titleRef.current) === next) setTitle(result.title);
        applySavedNote(queryClient, result);
        return true;
      } catch (error) {
        console.error('Renaming the note failed', error);
        toast.error(errorMessage(error, 'Failed to save the note. Please try again.'));
        return false;
      } finally {
        setRenaming(false);
      }
    };
    renameInFlight.current ??= run().finally(() => {
      renameInFlight.current = null;
    });
    return renameInFlight.current;
  }, [note.id, queryClient]);

  const save = useCallback(async () => {
    if (!(await rename())) return false;
    const synced = (await editorRef.current?.whenSynced(COLLAB_SAVE_TIMEOUT_MS)) ?? true;
    if (!synced) toast.error('Some changes have not reached the server yet. They sync when you reconnect.');
    return synced;
  }, [rename]);

  const revert = useCallback(() => setTitle(savedTitle.current), []);

  useNoteEditorControl(controlRef, { isDirty, save, revert });
  // Cmd/Ctrl+S saves the title and waits for the text (docs/design.md §2); closing the tab with changes asks.
  useNoteShortcuts({ save, isEnhancing, hasUnsavedChanges: isDirty });

  const stopped = collab.connection === 'denied' || collab.connection === 'failed';

  return (
    <NoteEditorFrame
      mode="collaborative"
      editorRef={editorRef}
      aiDisabled={!collab.ready || stopped || blank}
      enhancing={enhancing}
      onEnhancingChange={onEnhancingChange}
      status={
        <div className="ml-auto flex min-w-0 items-center gap-3">
          <CollabSaveStatus
            state={renaming ? { ...collab, saving: true } : collab}
            busyLabel={enhancing && 'Enhancing...'}
          />
          <PresenceList people={collab.people} />
          {/* A restore is applied to the live document by the server: this editor updates by itself. */}
          <HistoryButton
            noteId={note.id}
            disabled={enhancing !== false || stopped}
            beforeOpen={save}
            getCurrentMarkdown={() => editorRef.current?.getMarkdown() ?? note.content}
            onRestored={() => undefined}
          />
          <NoteExportMenu
            onExport={(format) => void exportNote({ id: note.id, title }, format)}
            beforeExport={save}
          />
        </div>
      }
      title={{
        value: title,
        readOnly: stopped,
        onChange: (value) => {
          setTitle(value);
          titleRef.current = value;
        },
        onBlur: () => void rename(),
        onEnter: () => {
          void rename();
          editorRef.current?.focus('start');
        },
      }}
      editor={
        <CollaborativeEditor
          ref={editorRef}
          noteId={note.id}
          label="Note content"
          placeholder="Start writing..."
          autoFocus={focusOnOpen ? 'start' : false}
          editable={enhancing === false}
          onBlankChange={setBlank}
          onStateChange={setCollab}
        />
      }
    />
  );
}
