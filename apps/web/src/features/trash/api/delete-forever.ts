import type { TrashItem } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type CacheSnapshot, restoreSnapshot } from '@/lib/cache-snapshot';
import { trashKeys } from '@/lib/query-keys';
import { isItem, removeFromTrash, trashItemPath } from './trash-cache';

/** DELETE /api/trash/notes/:id or /api/trash/projects/:id: gone for good (204). */
export function deleteForever(item: Pick<TrashItem, 'kind' | 'id'>): Promise<void> {
  return api.delete<void>(trashItemPath(item));
}

/** Delete one item for good: the row goes at once and comes back if the server refuses. */
export function useDeleteForever() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, TrashItem, CacheSnapshot>({
    mutationFn: deleteForever,
    onMutate: (item) => removeFromTrash(queryClient, (other) => !isItem(item)(other)),
    onError: (_error, _item, snapshot) => restoreSnapshot(queryClient, snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  });
}
