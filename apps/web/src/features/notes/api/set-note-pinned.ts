import type { NoteSummary } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import {
  applyNoteChange,
  type CacheSnapshot,
  invalidateAfterNoteChange,
  restoreSnapshot,
  snapshotNoteData,
} from './cache';

export interface SetNotePinnedVariables {
  note: NoteSummary;
  pinned: boolean;
}

/** PUT /api/notes/:id/pin pins, DELETE unpins (204 either way). */
export function setNotePinned({ note, pinned }: SetNotePinnedVariables): Promise<void> {
  const path = `/api/notes/${encodeURIComponent(note.id)}/pin`;
  return pinned ? api.put<void>(path, {}) : api.delete<void>(path);
}

/** Pin or unpin at once (pinned notes sort first); rolls back with a toast if the server refuses. */
export function useSetNotePinned() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, SetNotePinnedVariables, CacheSnapshot>({
    mutationFn: setNotePinned,
    onMutate: async ({ note, pinned }) => {
      const snapshot = await snapshotNoteData(queryClient);
      applyNoteChange(queryClient, note, { ...note, pinned });
      return snapshot;
    },
    onError: (error, { pinned }, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      toast.error(pinned ? 'Could not pin the note' : 'Could not unpin the note', {
        description: errorMessage(error),
      });
    },
    onSettled: () => invalidateAfterNoteChange(queryClient),
  });
}
