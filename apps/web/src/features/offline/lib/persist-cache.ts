import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { keys, offlineStore } from './store';

/**
 * The TanStack Query cache saved to IndexedDB per signed-in user (decision 024), so every note,
 * project and list loaded before opens offline after a reload (infinite lists with the pages they
 * had loaded). A small persister of our own over the QueryClient's public API:
 * @tanstack/query-persist-client-core pins an older @tanstack/query-core than the app's (a second
 * copy of the cache code), and even TanStack's own dehydrate/hydrate, imported from this lazy chunk,
 * made the bundler split query-core's shared modules out of the first route's chunk (+1.6 KiB gzip).
 */

/** One saved query: its key, its data and when the server gave it. */
export interface SavedQuery {
  queryKey: QueryKey;
  data: unknown;
  dataUpdatedAt: number;
}

/** Changes with every build: a saved cache from another build (other shapes) is dropped. */
export const CACHE_BUSTER = __NOTEWISE_BUILD_ID__;
/** A saved copy older than this is not shown. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Saving waits this long after the last cache change (typing, streaming lists). */
const SAVE_DELAY_MS = 1_000;

export interface SavedCache {
  buster: string;
  userId: string;
  savedAt: number;
  lastSyncAt: number | null;
  queries: SavedQuery[];
}

/** Query keys not worth keeping: search results and AI jobs are for the moment they were made. */
function worthSaving(query: Query): boolean {
  const [root, second] = query.queryKey;
  if (query.state.status !== 'success' || query.state.data === undefined) return false;
  if (root === 'ai') return false;
  return !(root === 'notes' && second === 'search');
}

export async function readSavedCache(userId: string, now = Date.now()): Promise<SavedCache | null> {
  const saved = await offlineStore.get<SavedCache>(keys.cache(userId));
  if (!saved || saved.userId !== userId) return null;
  if (
    saved.buster !== CACHE_BUSTER ||
    now - saved.savedAt > CACHE_MAX_AGE_MS ||
    !Array.isArray(saved.queries)
  ) {
    await offlineStore.del(keys.cache(userId));
    return null;
  }
  return saved;
}

/** Puts the saved queries into the cache, except where the cache already has newer data. */
export function restoreCache(queryClient: QueryClient, saved: SavedCache): void {
  for (const query of saved.queries) {
    const current = queryClient.getQueryState(query.queryKey);
    if (current && current.data !== undefined && current.dataUpdatedAt >= query.dataUpdatedAt) continue;
    queryClient.setQueryData(query.queryKey, query.data, { updatedAt: query.dataUpdatedAt });
  }
}

export function snapshotQueries(queryClient: QueryClient): SavedQuery[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(worthSaving)
    .map((query) => ({
      queryKey: query.queryKey,
      data: query.state.data,
      dataUpdatedAt: query.state.dataUpdatedAt,
    }));
}

export function createCacheSaver(queryClient: QueryClient, getLastSync: () => number | null) {
  let timer: number | undefined;
  let userId: string | null = null;
  let writing: Promise<void> = Promise.resolve();

  const saveNow = () => {
    writing = writing.then(write);
    return writing;
  };
  const write = async () => {
    window.clearTimeout(timer);
    timer = undefined;
    const owner = userId;
    if (!owner) return;
    const saved: SavedCache = {
      buster: CACHE_BUSTER,
      userId: owner,
      savedAt: Date.now(),
      lastSyncAt: getLastSync(),
      queries: snapshotQueries(queryClient),
    };
    try {
      await offlineStore.set(keys.cache(owner), saved);
    } catch (error) {
      // Quota or a blocked IndexedDB: the app works as before, just without a saved copy.
      console.warn('Saving the offline copy failed', error);
    }
  };

  return {
    /** Whose cache is saved from now on (null: nobody; pending saves are dropped). */
    setUser(next: string | null) {
      if (next !== userId) {
        window.clearTimeout(timer);
        timer = undefined;
      }
      userId = next;
    },
    schedule() {
      if (!userId || timer !== undefined) return;
      timer = window.setTimeout(() => void saveNow(), SAVE_DELAY_MS);
    },
    /** Before the page goes away: write what is pending now. */
    flush() {
      if (timer !== undefined) void saveNow();
    },
    /** Resolves when no save is being written (a wipe after it cannot be undone by it). */
    idle(): Promise<void> {
      return writing;
    },
    stop() {
      window.clearTimeout(timer);
      timer = undefined;
      userId = null;
    },
  };
}
