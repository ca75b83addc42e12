import type { TrashItem, TrashList } from '@notewise/shared';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { trashKeys } from '@/lib/query-keys';

/** What the Trash query caches: the pages loaded so far. */
export type TrashPages = InfiniteData<TrashList, string | null>;

/** GET /api/trash?cursor=: one page, newest deleted first. */
export function fetchTrash(cursor: string | null = null, signal?: AbortSignal): Promise<TrashList> {
  const search = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return api.get<TrashList>(`/api/trash${search}`, { signal });
}

/** The loaded pages as one list; an item seen on an earlier page (a delete between pages) shows once. */
export function flattenTrash(data: TrashPages): TrashItem[] {
  const seen = new Set<string>();
  const items: TrashItem[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      const key = `${item.kind}:${item.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}

/** Trash, newest deleted first, page by page (`fetchNextPage` is "Load more"). */
export function useTrash() {
  return useInfiniteQuery({
    queryKey: trashKeys.list(),
    queryFn: ({ signal, pageParam }) => fetchTrash(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: flattenTrash,
  });
}
