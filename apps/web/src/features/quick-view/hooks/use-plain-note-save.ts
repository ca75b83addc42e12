import type { Note } from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { RichTextEditorHandle } from '@/features/editor';
import { applySavedNote, type UpdateNoteBody, useUpdateNote } from '@/features/notes/api/update-note';
import { type EditOp, isNetworkFailure, type QueueEntry } from '@/features/offline';
import { errorMessage, isApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { ConflictVersions } from '../components/conflict-dialog';
import { mergeOnConflict } from '../lib/merge-on-conflict';
import { createSaveLabelStore } from '../lib/save-label-store';
import { useDirtyCheck } from './use-dirty-check';
import { normalizeTitle } from './use-note-editor-control';
import { type SavedNote, useOfflineEdit } from './use-offline-edit';

/** An open note's offline edit is retried this often while the browser says it is online. */
const OFFLINE_RETRY_MS = 30_000;
/** Personal notes save themselves this long after the last change (like the drafts). */
const AUTOSAVE_DELAY_MS = 1_000;

export interface PendingConflict extends ConflictVersions {
  current: Note;
  resolve: (saved: boolean) => void;
  /** "Keep both": the merge with every overlap holding my text and then theirs. */
  both: { title: string; markdown: string };
}

interface PlainNoteSaveOptions {
  note: Note;
  /** The edit waiting in the offline queue: shown instead of the note's text, saved against its base. */
  queued: (QueueEntry & EditOp) | null;
  userId: string | null;
  editorRef: RefObject<RichTextEditorHandle | null>;
  /** The title field's text as typed (not normalised). */
  titleRef: RefObject<string>;
  isEnhancing: () => boolean;
  /** Open this note instead (remounts the session): 'Use theirs' and Discard. */
  onReplace: (note: Note) => void;
}

/**
 * A plain note's save model: Save (and autosave 1 s after a change) sends only what changed, with the
 * version the edit started from; a 409 opens the conflict choice (keep mine / use theirs / decide
 * later); without a connection the edit goes to the offline queue. The dirty flag is exact (Markdown).
 */
export function usePlainNoteSave({
  note,
  queued,
  userId,
  editorRef,
  titleRef,
  isEnhancing,
  onReplace,
}: PlainNoteSaveOptions) {
  const queryClient = useQueryClient();
  const updateNote = useUpdateNote();
  const saved = useRef<SavedNote>(
    queued
      ? { title: queued.baseTitle, markdown: queued.baseContent, version: queued.baseVersion, snapshot: null }
      : { title: note.title, markdown: note.content, version: note.version, snapshot: null },
  );
  const [initialText] = useState(() => (queued ? { title: queued.title, markdown: queued.content } : null));
  const [saving, setSaving] = useState(false);
  // 'Unsaved changes' and 'Saved': shown by the status label alone (save-label-store.ts).
  const [label] = useState(() => createSaveLabelStore({ dirty: initialText !== null, justSaved: false }));
  // The last save failed (not a conflict): the changes stay here, and Save / the next change retries.
  const [failed, setFailed] = useState(false);
  const [conflict, setConflict] = useState<PendingConflict | null>(null);
  const conflictOpen = useRef(false);
  conflictOpen.current = conflict !== null;
  const scheduleAutosaveRef = useRef<() => void>(() => undefined);
  // Why the next save changes the text, when it is not typing: an AI result, or "Keep mine".
  const nextReason = useRef<'ai' | 'merge' | undefined>(undefined);

  const offline = useOfflineEdit({
    noteId: note.id,
    userId,
    editorRef,
    titleRef,
    saved,
    initialText,
    onQueued: () => setFailed(false),
    onBackOnline: () => scheduleAutosaveRef.current(),
  });
  const { settleQueued } = offline;
  // Kept for later with the reason of the change it holds (an AI result, "Keep mine").
  const queueOffline = useCallback(() => offline.queueOffline(nextReason.current), [offline.queueOffline]);

  const titleDirty = useCallback(() => normalizeTitle(titleRef.current) !== saved.current.title, [titleRef]);
  const contentDirty = useCallback(() => {
    const handle = editorRef.current;
    if (!handle || handle.isSameAs(saved.current.snapshot)) return false;
    return handle.getMarkdown() !== saved.current.markdown;
  }, [editorRef]);
  const isDirty = useCallback(() => titleDirty() || contentDirty(), [titleDirty, contentDirty]);
  const dirtyCheck = useDirtyCheck({
    label,
    isDirty,
    titleDirty,
    isUnchanged: () => editorRef.current?.isSameAs(saved.current.snapshot) ?? false,
  });
  const { setDirty } = dirtyCheck;

  const flashSaved = useCallback(() => {
    label.set({ justSaved: true });
    setFailed(false);
  }, [label]);

  const saveVersion = useCallback(
    async (version: number, quiet = false): Promise<boolean> => {
      const handle = editorRef.current;
      if (!handle) return false;
      const markdown = handle.getMarkdown();
      const snapshot = handle.snapshot();
      const nextTitle = normalizeTitle(titleRef.current);
      const body: UpdateNoteBody = { version };
      if (nextTitle !== saved.current.title) body.title = nextTitle;
      if (markdown !== saved.current.markdown) body.content = markdown;
      if (body.title === undefined && body.content === undefined) {
        nextReason.current = undefined;
        saved.current = { ...saved.current, snapshot };
        setDirty(false);
        flashSaved();
        return true;
      }
      if (nextReason.current) body.reason = nextReason.current;
      setSaving(true);
      try {
        const result = await updateNote(note.id, body);
        nextReason.current = undefined;
        saved.current = { title: result.title, markdown, version: result.version, snapshot };
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
          // Mine is what the editor holds now (what was sent, plus anything typed since).
          const mine = { title: normalizeTitle(titleRef.current), markdown: handle.getMarkdown() };
          const theirs = { title: current.title, markdown: current.content };
          const merged = mergeOnConflict(saved.current, mine, theirs);
          saved.current = {
            title: current.title,
            markdown: current.content,
            version: current.version,
            snapshot: null,
          };
          // Edits to different paragraphs: both are kept and saved without asking (undo reverts the
          // merge in the editor; the server keeps the text before it in the note's history).
          if (merged.auto && merged.auto.title === mine.title) {
            handle.setMarkdown(merged.auto.markdown);
            nextReason.current = 'merge';
            return saveVersion(current.version, quiet);
          }
          return new Promise<boolean>((resolve) =>
            setConflict({
              current,
              resolve,
              mine: { title: mine.title, markdown: mine.markdown },
              theirs: { title: current.title, markdown: current.content, updatedAt: current.updatedAt },
              both: merged.both,
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
    [note.id, updateNote, editorRef, titleRef, isDirty, setDirty, flashSaved, queueOffline, settleQueued],
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
    // The first key after a save re-rendered the whole note view (65 ms of a 128 ms INP at 4x CPU,
    // decision 110): now the label alone.
    label.set({ justSaved: false });
    window.clearTimeout(autosaveTimer.current);
    autosaveTimer.current = window.setTimeout(() => {
      if (isEnhancing() || conflictOpen.current) return;
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
  }, [label, isDirty, isEnhancing, save, flashSaved, queueOffline]);
  scheduleAutosaveRef.current = scheduleAutosave;
  useEffect(() => () => window.clearTimeout(autosaveTimer.current), []);

  // The queued edit of an open note is this editor's to send: try again now and then while online.
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (offline.hasQueued() && navigator.onLine && !conflictOpen.current) scheduleAutosaveRef.current();
    }, OFFLINE_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [offline.hasQueued]);

  const onContentChange = useCallback(() => {
    if (!editorRef.current) return;
    scheduleAutosaveRef.current();
    dirtyCheck.onContentChange();
  }, [editorRef, dirtyCheck.onContentChange]);

  const onTitleChange = useCallback(() => {
    setDirty(isDirty());
    scheduleAutosaveRef.current();
  }, [isDirty, setDirty]);

  /** The editor exists. Opened with a queued offline edit, the saved state is its base, not this text. */
  const onEditorReady = useCallback(
    (handle: RichTextEditorHandle) => {
      if (initialText) {
        if (navigator.onLine) scheduleAutosaveRef.current();
      } else {
        saved.current = { ...saved.current, snapshot: handle.snapshot() };
      }
    },
    [initialText],
  );

  const revert = useCallback(() => {
    dirtyCheck.cancel();
    settleQueued();
    onReplace({
      ...note,
      title: saved.current.title,
      content: saved.current.markdown,
      version: saved.current.version,
    });
  }, [note, onReplace, settleQueued, dirtyCheck.cancel]);

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
    nextReason.current = 'merge';
    void saveVersion(current.version).then(resolve);
  };
  /** Keep both: every overlap keeps my text, then theirs, marked; saved over the server's version. */
  const chooseBoth = () => {
    if (!conflict) return;
    const { current, resolve, both } = conflict;
    setConflict(null);
    editorRef.current?.setMarkdown(both.markdown);
    nextReason.current = 'merge';
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
  /** An AI result is in the text: its save keeps the text from before as a version of its own. */
  const onAiApplied = useCallback(() => {
    nextReason.current = 'ai';
  }, []);
  /** A version was restored on the server: the editor reopens on the note as it now is. */
  const onRestored = (restored: Note) => {
    dirtyCheck.cancel();
    settleQueued();
    onReplace(restored);
  };
  const decideLater = () => {
    conflict?.resolve(false);
    setConflict(null);
  };

  return {
    initialText,
    /** 'Unsaved changes' and 'Saved' (read it with useSaveLabel, or `label.get()`). */
    label,
    saving,
    failed,
    waiting: offline.waiting,
    online: offline.online,
    conflict,
    chooseBoth,
    isDirty,
    isQueuedAsIs: offline.isQueuedAsIs,
    queueOffline,
    save,
    revert,
    onContentChange,
    onTitleChange,
    onEditorReady,
    chooseMine,
    chooseTheirs,
    decideLater,
    onAiApplied,
    onRestored,
  };
}
