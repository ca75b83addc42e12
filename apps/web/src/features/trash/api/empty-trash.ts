import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type CacheSnapshot, restoreSnapshot } from '@/lib/cache-snapshot';
import { trashKeys } from '@/lib/query-keys';
import { removeFromTrash } from './trash-cache';

/** DELETE /api/trash: everything in the caller's Trash, gone for good (204). */
export function emptyTrash(): Promise<void> {
  return api.delete<void>('/api/trash');
}

/** Empty Trash: the list empties at once and comes back if the server refuses. */
export function useEmptyTrash() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, void, CacheSnapshot>({
    mutationFn: emptyTrash,
    onMutate: () => removeFromTrash(queryClient, () => false),
    onError: (_error, _vars, snapshot) => restoreSnapshot(queryClient, snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  });
}
