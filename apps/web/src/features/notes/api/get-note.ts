import type { Note } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { noteKeys } from '@/lib/query-keys';

/** GET /api/notes/:id */
export function fetchNote(id: string, signal?: AbortSignal): Promise<Note> {
  return api.get<Note>(`/api/notes/${encodeURIComponent(id)}`, { signal });
}

/**
 * When this page was loaded. A note copy older than that came from the saved offline cache (decision
 * 024) and may be behind the server: it is asked for again before an editor opens on it.
 */
export const PAGE_LOADED_AT = performance.timeOrigin;

/**
 * The note being edited. Not refetched on focus: the editor keeps its own copy from when it opened,
 * and a newer server version shows up as a conflict on save instead of replacing the user's text.
 */
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
