import type { NoteListPage, NoteSummary } from '@notewise/shared';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type NoteListFilter, noteKeys } from '@/lib/query-keys';

/** What a notes list query caches: the pages loaded so far, each with the next page's cursor. */
export type NotePages = InfiniteData<NoteListPage, string | null>;

/** GET /api/notes?projectId=&pinned=&cursor=: one page, pinned first, then newest updated. */
export function fetchNotes(
  filter: NoteListFilter = {},
  cursor: string | null = null,
  signal?: AbortSignal,
): Promise<NoteListPage> {
  const query = new URLSearchParams();
  if (filter.projectId) query.set('projectId', filter.projectId);
  if (filter.pinned !== undefined) query.set('pinned', String(filter.pinned));
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return api.get<NoteListPage>(`/api/notes${search ? `?${search}` : ''}`, { signal });
}

/** The loaded notes in order; a note that moved between two page loads shows once. */
export function flattenNotePages(data: NotePages): NoteSummary[] {
  const seen = new Set<string>();
  const notes: NoteSummary[] = [];
  for (const page of data.pages) {
    for (const note of page.notes) {
      if (seen.has(note.id)) continue;
      seen.add(note.id);
      notes.push(note);
    }
  }
  return notes;
}

function noteListOptions(filter: NoteListFilter) {
  return infiniteQueryOptions({
    queryKey: noteKeys.list(filter),
    queryFn: ({ signal, pageParam }) => fetchNotes(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: NoteListPage) => last.nextCursor,
  });
}

/** The list's first page into the cache, so the page renders its notes on its first render. */
export function prefetchNoteList(client: QueryClient, filter: NoteListFilter = {}): Promise<void> {
  return client.prefetchInfiniteQuery(noteListOptions(filter));
}

/**
 * A notes list, page by page (decision 015): `data` is every note loaded so far; `fetchNextPage`
 * loads the next page while `hasNextPage`. The live-events client and the note menus patch the
 * loaded pages in place, so the list does not refetch every page on each change.
 */
export function useNoteList(filter: NoteListFilter = {}, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...noteListOptions(filter),
    select: flattenNotePages,
    enabled: options.enabled ?? true,
    refetchOnWindowFocus: false,
  });
}

/**
 * The first page of a list (50 notes, pinned first) for widgets that show a few of them (Capture's
 * recent notes): a plain query, so the first route carries no infinite-query code.
 */
export function useNotes(filter: NoteListFilter = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: noteKeys.firstPage(filter),
    queryFn: ({ signal }) => fetchNotes(filter, null, signal),
    select: (data) => data.notes,
    enabled: options.enabled ?? true,
  });
}
