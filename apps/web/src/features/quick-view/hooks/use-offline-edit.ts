import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { EditorSnapshot, RichTextEditorHandle } from '@/features/editor';
import { dropEdit, type EditOp, enqueue } from '@/features/offline';
import { normalizeTitle } from './use-note-editor-control';

/** The last saved state of a plain note: what an edit is compared with and sent against. */
export interface SavedNote {
  title: string;
  markdown: string;
  version: number;
  /** The document when it was last loaded or saved: a cheap first test of 'unchanged'. */
  snapshot: EditorSnapshot | null;
}

interface OfflineEditOptions {
  noteId: string;
  userId: string | null;
  editorRef: RefObject<RichTextEditorHandle | null>;
  titleRef: RefObject<string>;
  saved: RefObject<SavedNote>;
  /** The text of an edit already waiting in the queue when the note opened (null: none). */
  initialText: { title: string; markdown: string } | null;
  /** An edit went into the queue: the last failure no longer counts. */
  onQueued: () => void;
  /** The connection is back: what waited should be saved now. */
  onBackOnline: () => void;
}

/**
 * A plain note's edits while offline (decision 024): they go to the durable queue (IndexedDB) against
 * the version they started from, and are sent when the connection is back, through the same version
 * check. 'Waiting to sync' shows while this note has an edit in the queue.
 */
export function useOfflineEdit({
  noteId,
  userId,
  editorRef,
  titleRef,
  saved,
  initialText,
  onQueued,
  onBackOnline,
}: OfflineEditOptions) {
  // What waits in the offline queue for this note (null: nothing).
  const queuedText = useRef<{ title: string; markdown: string } | null>(initialText);
  const [waiting, setWaiting] = useState(initialText !== null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const callbacks = useRef({ onQueued, onBackOnline });
  callbacks.current = { onQueued, onBackOnline };

  const queueOffline = useCallback(
    async (reason?: EditOp['reason']): Promise<boolean> => {
      const handle = editorRef.current;
      if (!handle || !userId) return false;
      const text = { title: normalizeTitle(titleRef.current), markdown: handle.getMarkdown() };
      const op: EditOp = {
        kind: 'edit',
        noteId,
        baseVersion: saved.current.version,
        baseTitle: saved.current.title,
        baseContent: saved.current.markdown,
        title: text.title,
        content: text.markdown,
        ...(reason ? { reason } : {}),
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
      callbacks.current.onQueued();
      return true;
    },
    [noteId, userId, editorRef, titleRef, saved],
  );

  /** The server has this note's text now (saved, or theirs taken): the queued edit goes. */
  const settleQueued = useCallback(() => {
    if (!queuedText.current || !userId) return;
    queuedText.current = null;
    setWaiting(false);
    void dropEdit(userId, noteId);
  }, [noteId, userId]);

  // The text on screen is exactly what waits in the offline queue: safe to leave.
  const isQueuedAsIs = useCallback(() => {
    const queuedNow = queuedText.current;
    const handle = editorRef.current;
    if (!queuedNow || !handle) return false;
    return (
      normalizeTitle(titleRef.current) === queuedNow.title && handle.getMarkdown() === queuedNow.markdown
    );
  }, [editorRef, titleRef]);

  const hasQueued = useCallback(() => queuedText.current !== null, []);

  // Back online: what waited is saved.
  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      callbacks.current.onBackOnline();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, []);

  return { waiting, online, queueOffline, settleQueued, isQueuedAsIs, hasQueued };
}
