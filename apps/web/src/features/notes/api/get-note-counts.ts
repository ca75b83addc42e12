import type { NoteCounts } from '@notewise/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { noteKeys } from '@/lib/query-keys';

/** GET /api/notes/counts?projectId=: a page header's counters, whatever has been loaded of the list. */
export function fetchNoteCounts(projectId: string | undefined, signal?: AbortSignal): Promise<NoteCounts> {
  const search = projectId ? `?${new URLSearchParams({ projectId })}` : '';
  return api.get<NoteCounts>(`/api/notes/counts${search}`, { signal });
}

function noteCountsOptions(projectId: string | undefined) {
  return queryOptions({
    queryKey: noteKeys.counts(projectId),
    queryFn: ({ signal }) => fetchNoteCounts(projectId, signal),
  });
}

/** The counters into the cache before the page renders (All Notes' prefetch, decision 079). */
export function prefetchNoteCounts(client: QueryClient, projectId?: string): Promise<void> {
  return client.prefetchQuery(noteCountsOptions(projectId));
}

export function useNoteCounts(projectId?: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...noteCountsOptions(projectId), enabled: options.enabled ?? true });
}
