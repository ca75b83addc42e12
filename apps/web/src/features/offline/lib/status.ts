/**
 * What the offline banner and the offline-aware controls read (decision 024): whether the server can
 * be reached, who is signed in (for the queue's key), the last successful sync and the queue's counts.
 * A tiny external store, so it loads with the first lazy offline chunk and costs the first route nothing.
 */
import type { QueueCounts } from './queue-logic';

export interface OfflineStatus {
  /** navigator.onLine is false, or the last request failed with a network error (no answer). */
  offline: boolean;
  userId: string | null;
  /** When a server answer last refreshed the cache (epoch ms); null before the first. */
  lastSyncAt: number | null;
  counts: QueueCounts;
}

let status: OfflineStatus = {
  offline: typeof navigator !== 'undefined' && !navigator.onLine,
  userId: null,
  lastSyncAt: null,
  counts: { pending: 0, conflicts: 0, failed: 0 },
};
const listeners = new Set<() => void>();

export function getOfflineStatus(): OfflineStatus {
  return status;
}

export function setOfflineStatus(change: Partial<OfflineStatus>): void {
  const next = { ...status, ...change };
  if (
    next.offline === status.offline &&
    next.userId === status.userId &&
    next.lastSyncAt === status.lastSyncAt &&
    next.counts.pending === status.counts.pending &&
    next.counts.conflicts === status.counts.conflicts &&
    next.counts.failed === status.counts.failed
  ) {
    return;
  }
  status = next;
  for (const listener of listeners) listener();
}

export function subscribeOfflineStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Notes open in an editor right now: their own session sends their queued edit (and shows the merge). */
const openNotes = new Map<string, number>();

export function markNoteOpen(noteId: string): () => void {
  openNotes.set(noteId, (openNotes.get(noteId) ?? 0) + 1);
  return () => {
    const count = (openNotes.get(noteId) ?? 1) - 1;
    if (count <= 0) openNotes.delete(noteId);
    else openNotes.set(noteId, count);
  };
}

export function isNoteOpen(noteId: string): boolean {
  return openNotes.has(noteId);
}

/** The last note created offline in this tab, for the composer's success dialog. */
let lastQueuedCreate: { clientId: string; at: number } | null = null;

export function noteQueuedOffline(clientId: string): void {
  lastQueuedCreate = { clientId, at: Date.now() };
  setOfflineStatus({ offline: true });
  try {
    // Read by the composer's success dialog, which must not import this chunk (first-route budget).
    window.sessionStorage.setItem(QUEUED_CAPTURE_FLAG, String(lastQueuedCreate.at));
  } catch {
    // Storage blocked: the dialog shows the usual success text; the banner still counts the note.
  }
}

/** sessionStorage key: when Add Note last went to the offline queue (epoch ms). */
export const QUEUED_CAPTURE_FLAG = 'notewise.offline.queued-capture';

/** True (once) right after Add Note went to the offline queue instead of the server. */
export function takeQueuedCreate(withinMs = 10_000): boolean {
  const recent = lastQueuedCreate !== null && Date.now() - lastQueuedCreate.at < withinMs;
  lastQueuedCreate = null;
  return recent;
}
