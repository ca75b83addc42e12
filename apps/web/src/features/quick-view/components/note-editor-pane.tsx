import { MAX_NOTE_TITLE_LENGTH, type Note, UNTITLED_NOTE_TITLE } from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, NotebookPen } from 'lucide-react';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import {
  AiToolbarSlot,
  type EditorSnapshot,
  loadRichTextEditor,
  type RichTextEditorHandle,
} from '@/features/editor';
import { errorMessage, isApiError } from '@/lib/api';
import { applySavedNote, type SaveNoteBody, saveNote, useNote } from '../api/notes';
import { ColumnMessage } from './column-list';
import type { ConflictVersions } from './conflict-dialog';

// TipTap loads with the first opened note, not with Quick View's lists.
const RichTextEditor = lazy(async () => ({ default: (await loadRichTextEditor()).RichTextEditor }));
const ConflictDialog = lazy(async () => ({ default: (await import('./conflict-dialog')).ConflictDialog }));

/**
 * Which editor a note gets. Shared projects' notes will be co-edited (Yjs through /collab) by a
 * collaborative editor that replaces the plain one in NoteSession; until then every note is 'plain'.
 */
export type EditorMode = 'plain' | 'collaborative';

/** What the page needs from the open note before switching away from it. */
export interface NoteEditorControl {
  /** Title or text differs from the last saved (exact: compares the Markdown). */
  isDirty(): boolean;
  /** Saves, resolving a conflict with the user first; true when nothing unsaved is left. */
  save(): Promise<boolean>;
  /** Drops the changes: back to the last saved title and text. */
  revert(): void;
}

interface NoteEditorPaneProps {
  projectSelected: boolean;
  noteId: string | null;
  mode: EditorMode;
  controlRef: RefObject<NoteEditorControl | null>;
}

/** Quick View's editor column: placeholders, or the selected note with its toolbar. */
export function NoteEditorPane({ projectSelected, noteId, mode, controlRef }: NoteEditorPaneProps) {
  if (!noteId) {
    return (
      <ColumnMessage
        icon={<NotebookPen size={20} aria-hidden="true" />}
        title="No note selected"
        description={
          projectSelected
            ? 'Select a note from the sidebar to start editing'
            : 'Select a project to view notes'
        }
        className="my-auto"
      />
    );
  }
  return <NoteLoader key={noteId} noteId={noteId} mode={mode} controlRef={controlRef} />;
}

function NoteLoader({
  noteId,
  mode,
  controlRef,
}: { noteId: string } & Pick<NoteEditorPaneProps, 'mode' | 'controlRef'>) {
  const note = useNote(noteId);
  // The note as the editor opened it; replaced (and the editor remounted) by 'Use theirs' or Discard.
  const [session, setSession] = useState<{ note: Note; token: number } | null>(null);
  if (note.data && session === null) setSession({ note: note.data, token: 0 });

  if (session) {
    return (
      <NoteSession
        key={session.token}
        note={session.note}
        mode={mode}
        controlRef={controlRef}
        onReplace={(next) => setSession((current) => ({ note: next, token: (current?.token ?? 0) + 1 }))}
      />
    );
  }
  if (note.isError) {
    return (
      <ColumnMessage
        icon={<FileText size={20} aria-hidden="true" />}
        title={isApiError(note.error, 404) ? 'Note not found' : 'Could not load this note'}
        description={
          isApiError(note.error, 404)
            ? 'It may have been deleted or moved. Pick another note from the list.'
            : errorMessage(note.error)
        }
        action={
          isApiError(note.error, 404) ? undefined : (
            <Button variant="secondary" size="sm" onClick={() => void note.refetch()}>
              Try again
            </Button>
          )
        }
        className="my-auto"
      />
    );
  }
  return <EditorSkeleton />;
}

function EditorSkeleton() {
  return (
    <div className="mx-auto w-full max-w-[72ch] space-y-4 px-6 pt-16" aria-hidden="true">
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
    </div>
  );
}

/** After this long without a change, the 'Unsaved changes' indicator compares the Markdown... */
const DIRTY_CHECK_DELAY_MS = 300;
/** ...and at least this often while typing goes on. */
const DIRTY_CHECK_MAX_WAIT_MS = 1_000;
const SAVED_MESSAGE_MS = 2_000;

/** requestIdleCallback where there is one (not in Safari), within a second at most. */
function whenIdle(callback: () => void) {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(callback, { timeout: 1_000 });
  else window.setTimeout(callback, 0);
}

const normalizeTitle = (title: string) => title.trim() || UNTITLED_NOTE_TITLE;

interface Saved {
  title: string;
  markdown: string;
  version: number;
  /** The document when it was last loaded or saved: a cheap first test of 'unchanged'. */
  snapshot: EditorSnapshot | null;
}

interface PendingConflict extends ConflictVersions {
  current: Note;
  resolve: (saved: boolean) => void;
}

function NoteSession({
  note,
  mode,
  controlRef,
  onReplace,
}: {
  note: Note;
  onReplace: (note: Note) => void;
} & Pick<NoteEditorPaneProps, 'mode' | 'controlRef'>) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const editorRef = useRef<RichTextEditorHandle | null>(null);
  const saved = useRef<Saved>({
    title: note.title,
    markdown: note.content,
    version: note.version,
    snapshot: null,
  });
  const [title, setTitle] = useState(note.title);
  const titleRef = useRef(title);
  titleRef.current = title;
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const [conflict, setConflict] = useState<PendingConflict | null>(null);

  const titleDirty = useCallback(() => normalizeTitle(titleRef.current) !== saved.current.title, []);
  const contentDirty = useCallback(() => {
    const handle = editorRef.current;
    if (!handle || handle.isSameAs(saved.current.snapshot)) return false;
    return handle.getMarkdown() !== saved.current.markdown;
  }, []);
  const isDirty = useCallback(() => titleDirty() || contentDirty(), [titleDirty, contentDirty]);

  // The indicator: free while the document equals the saved one, else a Markdown comparison once
  // typing pauses (at least every second), never on each key.
  const checkTimer = useRef<number | undefined>(undefined);
  const firstChangeAt = useRef(0);
  const onContentChange = useCallback(() => {
    const handle = editorRef.current;
    if (!handle) return;
    if (handle.isSameAs(saved.current.snapshot)) {
      window.clearTimeout(checkTimer.current);
      firstChangeAt.current = 0;
      setDirty(titleDirty());
      return;
    }
    const now = performance.now();
    if (firstChangeAt.current === 0) firstChangeAt.current = now;
    const wait = Math.min(
      DIRTY_CHECK_DELAY_MS,
      Math.max(0, firstChangeAt.current + DIRTY_CHECK_MAX_WAIT_MS - now),
    );
    window.clearTimeout(checkTimer.current);
    checkTimer.current = window.setTimeout(() => {
      firstChangeAt.current = 0;
      // Serialising a long note takes a few ms: do it when the browser is idle, not between keys.
      whenIdle(() => setDirty(isDirty()));
    }, wait);
  }, [isDirty, titleDirty]);
  useEffect(() => () => window.clearTimeout(checkTimer.current), []);

  const flashSaved = useCallback(() => {
    setJustSaved(true);
    window.setTimeout(() => setJustSaved(false), SAVED_MESSAGE_MS);
  }, []);

  const saveVersion = useCallback(
    async (version: number): Promise<boolean> => {
      const handle = editorRef.current;
      if (!handle) return false;
      const markdown = handle.getMarkdown();
      const snapshot = handle.snapshot();
      const nextTitle = normalizeTitle(titleRef.current);
      const body: SaveNoteBody = { version };
      if (nextTitle !== saved.current.title) body.title = nextTitle;
      if (markdown !== saved.current.markdown) body.content = markdown;
      if (body.title === undefined && body.content === undefined) {
        saved.current = { ...saved.current, snapshot };
        setDirty(false);
        flashSaved();
        return true;
      }
      setSaving(true);
      try {
        const result = await saveNote(note.id, body);
        saved.current = { title: result.title, markdown, version: result.version, snapshot };
        applySavedNote(queryClient, result);
        setDirty(isDirty());
        flashSaved();
        return true;
      } catch (error) {
        const current = isApiError(error, 409)
          ? (error.details as { current?: Note } | undefined)?.current
          : undefined;
        if (current) {
          setSaving(false);
          return new Promise<boolean>((resolve) =>
            setConflict({
              current,
              resolve,
              mine: { title: nextTitle, markdown },
              theirs: { title: current.title, markdown: current.content, updatedAt: current.updatedAt },
            }),
          );
        }
        console.error('Saving the note failed', error);
        toast.error(errorMessage(error, 'Failed to save the note. Please try again.'));
        return false;
      } finally {
        setSaving(false);
      }
    },
    [note.id, queryClient, isDirty, flashSaved],
  );

  const inFlight = useRef<Promise<boolean> | null>(null);
  const save = useCallback(() => {
    inFlight.current ??= saveVersion(saved.current.version).finally(() => {
      inFlight.current = null;
    });
    return inFlight.current;
  }, [saveVersion]);

  const revert = useCallback(() => {
    window.clearTimeout(checkTimer.current);
    onReplace({
      ...note,
      title: saved.current.title,
      content: saved.current.markdown,
      version: saved.current.version,
    });
  }, [note, onReplace]);

  useEffect(() => {
    const control: NoteEditorControl = { isDirty, save, revert };
    controlRef.current = control;
    return () => {
      if (controlRef.current === control) controlRef.current = null;
    };
  }, [controlRef, isDirty, save, revert]);

  // Cmd/Ctrl+S saves (DESIGN); closing the tab with changes asks first.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      void save();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [save, isDirty]);

  const chooseMine = () => {
    if (!conflict) return;
    const { current, resolve } = conflict;
    setConflict(null);
    // Compare against the server's version, so both the title and the text of mine are sent.
    saved.current = {
      title: current.title,
      markdown: current.content,
      version: current.version,
      snapshot: null,
    };
    void saveVersion(current.version).then(resolve);
  };
  const chooseTheirs = () => {
    if (!conflict) return;
    const { current, resolve } = conflict;
    setConflict(null);
    applySavedNote(queryClient, current);
    onReplace(current);
    resolve(true);
  };
  const decideLater = () => {
    conflict?.resolve(false);
    setConflict(null);
  };

  const status = saving ? 'Saving...' : dirty ? 'Unsaved changes' : justSaved ? 'Saved' : '';
  const editorMode: EditorMode = mode; // 'collaborative' will mount the co-editing editor here.

  return (
    <div className="flex h-full min-h-0 flex-col" data-editor-mode={editorMode}>
      <div className="flex h-14 shrink-0 items-center gap-2 border-b border-border px-4">
        <AiToolbarSlot
          context="quick-view"
          getText={() => editorRef.current?.getMarkdown() ?? ''}
          setTextStreaming={(text) => editorRef.current?.setMarkdown(text)}
          disabled={saving}
        />
        <span role="status" className="ml-auto flex items-center gap-1.5 text-[13px] text-muted">
          {dirty && !saving && <span aria-hidden="true" className="size-1.5 rounded-full bg-warning" />}
          {status}
        </span>
        <Button size="sm" onClick={() => void save()} pending={saving} title="Save (Ctrl+S)">
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-8 pb-24 md:px-8">
        <div className="mx-auto w-full max-w-[72ch]">
          <label htmlFor={titleId} className="sr-only">
            Note title
          </label>
          <input
            id={titleId}
            value={title}
            maxLength={MAX_NOTE_TITLE_LENGTH}
            onChange={(event) => {
              setTitle(event.target.value);
              titleRef.current = event.target.value;
              setDirty(isDirty());
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                editorRef.current?.focus('start');
              }
            }}
            placeholder="Note title..."
            className="mb-4 block w-full bg-transparent text-2xl font-semibold tracking-tight text-fg outline-none placeholder:text-subtle"
          />
          <Suspense fallback={<EditorSkeleton />}>
            <RichTextEditor
              ref={editorRef}
              initialMarkdown={note.content}
              label="Note content"
              placeholder="Start writing..."
              onReady={(handle) => {
                saved.current = { ...saved.current, snapshot: handle.snapshot() };
              }}
              onChange={onContentChange}
            />
          </Suspense>
        </div>
      </div>
      {conflict && (
        <Suspense fallback={null}>
          <ConflictDialog
            versions={conflict}
            onKeepMine={chooseMine}
            onUseTheirs={chooseTheirs}
            onCancel={decideLater}
          />
        </Suspense>
      )}
    </div>
  );
}
