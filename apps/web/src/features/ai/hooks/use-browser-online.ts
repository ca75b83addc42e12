import { useSyncExternalStore } from 'react';

/**
 * navigator.onLine, live. Kept here rather than imported from features/offline: this toolbar is
 * preloaded by the first route, and every chunk it names there costs that route bytes (decision 024).
 */
function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Same text as features/offline's OFFLINE_REASON. */
export const OFFLINE_REASON = 'You are offline. This needs a connection to the server.';
