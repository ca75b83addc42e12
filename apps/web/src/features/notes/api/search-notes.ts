import type { SearchResponse, SearchResult } from '@notewise/shared';
import { type InfiniteData, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { noteKeys } from '@/lib/query-keys';

export type NoteSearchResponse = SearchResponse;

/** The search page's narrowing: one project, or only shared / only personal projects. */
export interface SearchFilter {
  q: string;
  projectId?: string;
  kind?: 'personal' | 'shared';
}

/** Results a page list shows on the search page. */
export const SEARCH_PAGE_SIZE = 20;

/** GET /api/search?q=: Capture's quick list, the best 10 (`nextCursor` says whether there are more). */
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

/** GET /api/search?q=&cursor=&limit=&projectId=&kind=: one page of every match, best first. */
export function fetchSearchPage(
  filter: SearchFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NoteSearchResponse> {
  const query = new URLSearchParams({ q: filter.q, limit: String(SEARCH_PAGE_SIZE) });
  if (filter.projectId) query.set('projectId', filter.projectId);
  if (filter.kind) query.set('kind', filter.kind);
  if (cursor) query.set('cursor', cursor);
  return api.get<NoteSearchResponse>(`/api/search?${query}`, { signal });
}

export interface SearchPages {
  results: SearchResult[];
  /** Every word to highlight, over all pages loaded. */
  terms: string[];
}

function flattenSearchPages(data: InfiniteData<NoteSearchResponse, string | null>): SearchPages {
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  for (const page of data.pages) {
    for (const result of page.results) {
      if (seen.has(result.id)) continue;
      seen.add(result.id);
      results.push(result);
    }
  }
  return { results, terms: [...new Set(data.pages.flatMap((page) => page.terms))] };
}

/** Every match of a search, page by page (`fetchNextPage` while `hasNextPage`). */
export function useSearchPages(filter: SearchFilter) {
  const q = filter.q.trim();
  const key = { q, projectId: filter.projectId ?? null, kind: filter.kind ?? null };
  return useInfiniteQuery({
    queryKey: [...noteKeys.searches(), 'pages', key],
    queryFn: ({ signal, pageParam }) => fetchSearchPage({ ...filter, q }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: flattenSearchPages,
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
}
