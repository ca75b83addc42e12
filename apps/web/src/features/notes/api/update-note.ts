import type { Note } from '@notewise/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api';
import { noteKeys } from '@/lib/query-keys';

export interface UpdateNoteBody {
  title?: string;
  content?: string;
  /**
   * The version the edit started from; a stale one answers 409 with the current note in the error's
   * details. Without it (a rename) the title is written whatever the text's version.
   */
  version?: number;
  /**
   * Why the text changed, for the note's history: 'ai' after an AI Replace, 'merge' for "Keep mine"
   * after a conflict (both keep the text before them as a version of its own); 'edit' when omitted.
   */
  reason?: 'edit' | 'ai' | 'merge';
}

/** PATCH /api/notes/:id */
export function updateNote(id: string, body: UpdateNoteBody): Promise<Note> {
  return api.patch<Note>(`/api/notes/${encodeURIComponent(id)}`, body);
}

/**
 * PATCH /api/notes/:id with only a title: a rename, without a version (no conflict with the text,
 * which co-editing may be changing at the same moment). 400 if empty.
 */
export function renameNote(id: string, title: string): Promise<Note> {
  return updateNote(id, { title });
}

/** After a save: the note's own cache entry, and every list, pin and search result refreshed. */
export function applySavedNote(queryClient: QueryClient, note: Note): void {
  queryClient.setQueryData(noteKeys.detail(note.id), note);
  void queryClient.invalidateQueries({
    queryKey: noteKeys.all,
    predicate: (query) => query.queryKey[1] !== 'detail',
  });
}

/**
 * Saves an open note: PATCH, then the answer goes into the cache (applySavedNote). Errors (a 409
 * conflict, no connection) reach the caller, which decides what to ask: no toast here.
 */
export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string, body: UpdateNoteBody): Promise<Note> => {
      const note = await updateNote(id, body);
      applySavedNote(queryClient, note);
      return note;
    },
    [queryClient],
  );
}
