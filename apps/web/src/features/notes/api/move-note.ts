import type { Note, NoteSummary } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api';
import { type CacheSnapshot, restoreSnapshot } from '@/lib/cache-snapshot';
import { toast } from '@/lib/toast';
import { adjustNoteCount, applyNoteChange, invalidateAfterNoteChange, snapshotNoteData } from './cache';

export interface MoveNoteVariables {
  note: NoteSummary;
  projectId: string;
  /** For the confirmation toast. */
  projectName?: string;
}

/** POST /api/notes/:id/move (400 if it is already there). */
export function moveNote({ note, projectId }: MoveNoteVariables): Promise<Note> {
  return api.post<Note>(`/api/notes/${encodeURIComponent(note.id)}/move`, { projectId });
}

/** docs/product.md §4: the note leaves the current project's list at once; it comes back with a toast on failure. */
export function useMoveNote() {
  const queryClient = useQueryClient();
  return useMutation<Note, Error, MoveNoteVariables, CacheSnapshot>({
    mutationFn: moveNote,
    onMutate: async ({ note, projectId }) => {
      const snapshot = await snapshotNoteData(queryClient);
      applyNoteChange(queryClient, note, { ...note, projectId });
      adjustNoteCount(queryClient, note.projectId, -1);
      adjustNoteCount(queryClient, projectId, 1);
      return snapshot;
    },
    onSuccess: (_note, { note, projectName }) => {
      toast.success(projectName ? `Moved "${note.title}" to ${projectName}` : `Moved "${note.title}"`);
    },
    onError: (error, _variables, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      toast.error('Could not move the note', { description: errorMessage(error) });
    },
    onSettled: () => invalidateAfterNoteChange(queryClient),
  });
}
