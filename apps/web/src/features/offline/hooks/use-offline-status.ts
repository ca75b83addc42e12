import { useSyncExternalStore } from 'react';
import { getOfflineStatus, type OfflineStatus, subscribeOfflineStatus } from '../lib/status';

/** The offline state for controls: { offline, userId, lastSyncAt, counts }. */
export function useOfflineStatus(): OfflineStatus {
  return useSyncExternalStore(subscribeOfflineStatus, getOfflineStatus, getOfflineStatus);
}

/** The reason an action that needs the server is disabled offline (its tooltip / description). */
export const OFFLINE_REASON = 'You are offline. This needs a connection to the server.';
