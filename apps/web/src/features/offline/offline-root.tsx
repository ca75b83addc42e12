/** @jsxRuntime classic */
/** @jsx React.createElement */
// Classic JSX (React.createElement): the automatic runtime import made the bundler split react/jsx-runtime
// out of the first route's chunk (decision 024, first-route budget).
import type { Me } from '@notewise/shared';
import type { QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
// biome-ignore lint/correctness/noUnusedImports: the classic JSX pragma above compiles to React.createElement.
import React, { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api';
import { OfflineBanner } from './components/offline-banner';
import { ME_KEY as ME_QUERY_KEY } from './lib/cache-keys';
import { createCacheSaver, readSavedCache, restoreCache } from './lib/persist-cache';
import { readQueue, subscribeQueue } from './lib/queue';
import { countEntries, type QueueEntry } from './lib/queue-logic';
import { getOfflineStatus, setOfflineStatus } from './lib/status';
import { keys, offlineStore, wipeUser } from './lib/store';
import { syncQueue } from './lib/sync';

/** The notes endpoints the replay sends through: the app hands them in before this root mounts. */
export { type SyncTransport, setSyncTransport } from './lib/sync';

/** While something waits to be sent and the browser says it is online, try again this often. */
const RETRY_INTERVAL_MS = 30_000;

/** Registers the service worker once the page has loaded (production builds only: vite dev has none). */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function isMeEvent(event: QueryCacheNotifyEvent): boolean {
  return event.query.queryKey[0] === ME_QUERY_KEY[0];
}

/**
 * Offline use (decision 024), loaded lazily after the first render so the first route pays only for
 * the import: the service worker, the saved query cache (restored on load, saved on change, per
 * user, wiped on sign-out), the change queue's replay, and the banner.
 */
export default function OfflineRoot({ client: queryClient }: { client: QueryClient }) {
  const [attention, setAttention] = useState<QueueEntry[]>([]);

  useEffect(registerServiceWorker, []);

  useEffect(() => {
    let disposed = false;
    let lastSyncAt: number | null = null;
    const saver = createCacheSaver(queryClient, () => lastSyncAt);
    let userId: string | null = null;
    // The user whose saved copy was restored (not yet confirmed by the server).
    let restoredFor: string | null = null;

    const refreshQueue = async () => {
      if (!userId) {
        setOfflineStatus({ counts: { pending: 0, conflicts: 0, failed: 0 } });
        setAttention([]);
        return;
      }
      const owner = userId;
      const entries = await readQueue(owner);
      if (disposed || owner !== userId) return;
      setOfflineStatus({ counts: countEntries(entries) });
      setAttention(entries.filter((entry) => entry.state !== 'pending'));
    };

    const sync = () => {
      if (!userId || !navigator.onLine) return;
      void syncQueue(userId, queryClient).then(refreshQueue);
    };

    const setUser = (next: string | null) => {
      if (next === userId) return;
      userId = next;
      saver.setUser(next);
      setOfflineStatus({ userId: next });
      if (next) {
        void offlineStore.set(keys.lastUser, next);
        saver.schedule();
      }
      void refreshQueue();
      sync();
    };

    const restore = async () => {
      const last = await offlineStore.get<string>(keys.lastUser);
      if (!last || disposed) return;
      const saved = await readSavedCache(last);
      if (!saved || disposed) return;
      // The server already answered for someone else (or nobody): that copy is not shown.
      const me = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
      if (me !== undefined && me?.id !== last) return;
      restoreCache(queryClient, saved);
      restoredFor = last;
      lastSyncAt = saved.lastSyncAt;
      setOfflineStatus({ lastSyncAt });
      const restoredMe = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
      if (restoredMe?.id === last) setUser(last);
      // Online: what was restored is refreshed (active queries refetch); offline it waits.
      if (navigator.onLine) void queryClient.invalidateQueries();
    };

    const onMeChange = (event: QueryCacheNotifyEvent) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const next = (event.action.data as Me | null | undefined)?.id ?? null;
      const previous = userId;
      if (next === previous) return;
      const manual = event.action.manual === true;
      if (previous && next === null) {
        // Signed out here: everything of theirs goes. The server forgot the session (401): the saved
        // cache goes, their queue stays for when they sign in again.
        const wipe = manual ? () => wipeUser(previous) : () => offlineStore.del(keys.cache(previous));
        void saver.idle().then(wipe);
      } else if (previous && next) {
        void saver.idle().then(() => offlineStore.del(keys.cache(previous)));
        // A restored copy that turned out to be someone else's: nothing of it may stay on screen.
        if (!manual && restoredFor === previous) {
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
        }
      }
      restoredFor = null;
      setUser(next);
    };

    const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
      if (isMeEvent(event)) onMeChange(event);
      if (event.type === 'updated') {
        const action = event.action;
        if (action.type === 'success' && !action.manual) {
          lastSyncAt = Date.now();
          setOfflineStatus({ lastSyncAt, offline: !navigator.onLine });
        } else if (action.type === 'error' && isApiError(action.error, 0)) {
          setOfflineStatus({ offline: true });
        }
      }
      if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') saver.schedule();
    });

    const initialMe = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
    if (initialMe) setUser(initialMe.id);
    void restore();

    const goOnline = () => {
      setOfflineStatus({ offline: false });
      sync();
    };
    const goOffline = () => setOfflineStatus({ offline: true });
    const onPageHide = () => saver.flush();
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    window.addEventListener('pagehide', onPageHide);
    const unsubscribeQueue = subscribeQueue(() => void refreshQueue());
    const retry = window.setInterval(() => {
      const { counts } = getOfflineStatus();
      if (counts.pending > 0) sync();
    }, RETRY_INTERVAL_MS);

    return () => {
      disposed = true;
      saver.flush();
      saver.stop();
      unsubscribeCache();
      unsubscribeQueue();
      window.clearInterval(retry);
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [queryClient]);

  return (
    <OfflineBanner
      queryClient={queryClient}
      attention={attention}
      onSyncNow={() => {
        const { userId } = getOfflineStatus();
        if (userId) void syncQueue(userId, queryClient);
      }}
    />
  );
}
