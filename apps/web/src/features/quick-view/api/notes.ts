import type { Note } from '@notewise/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { noteKeys } from '@/features/notes/queries';
import { api } from '@/lib/api';

/** GET /api/notes/:id */
export function fetchNote(id: string, signal?: AbortSignal): Promise<Note> {
  return api.get<Note>(`/api/notes/${encodeURIComponent(id)}`, { signal });
}

/**
 * The note being edited. Not refetched on focus: the editor keeps its own copy from when it opened,
 * and a newer server version shows up as a conflict on save instead of replacing the user's text.
 */
/**
 * When this page was loaded. A note copy older than that came from the saved offline cache (decision
 * 024) and may be behind the server: it is asked for again before an editor opens on it.
 */
export const PAGE_LOADED_AT = performance.timeOrigin;

export function useNote(id: string) {
  return useQuery({
    queryKey: noteKeys.detail(id),
    queryFn: ({ signal }) => fetchNote(id, signal),
    refetchOnWindowFocus: false,
    // Kept current in memory by saves and live events; a copy restored from IndexedDB is refetched.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: (query) => (query.state.dataUpdatedAt < PAGE_LOADED_AT ? 'always' : false),
  });
}

export interface SaveNoteBody {
  title?: string;
  content?: string;
  /** The version the edit started from; a stale one answers 409 with the current note. */
  version: number;
}

/** PATCH /api/notes/:id */
export function saveNote(id: string, body: SaveNoteBody): Promise<Note> {
  return api.patch<Note>(`/api/notes/${encodeURIComponent(id)}`, body);
}

/**
 * PATCH /api/notes/:id with only a title: a rename, without a version (no conflict with the text,
 * which co-editing may be changing at the same moment).
 */
export function renameNote(id: string, title: string): Promise<Note> {
  return api.patch<Note>(`/api/notes/${encodeURIComponent(id)}`, { title });
}

/** After a save: the note's own cache entry, and every list, pin and search result refreshed. */
export function applySavedNote(queryClient: QueryClient, note: Note): void {
  queryClient.setQueryData(noteKeys.detail(note.id), note);
  void queryClient.invalidateQueries({
    queryKey: noteKeys.all,
    predicate: (query) => query.queryKey[1] !== 'detail',
  });
}
