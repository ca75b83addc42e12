import type { Project, RestoredNote, TrashItem } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type CacheSnapshot, restoreSnapshot } from '@/lib/cache-snapshot';
import { invalidateAfterRestore, isItem, removeFromTrash, trashItemPath } from './trash-cache';

/** Where a restored item is now, for the "Restored to ..." toast. */
export type RestoreResult =
  | { kind: 'note'; noteId: string; projectId: string; movedToInbox: boolean }
  | { kind: 'project'; project: Project };

/**
 * POST /api/trash/notes/:id/restore (the note back in its project, or in the Inbox when that project
 * is gone) or POST /api/trash/projects/:id/restore (the project with the notes it took along).
 */
export async function restoreItem(item: Pick<TrashItem, 'kind' | 'id'>): Promise<RestoreResult> {
  const path = `${trashItemPath(item)}/restore`;
  if (item.kind === 'project') {
    const { project } = await api.post<{ project: Project }>(path, {});
    return { kind: 'project', project };
  }
  const { note, movedToInbox } = await api.post<RestoredNote>(path, {});
  return { kind: 'note', noteId: note.id, projectId: note.projectId, movedToInbox };
}

/** Restore from the Trash page: the row goes at once and comes back if the server refuses. */
export function useRestoreItem() {
  const queryClient = useQueryClient();
  return useMutation<RestoreResult, Error, TrashItem, CacheSnapshot>({
    mutationFn: restoreItem,
    onMutate: (item) => removeFromTrash(queryClient, (other) => !isItem(item)(other)),
    onError: (_error, _item, snapshot) => restoreSnapshot(queryClient, snapshot),
    onSettled: () => invalidateAfterRestore(queryClient),
  });
}
