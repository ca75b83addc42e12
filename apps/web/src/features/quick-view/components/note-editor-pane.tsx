import { MAX_NOTE_TITLE_LENGTH, type Note, UNTITLED_NOTE_TITLE } from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, NotebookPen } from 'lucide-react';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { AiBusyOverlay } from '@/features/ai';
import { useAuth } from '@/features/auth';
import {
  type CollaborativeEditorHandle,
  CollabSaveStatus,
  type CollabState,
  INITIAL_COLLAB_STATE,
  loadCollaborativeEditor,
  PresenceList,
} from '@/features/collab';
import {
  AiToolbarSlot,
  type EditorSnapshot,
  loadRichTextEditor,
  type RichTextEditorHandle,
} from '@/features/editor';
import { NoteExportMenu } from '@/features/export-import/components/note-export-menu';
import {
  dropEdit,
  type EditOp,
  enqueue,
  isNetworkFailure,
  markNoteOpen,
  type QueueEntry,
  useQueuedEdit,
} from '@/features/offline';
import { errorMessage, isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import {
  applySavedNote,
  PAGE_LOADED_AT,
  renameNote,
  type SaveNoteBody,
  saveNote,
  useNote,
} from '../api/notes';
import { useSharedProjects } from '../api/shared-projects';
import { ColumnMessage } from './column-list';
import type { ConflictVersions } from './conflict-dialog';

// TipTap loads with the first opened note, not with Quick View's lists.
const RichTextEditor = lazy(async () => ({ default: (await loadRichTextEditor()).RichTextEditor }));
const ConflictDialog = lazy(async () => ({ default: (await import('./conflict-dialog')).ConflictDialog }));
// Yjs, the Hocuspocus provider and the collaboration extensions load with the first shared note only.
const CollaborativeEditor = lazy(async () => ({
  default: (await loadCollaborativeEditor()).CollaborativeEditor,
}));

/**
 * Which editor a note gets: notes of shared projects are co-edited live ('collaborative', Yjs through
 * /collab, saved as they change); every other note is 'plain' (Save, conflicts, unsaved changes).
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
  controlRef: RefObject<NoteEditorControl | null>;
}

/** Quick View's editor column: placeholders, or the selected note with its toolbar. */
export function NoteEditorPane({ projectSelected, noteId, controlRef }: NoteEditorPaneProps) {
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
  return <NoteLoader key={noteId} noteId={noteId} controlRef={controlRef} />;
}

function NoteLoader({ noteId, controlRef }: { noteId: string } & Pick<NoteEditorPaneProps, 'controlRef'>) {
  const note = useNote(noteId);
  // An edit made offline and not sent yet (decision 024): the editor opens with it, against its base.
  const { user } = useAuth();
  const queued = useQueuedEdit(user?.id ?? null, noteId);
  // The note's own project decides (not the URL's): co-edited when it is one of the user's shared
  // projects. A failed list falls back to plain editing, which the server also applies live.
  const sharedProjects = useSharedProjects();
  const modeKnown = sharedProjects.isSuccess || sharedProjects.isError;
  // The note as the editor opened it; replaced (and the editor remounted) by 'Use theirs' or Discard.
  // The mode is fixed here too: losing access later shows a message instead of another editor.
  const [session, setSession] = useState<{
    note: Note;
    token: number;
    mode: EditorMode;
    queued?: (QueueEntry & EditOp) | null;
  } | null>(null);
  // An editor opens on this page load's copy of the note, never on a saved offline copy that the
  // server may have moved past; that copy is used only while the refetch cannot run (offline) or failed.
  const current =
    note.data !== undefined &&
    (note.dataUpdatedAt >= PAGE_LOADED_AT || note.fetchStatus === 'paused' || note.isError);
  if (note.data && current && modeKnown && queued !== undefined && session === null) {
    const projectId = note.data.projectId;
    const shared = sharedProjects.data?.some((project) => project.id === projectId) ?? false;
    setSession({ note: note.data, token: 0, mode: shared ? 'collaborative' : 'plain', queued });
  }

  if (session?.mode === 'collaborative') {
    return <CollaborativeNoteSession note={session.note} controlRef={controlRef} />;
  }
  if (session) {
    return (
      <NoteSession
        key={session.token}
        note={session.note}
        queued={session.queued ?? null}
        controlRef={controlRef}
        onReplace={(next) =>
          setSession((current) => ({ note: next, token: (current?.token ?? 0) + 1, mode: 'plain' }))
        }
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
/** An open note's offline edit is retried this often while the browser says it is online. */
const OFFLINE_RETRY_MS = 30_000;
/** Personal notes save themselves this long after the last change (issue 18.5, like the drafts). */
const AUTOSAVE_DELAY_MS = 1_000;

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
  queued: initialQueued,
  controlRef,
  onReplace,
}: {
  note: Note;
  /** The edit waiting in the offline queue: shown instead of the note's text, saved against its base. */
  queued: (QueueEntry & EditOp) | null;
  onReplace: (note: Note) => void;
} & Pick<NoteEditorPaneProps, 'controlRef'>) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const editorRef = useRef<RichTextEditorHandle | null>(null);
  const userId = useAuth().user?.id ?? null;
  const saved = useRef<Saved>(
    initialQueued
      ? {
          title: initialQueued.baseTitle,
          markdown: initialQueued.baseContent,
          version: initialQueued.baseVersion,
          snapshot: null,
        }
      : { title: note.title, markdown: note.content, version: note.version, snapshot: null },
  );
  const initialText = initialQueued ? { title: initialQueued.title, markdown: initialQueued.content } : null;
  // What waits in the offline queue for this note (null: nothing): 'Waiting to sync' while it does.
  const queuedText = useRef<{ title: string; markdown: string } | null>(initialText);
  const [waiting, setWaiting] = useState(initialText !== null);
  useEffect(() => markNoteOpen(note.id), [note.id]);
  const [title, setTitle] = useState(initialText?.title ?? note.title);
  const titleRef = useRef(title);
  titleRef.current = title;
  const [dirty, setDirty] = useState(initialText !== null);
  const [saving, setSaving] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  // The last save failed (not a conflict): the changes stay here, and Save / the next change retries.
  const [failed, setFailed] = useState(false);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [conflict, setConflict] = useState<PendingConflict | null>(null);
  const conflictOpen = useRef(false);
  conflictOpen.current = conflict !== null;
  // An AI enhancement: 'waiting' for its first words (overlay), then 'streaming' into the editor.
  const [enhancing, setEnhancing] = useState<false | 'waiting' | 'streaming'>(false);
  const enhancingRef = useRef(false);
  const streamingFrom = useRef<string | null>(null);
  const [blank, setBlank] = useState(() => (initialText?.markdown ?? note.content).trim() === '');
  // Opened from search: the caret goes into the note (the title when the note is empty).
  const location = useLocation();
  const focusOnReady = useRef((location.state as { focusEditor?: unknown } | null)?.focusEditor === true);
  const titleInputRef = useRef<HTMLInputElement>(null);

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
    scheduleAutosaveRef.current();
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
    setFailed(false);
  }, []);

  // Offline (decision 024): the edit goes to the durable queue (IndexedDB) against the version it
  // started from; it is sent when the connection is back, through the same version check.
  const queueOffline = useCallback(async (): Promise<boolean> => {
    const handle = editorRef.current;
    if (!handle || !userId) return false;
    const text = { title: normalizeTitle(titleRef.current), markdown: handle.getMarkdown() };
    const op: EditOp = {
      kind: 'edit',
      noteId: note.id,
      baseVersion: saved.current.version,
      baseTitle: saved.current.title,
      baseContent: saved.current.markdown,
      title: text.title,
      content: text.markdown,
    };
    try {
      await enqueue(userId, op);
    } catch (error) {
      console.error('Keeping the edit for later failed', error);
      return false;
    }
    const unchanged = text.title === op.baseTitle && text.markdown === op.baseContent;
    queuedText.current = unchanged ? null : text;
    setWaiting(!unchanged);
    setFailed(false);
    return true;
  }, [note.id, userId]);
  const settleQueued = useCallback(() => {
    if (!queuedText.current || !userId) return;
    queuedText.current = null;
    setWaiting(false);
    void dropEdit(userId, note.id);
  }, [note.id, userId]);

  const saveVersion = useCallback(
    async (version: number, quiet = false): Promise<boolean> => {
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
        settleQueued();
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
        // No connection: kept in the offline queue, nothing is lost and nothing is asked.
        if (isNetworkFailure(error) && (await queueOffline())) return true;
        console.error('Saving the note failed', error);
        setFailed(true);
        // An automatic save says so in the status; a save the user asked for also says why.
        if (!quiet) toast.error(errorMessage(error, 'Failed to save the note. Please try again.'));
        return false;
      } finally {
        setSaving(false);
      }
    },
    [note.id, queryClient, isDirty, flashSaved, queueOffline, settleQueued],
  );

  const inFlight = useRef<Promise<boolean> | null>(null);
  const autosaveTimer = useRef<number | undefined>(undefined);
  const save = useCallback(
    (quiet = false) => {
      window.clearTimeout(autosaveTimer.current);
      inFlight.current ??= saveVersion(saved.current.version, quiet).finally(() => {
        inFlight.current = null;
      });
      return inFlight.current;
    },
    [saveVersion],
  );

  // Autosave: 1 s after the last change, through the same version check and conflict dialog as Save.
  // Not while AI output streams in, a conflict waits for the user, or the browser is offline.
  const scheduleAutosave = useCallback(() => {
    setJustSaved(false);
    window.clearTimeout(autosaveTimer.current);
    autosaveTimer.current = window.setTimeout(() => {
      if (enhancingRef.current || conflictOpen.current) return;
      if (!navigator.onLine) {
        if (isDirty()) void queueOffline();
        return;
      }
      if (inFlight.current) {
        // A save is running: look again once it is done.
        void inFlight.current.then(() => scheduleAutosaveRef.current());
        return;
      }
      if (isDirty()) void save(true);
      // Changed back to the saved text: nothing to send, and it is saved.
      else flashSaved();
    }, AUTOSAVE_DELAY_MS);
  }, [isDirty, save, flashSaved, queueOffline]);
  const scheduleAutosaveRef = useRef(scheduleAutosave);
  scheduleAutosaveRef.current = scheduleAutosave;
  useEffect(() => () => window.clearTimeout(autosaveTimer.current), []);

  // Back online: what waited is saved.
  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      scheduleAutosaveRef.current();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, []);

  // The text on screen is exactly what waits in the offline queue: safe to leave.
  const isQueuedAsIs = useCallback(() => {
    const queuedNow = queuedText.current;
    const handle = editorRef.current;
    if (!queuedNow || !handle) return false;
    return (
      normalizeTitle(titleRef.current) === queuedNow.title && handle.getMarkdown() === queuedNow.markdown
    );
  }, []);

  const revert = useCallback(() => {
    window.clearTimeout(checkTimer.current);
    settleQueued();
    onReplace({
      ...note,
      title: saved.current.title,
      content: saved.current.markdown,
      version: saved.current.version,
    });
  }, [note, onReplace, settleQueued]);

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
      // Not while AI output streams in: that would save half of it.
      if (!enhancingRef.current) void save();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty() || isQueuedAsIs()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    // Offline, the last keystrokes before a closed tab go to the queue at once.
    const onPageHide = () => {
      if (!navigator.onLine && isDirty() && !isQueuedAsIs()) void queueOffline();
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [save, isDirty, isQueuedAsIs, queueOffline]);

  // The queued edit of an open note is this editor's to send: try again now and then while online.
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (queuedText.current && navigator.onLine && !conflictOpen.current) scheduleAutosaveRef.current();
    }, OFFLINE_RETRY_MS);
    return () => window.clearInterval(timer);
  }, []);

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
    settleQueued();
    onReplace(current);
    resolve(true);
  };
  const decideLater = () => {
    conflict?.resolve(false);
    setConflict(null);
  };

  const status = enhancing
    ? 'Enhancing...'
    : saving
      ? 'Saving...'
      : dirty && waiting
        ? 'Waiting to sync'
        : dirty && !online
          ? 'Offline: changes kept here'
          : dirty && failed
            ? 'Save failed'
            : dirty
              ? 'Unsaved changes'
              : justSaved
                ? 'Saved'
                : '';

  return (
    <div className="relative flex h-full min-h-0 flex-col" data-editor-mode="plain">
      <div className="flex min-h-14 shrink-0 flex-wrap items-center gap-2 border-b border-border px-4 py-2">
        <AiToolbarSlot
          context="quick-view"
          getText={() => editorRef.current?.getMarkdown() ?? ''}
          setTextStreaming={(text, options) => {
            const handle = editorRef.current;
            if (!handle) return;
            if (streamingFrom.current === null) {
              streamingFrom.current = handle.getMarkdown();
              setEnhancing('streaming');
            }
            if (!options?.done) {
              // Partial output: shown, but no undo step of its own.
              handle.setMarkdown(text, { addToHistory: false });
              return;
            }
            const before = streamingFrom.current;
            streamingFrom.current = null;
            setEnhancing(false);
            if (text === before) {
              // Unchanged (a failure restores the text).
              handle.setMarkdown(before, { addToHistory: false });
              return;
            }
            // One undo step from the text before to the result; the note becomes dirty, Save keeps it.
            handle.setMarkdown(before, { silent: true, addToHistory: false });
            handle.setMarkdown(text);
          }}
          disabled={saving || blank}
          onBusyChange={(busy) => {
            enhancingRef.current = busy;
            setEnhancing(busy ? 'waiting' : false);
          }}
        />
        <span role="status" className="ml-auto flex items-center gap-1.5 text-[13px] text-muted">
          {dirty && !saving && !enhancing && (
            <span
              aria-hidden="true"
              className={cn('size-1.5 rounded-full', failed ? 'bg-danger' : 'bg-warning')}
            />
          )}
          {status}
        </span>
        {/* Exports what the server has: unsaved changes are saved first. */}
        <NoteExportMenu
          note={{ id: note.id, title }}
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
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-8 pb-24 md:px-8">
        <div className="mx-auto w-full max-w-[72ch]">
          <label htmlFor={titleId} className="sr-only">
            Note title
          </label>
          <input
            ref={titleInputRef}
            id={titleId}
            value={title}
            maxLength={MAX_NOTE_TITLE_LENGTH}
            onChange={(event) => {
              setTitle(event.target.value);
              titleRef.current = event.target.value;
              setDirty(isDirty());
              scheduleAutosave();
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
              initialMarkdown={initialText?.markdown ?? note.content}
              label="Note content"
              placeholder="Start writing..."
              onReady={(handle) => {
                // Opened with a queued offline edit: the saved state is its base, not this text.
                if (initialQueued) {
                  if (navigator.onLine) scheduleAutosaveRef.current();
                } else {
                  saved.current = { ...saved.current, snapshot: handle.snapshot() };
                }
                if (!focusOnReady.current) return;
                focusOnReady.current = false;
                if (handle.isBlank()) titleInputRef.current?.focus();
                else handle.focus('start');
              }}
              onChange={onContentChange}
              onBlankChange={setBlank}
              editable={enhancing === false}
            />
          </Suspense>
        </div>
      </div>
      {enhancing === 'waiting' && <AiBusyOverlay />}
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

/** How long Save (Ctrl+S, 'Save Changes') waits for the server to confirm the co-edited text. */
const COLLAB_SAVE_TIMEOUT_MS = 5_000;

/**
 * A note of a shared project: the text is co-edited live (features/collab) and saves itself, so the
 * toolbar shows the live save state and who is here instead of Save. The title stays a REST rename,
 * saved on Enter, on leaving the field and with Ctrl+S.
 */
function CollaborativeNoteSession({
  note,
  controlRef,
}: { note: Note } & Pick<NoteEditorPaneProps, 'controlRef'>) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const editorRef = useRef<CollaborativeEditorHandle | null>(null);
  const [collab, setCollab] = useState<CollabState>(INITIAL_COLLAB_STATE);
  const connection = useRef(collab.connection);
  connection.current = collab.connection;
  const savedTitle = useRef(note.title);
  const [title, setTitle] = useState(note.title);
  const titleRef = useRef(title);
  titleRef.current = title;
  const [renaming, setRenaming] = useState(false);
  // An AI enhancement: 'waiting' for its first words (overlay), then 'streaming' into the shared text.
  const [enhancing, setEnhancing] = useState<false | 'waiting' | 'streaming'>(false);
  const enhancingRef = useRef(false);
  const streamingFrom = useRef<string | null>(null);
  const [blank, setBlank] = useState(() => note.content.trim() === '');
  // Opened from search: the caret goes into the shared text once it has synced (issue 18.7).
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

  useEffect(() => {
    const control: NoteEditorControl = { isDirty, save, revert };
    controlRef.current = control;
    return () => {
      if (controlRef.current === control) controlRef.current = null;
    };
  }, [controlRef, isDirty, save, revert]);

  // Cmd/Ctrl+S saves the title and waits for the text (DESIGN); closing the tab with changes asks.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!enhancingRef.current) void save();
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

  const stopped = collab.connection === 'denied' || collab.connection === 'failed';

  return (
    <div className="relative flex h-full min-h-0 flex-col" data-editor-mode="collaborative">
      <div className="flex min-h-14 shrink-0 flex-wrap items-center gap-2 border-b border-border px-4 py-2">
        {/* The AI's output replaces the text through editor commands, so it reaches everyone. */}
        <AiToolbarSlot
          context="quick-view"
          getText={() => editorRef.current?.getMarkdown() ?? ''}
          setTextStreaming={(text, options) => {
            const handle = editorRef.current;
            if (!handle) return;
            if (streamingFrom.current === null) {
              streamingFrom.current = handle.getMarkdown();
              setEnhancing('streaming');
            }
            if (!options?.done) {
              // Partial output: shown (to everyone), but no undo step of its own.
              handle.setMarkdown(text, { addToHistory: false });
              return;
            }
            const before = streamingFrom.current;
            streamingFrom.current = null;
            setEnhancing(false);
            // The result (or, after a failure, the text from before). Unlike a plain note there is no
            // detour through the old text for one clean undo step: the others would see it flash.
            handle.setMarkdown(text, text === before ? { addToHistory: false } : {});
          }}
          disabled={!collab.ready || stopped || blank}
          onBusyChange={(busy) => {
            enhancingRef.current = busy;
            setEnhancing(busy ? 'waiting' : false);
          }}
        />
        <div className="ml-auto flex min-w-0 items-center gap-3">
          <CollabSaveStatus
            state={renaming ? { ...collab, saving: true } : collab}
            busyLabel={enhancing && 'Enhancing...'}
          />
          <PresenceList people={collab.people} />
          <NoteExportMenu note={{ id: note.id, title }} beforeExport={save} />
        </div>
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
            readOnly={stopped}
            onChange={(event) => {
              setTitle(event.target.value);
              titleRef.current = event.target.value;
            }}
            onBlur={() => void rename()}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void rename();
                editorRef.current?.focus('start');
              }
            }}
            placeholder="Note title..."
            className="mb-4 block w-full bg-transparent text-2xl font-semibold tracking-tight text-fg outline-none placeholder:text-subtle"
          />
          <Suspense fallback={<EditorSkeleton />}>
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
          </Suspense>
        </div>
      </div>
      {enhancing === 'waiting' && <AiBusyOverlay />}
    </div>
  );
}
