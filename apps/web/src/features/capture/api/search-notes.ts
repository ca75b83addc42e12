import type { SearchResult } from '@notewise/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface NoteSearchResponse {
  results: SearchResult[];
}

/** GET /api/search?q=: the signed-in user's notes matching title, content or tags. */
export function searchNotes(query: string, signal?: AbortSignal): Promise<NoteSearchResponse> {
  return api.get<NoteSearchResponse>(`/api/search?${new URLSearchParams({ q: query })}`, { signal });
}

export function useNoteSearch(query: string, enabled: boolean) {
  const q = query.trim();
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => searchNotes(q, signal),
    enabled: enabled && q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
