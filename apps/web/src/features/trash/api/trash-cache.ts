import type { TrashItem } from '@notewise/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type CacheSnapshot, snapshotQueries } from '@/lib/cache-snapshot';
import { invalidateNoteData, projectKeys, sharedProjectKeys, trashKeys } from '@/lib/query-keys';
import type { TrashPages } from './get-trash';

/** The Trash API path of one item. */
export const trashItemPath = (item: Pick<TrashItem, 'kind' | 'id'>) =>
  `/api/trash/${item.kind === 'note' ? 'notes' : 'projects'}/${encodeURIComponent(item.id)}`;

/**
 * Takes items out of the loaded Trash pages at once (a restore or a delete for good shows at once,
 * docs/design.md §2); returns what was there, for restoreSnapshot when the server refuses.
 */
export async function removeFromTrash(
  queryClient: QueryClient,
  keep: (item: TrashItem) => boolean,
): Promise<CacheSnapshot> {
  const snapshot = await snapshotQueries(queryClient, [trashKeys.all]);
  queryClient.setQueriesData<TrashPages>({ queryKey: trashKeys.list() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter(keep) })) } : data,
  );
  return snapshot;
}

export const isItem = (item: Pick<TrashItem, 'kind' | 'id'>) => (other: TrashItem) =>
  other.kind === item.kind && other.id === item.id;

/**
 * A restore puts a note or a whole project back into every list, count, pin and search result, and
 * takes it out of Trash: all of them are refetched (this feature patches no note or project cache, so
 * it stays below the notes and projects features, which call it).
 */
export function invalidateAfterRestore(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    invalidateNoteData(queryClient),
    queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    queryClient.invalidateQueries({ queryKey: sharedProjectKeys.all }),
    queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  ]);
}
