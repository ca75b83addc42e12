import type { NoteSummary } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueue, getOfflineStatus, isNetworkFailure } from '@/features/offline';
import { api, errorMessage } from '@/lib/api';
import { type CacheSnapshot, restoreSnapshot } from '@/lib/cache-snapshot';
import { toast } from '@/lib/toast';
import { applyNoteChange, invalidateAfterNoteChange, snapshotNoteData } from './cache';

export interface SetNotePinnedVariables {
  note: NoteSummary;
  pinned: boolean;
}

/** PUT /api/notes/:id/pin pins, DELETE unpins (204 either way); a failure rejects. */
export function sendNotePin(noteId: string, pinned: boolean): Promise<void> {
  const path = `/api/notes/${encodeURIComponent(noteId)}/pin`;
  return pinned ? api.put<void>(path, {}) : api.delete<void>(path);
}

/**
 * Pins or unpins. Without a connection the change waits in the offline queue (decision 024) and the
 * list keeps showing it.
 */
export async function setNotePinned({ note, pinned }: SetNotePinnedVariables): Promise<void> {
  try {
    await sendNotePin(note.id, pinned);
  } catch (error) {
    const userId = getOfflineStatus().userId;
    if (!userId || !isNetworkFailure(error)) throw error;
    await enqueue(userId, { kind: 'pin', noteId: note.id, pinned });
  }
}

/** Pin or unpin at once (pinned notes sort first); rolls back with a toast if the server refuses. */
export function useSetNotePinned() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, SetNotePinnedVariables, CacheSnapshot>({
    mutationFn: setNotePinned,
    // Offline it runs anyway (into the queue) instead of pausing until a reload forgets it.
    networkMode: 'always',
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
