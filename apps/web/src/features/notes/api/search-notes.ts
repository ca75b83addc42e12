import type { SearchResult } from '@notewise/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { noteKeys } from '@/lib/query-keys';

export interface NoteSearchResponse {
  results: SearchResult[];
}

/** GET /api/search?q=: the user's notes matching title, content or tags, best first (at most 10). */
export function searchNotes(query: string, signal?: AbortSignal): Promise<NoteSearchResponse> {
  return api.get<NoteSearchResponse>(`/api/search?${new URLSearchParams({ q: query })}`, { signal });
}

export function useNoteSearch(query: string, enabled: boolean) {
  const q = query.trim();
  return useQuery({
    queryKey: noteKeys.search(q),
    queryFn: ({ signal }) => searchNotes(q, signal),
    enabled: enabled && q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
