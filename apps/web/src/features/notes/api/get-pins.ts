import type { NoteSummary, PinList } from '@notewise/shared';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { noteKeys } from '@/lib/query-keys';

/** What the pins query caches: the pages loaded so far. */
export type PinPages = InfiniteData<PinList, string | null>;

/** GET /api/pins?cursor=: one page, newest pinned first, each with its note. */
export function fetchPins(cursor: string | null = null, signal?: AbortSignal): Promise<PinList> {
  const search = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return api.get<PinList>(`/api/pins${search}`, { signal });
}

function flattenPins(data: PinPages): NoteSummary[] {
  const seen = new Set<string>();
  const notes: NoteSummary[] = [];
  for (const page of data.pages) {
    for (const pin of page.pins) {
      if (seen.has(pin.noteId)) continue;
      seen.add(pin.noteId);
      notes.push(pin.note);
    }
  }
  return notes;
}

/** The pinned notes, newest pinned first, page by page. */
export function usePinnedNotes() {
  return useInfiniteQuery({
    queryKey: noteKeys.pins(),
    queryFn: ({ signal, pageParam }) => fetchPins(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: flattenPins,
    refetchOnWindowFocus: false,
  });
}
