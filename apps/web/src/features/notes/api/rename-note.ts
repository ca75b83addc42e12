import type { Note, NoteSummary } from '@notewise/shared';
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

export interface RenameNoteVariables {
  note: NoteSummary;
  title: string;
}

/** PATCH /api/notes/:id with only a title: a rename (400 if empty or unchanged). */
export function renameNote({ note, title }: RenameNoteVariables): Promise<Note> {
  return api.patch<Note>(`/api/notes/${encodeURIComponent(note.id)}`, { title });
}

export function useRenameNote() {
  const queryClient = useQueryClient();
  return useMutation<Note, Error, RenameNoteVariables, CacheSnapshot>({
    mutationFn: renameNote,
    onMutate: async ({ note, title }) => {
      const snapshot = await snapshotNoteData(queryClient);
      applyNoteChange(queryClient, note, { ...note, title });
      return snapshot;
    },
    onError: (error, _variables, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      toast.error('Could not rename the note', { description: errorMessage(error) });
    },
    onSettled: () => invalidateAfterNoteChange(queryClient),
  });
}
