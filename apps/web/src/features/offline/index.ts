/**
 * Offline use (decision 024), for other features: the queue's entry points, the status, and the
 * offline-aware hooks. The root (service worker, saved cache, replay, banner) is offline-root.tsx,
 * loaded lazily by app/providers.tsx.
 */
export { OFFLINE_REASON, useOfflineStatus } from './hooks/use-offline-status';
export { useQueuedEdit } from './hooks/use-queued-edit';
export { dropEdit, enqueue } from './lib/queue';
export type { EditOp, QueueEntry } from './lib/queue-logic';
export {
  getOfflineStatus,
  isNoteOpen,
  markNoteOpen,
  noteQueuedOffline,
  takeQueuedCreate,
} from './lib/status';
export { rememberYdoc, ydocName } from './lib/store';

/** A note id the browser makes for a note created offline (the server's `clientId`). */
export function newClientId(): string {
  return crypto.randomUUID();
}

/** True when a failed request never reached the server (no connection), not when it was refused. */
export { isNetworkFailure } from './lib/network';
