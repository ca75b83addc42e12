import type { Note, NoteSummary } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api';
import { type CacheSnapshot, restoreSnapshot } from '@/lib/cache-snapshot';
import { toast } from '@/lib/toast';
import { applyNoteChange, invalidateAfterNoteChange, snapshotNoteData } from './cache';
import { renameNote } from './update-note';

export interface RenameNoteVariables {
  note: NoteSummary;
  title: string;
}

export function useRenameNote() {
  const queryClient = useQueryClient();
  return useMutation<Note, Error, RenameNoteVariables, CacheSnapshot>({
    mutationFn: ({ note, title }) => renameNote(note.id, title),
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
