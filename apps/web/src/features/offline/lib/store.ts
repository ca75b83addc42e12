import { createStore, del, get, set, type UseStore, update } from 'idb-keyval';

/**
 * This browser's offline data (decision 024), one IndexedDB database with one key-value store:
 * - `last-user`: who was signed in last, so a reload can find their saved copy before /api/me answers;
 * - `cache:<userId>`: the saved TanStack Query cache;
 * - `queue:<userId>`: the changes waiting to be sent, in order;
 * - `ydocs:<userId>`: the names of the co-edited documents kept for offline (y-indexeddb databases).
 * Everything of a user goes on sign-out (wipeUser).
 */
export const OFFLINE_DB_NAME = 'notewise-offline';
const STORE_NAME = 'kv';

let store: UseStore | null = null;
function kv(): UseStore {
  store ??= createStore(OFFLINE_DB_NAME, STORE_NAME);
  return store;
}

export const keys = {
  lastUser: 'last-user',
  cache: (userId: string) => `cache:${userId}`,
  queue: (userId: string) => `queue:${userId}`,
  ydocs: (userId: string) => `ydocs:${userId}`,
};

export const offlineStore = {
  get: <T>(key: string) => get<T>(key, kv()),
  set: (key: string, value: unknown) => set(key, value, kv()),
  del: (key: string) => del(key, kv()),
  /** Read-modify-write in one IndexedDB transaction: two updates never lose each other's change. */
  update: <T>(key: string, change: (value: T | undefined) => T) => update<T>(key, change, kv()),
};

/** The y-indexeddb database name of a co-edited note, per user. */
export function ydocName(userId: string, noteId: string): string {
  return `notewise-ydoc:${userId}:${noteId}`;
}

/** Remembers a co-edited document kept offline, so sign-out can delete it. */
export async function rememberYdoc(userId: string, noteId: string): Promise<void> {
  const name = ydocName(userId, noteId);
  await offlineStore.update<string[]>(keys.ydocs(userId), (names = []) =>
    names.includes(name) ? names : [...names, name],
  );
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Another tab still has it open: it goes when that tab closes it.
    request.onblocked = () => resolve();
  });
}

/** Deletes everything this browser keeps for a user: saved cache, queue, co-edited documents. */
export async function wipeUser(userId: string): Promise<void> {
  const names = (await offlineStore.get<string[]>(keys.ydocs(userId))) ?? [];
  await Promise.all(names.map(deleteDatabase));
  await offlineStore.del(keys.ydocs(userId));
  await offlineStore.del(keys.cache(userId));
  await offlineStore.del(keys.queue(userId));
  if ((await offlineStore.get<string>(keys.lastUser)) === userId) await offlineStore.del(keys.lastUser);
}
