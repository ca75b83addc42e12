import type { NoteSummary } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastMovedToTrash } from '@/features/trash/api/undo-delete';
import { api, errorMessage } from '@/lib/api';
import { type CacheSnapshot, restoreSnapshot } from '@/lib/cache-snapshot';
import { toast } from '@/lib/toast';
import { adjustNoteCount, applyNoteChange, invalidateAfterNoteChange, snapshotNoteData } from './cache';

/** DELETE /api/notes/:id: 204; the note goes to Trash (its pins come back with it on restore). */
export function deleteNote(note: Pick<NoteSummary, 'id'>): Promise<void> {
  return api.delete<void>(`/api/notes/${encodeURIComponent(note.id)}`);
}

/**
 * Removes the note from every list and the pins at once; puts it back with a toast on failure. On
 * success the toast offers Undo (a restore from Trash).
 */
export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, NoteSummary, CacheSnapshot>({
    mutationFn: deleteNote,
    onMutate: async (note) => {
      const snapshot = await snapshotNoteData(queryClient);
      applyNoteChange(queryClient, note, null);
      adjustNoteCount(queryClient, note.projectId, -1);
      return snapshot;
    },
    onSuccess: (_result, note) =>
      toastMovedToTrash(queryClient, { kind: 'note', id: note.id, title: note.title }),
    onError: (error, note, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      toast.error(`Could not delete "${note.title}"`, { description: errorMessage(error) });
    },
    onSettled: () => invalidateAfterNoteChange(queryClient),
  });
}
