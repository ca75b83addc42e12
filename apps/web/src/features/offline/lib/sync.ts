import type { Note } from '@notewise/shared';
import type { QueryClient } from '@tanstack/react-query';
import { api, errorMessage, isApiError } from '@/lib/api';
import { NOTES_KEY, noteDetailKey, PROJECTS_KEY } from './cache-keys';
import { conflictCurrent, mergeQueuedEdit } from './merge-queued-edit';
import { readQueue, settle } from './queue';
import { type EditOp, entryNoteId, nextToSend, type QueueEntry } from './queue-logic';
import { isNoteOpen } from './status';

/**
 * The notes endpoints, supplied by the notes feature (its api/ is their only client) when the app
 * loads offline use: the notes feature already imports this one, so importing it back would make
 * a circle.
 */
export interface SyncTransport {
  /** PATCH /api/notes/:id; a stale version rejects with 409 and the current note in its details. */
  updateNote(
    noteId: string,
    body: { version: number; title?: string; content?: string; reason?: EditOp['reason'] },
  ): Promise<Note>;
  /** Pins or unpins; rejects as the request did. */
  setPinned(noteId: string, pinned: boolean): Promise<void>;
}

let transport: SyncTransport | null = null;

/** Gives the queue's replay the notes endpoints; called once before the offline root mounts. */
export function setSyncTransport(next: SyncTransport): void {
  transport = next;
}

type Outcome =
  | { result: 'done'; version?: number; title?: string; content?: string }
  | { result: 'conflict' | 'failed'; error?: string }
  | { result: 'stop' };

/**
 * Statuses after which the same request later may succeed: no answer, the session (sign in again),
 * too many requests, the server failing. The queue stops there and tries again later.
 */
function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 401 || error.status === 429 || error.status >= 500;
}

async function send(entry: QueueEntry, queryClient: QueryClient): Promise<Outcome> {
  // Without the notes endpoints nothing can be sent yet: the queue waits, as when offline.
  if (!transport) return { result: 'stop' };
  const notes = transport;
  try {
    if (entry.kind === 'create') {
      await api.post('/api/ai/capture', {
        content: entry.content,
        clientId: entry.clientId,
        ...(entry.projectId ? { projectId: entry.projectId } : {}),
        ...(entry.title ? { title: entry.title } : {}),
      });
      return { result: 'done' };
    }
    if (entry.kind === 'pin') {
      await notes.setPinned(entry.noteId, entry.pinned);
      return { result: 'done' };
    }
    const body: { version: number; title?: string; content?: string; reason?: EditOp['reason'] } = {
      version: entry.baseVersion,
    };
    if (entry.reason) body.reason = entry.reason;
    if (entry.title !== entry.baseTitle) body.title = entry.title;
    if (entry.content !== entry.baseContent) body.content = entry.content;
    let note: Note;
    try {
      note = await notes.updateNote(entry.noteId, body);
    } catch (error) {
      // Changed elsewhere too: edits to different paragraphs are merged and saved without a dialog
      // (the server keeps the text before the merge in the note's history).
      const current = isApiError(error, 409) ? conflictCurrent(error.details) : null;
      const merged = current ? mergeQueuedEdit(entry, current) : null;
      if (!current || !merged) throw error;
      note = await notes.updateNote(entry.noteId, {
        version: current.version,
        title: merged.title,
        content: merged.content,
        reason: 'merge',
      });
    }
    queryClient.setQueryData(noteDetailKey(note.id), note);
    return { result: 'done', version: note.version, title: note.title, content: note.content };
  } catch (error) {
    if (isTransient(error)) return { result: 'stop' };
    // Overlapping changes: the note's editor shows both sides (merge dialog) when opened.
    if (isApiError(error, 409))
      return { result: 'conflict', error: 'Changed elsewhere while you were offline.' };
    if (isApiError(error, 404))
      return { result: 'failed', error: 'This note was deleted. Restore it from Trash, then edit it again.' };
    return { result: 'failed', error: errorMessage(error) };
  }
}

let running: Promise<void> | null = null;

/**
 * Sends the user's queue in order, one request at a time, until it is empty or the server cannot be
 * reached. A conflict or a refusal marks that entry and the rest go on. Notes open in an editor are
 * left to it. One run at a time per tab; across tabs a Web Lock keeps two replays from interleaving.
 */
export function syncQueue(userId: string, queryClient: QueryClient): Promise<void> {
  running ??= (async () => {
    const run = async () => {
      let sentAny = false;
      for (;;) {
        const entry = nextToSend(await readQueue(userId), (item) => {
          const noteId = entryNoteId(item);
          return item.kind === 'edit' && noteId !== null && isNoteOpen(noteId);
        });
        if (!entry) break;
        const outcome = await send(entry, queryClient);
        if (outcome.result === 'stop') break;
        await settle(userId, entry, outcome);
        sentAny = true;
      }
      if (sentAny) {
        void queryClient.invalidateQueries({ queryKey: NOTES_KEY });
        void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      }
    };
    if (typeof navigator !== 'undefined' && navigator.locks) {
      await navigator.locks.request(`notewise-offline-sync:${userId}`, run);
    } else {
      await run();
    }
  })().finally(() => {
    running = null;
  });
  return running;
}
