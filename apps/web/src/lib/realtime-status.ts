// The live-events connection's status, below the features: the connection (app/realtime) sets it, and
// any feature may show it ("Live") without importing the app layer. Mirrored on
// <html data-realtime="..."> for the end-to-end tests.
import { useSyncExternalStore } from 'react';

/**
 * off: nobody signed in (or the server refused the session); connecting: first attempt, no 'ready'
 * yet; connected: the server said 'ready' and events flow; disconnected: lost, retrying with backoff.
 */
export type RealtimeStatus = 'off' | 'connecting' | 'connected' | 'disconnected';

let currentStatus: RealtimeStatus = 'off';
const statusListeners = new Set<() => void>();

export function setRealtimeStatus(next: RealtimeStatus): void {
  if (next === currentStatus) return;
  currentStatus = next;
  document.documentElement.dataset.realtime = next;
  for (const listener of statusListeners) listener();
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Whether live updates are flowing right now. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    subscribeStatus,
    () => currentStatus,
    () => 'off',
  );
}
