import type { NoteCounts } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { noteKeys } from '@/lib/query-keys';

/** GET /api/notes/counts?projectId=: a page header's counters, whatever has been loaded of the list. */
export function fetchNoteCounts(projectId: string | undefined, signal?: AbortSignal): Promise<NoteCounts> {
  const search = projectId ? `?${new URLSearchParams({ projectId })}` : '';
  return api.get<NoteCounts>(`/api/notes/counts${search}`, { signal });
}

export function useNoteCounts(projectId?: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: noteKeys.counts(projectId),
    queryFn: ({ signal }) => fetchNoteCounts(projectId, signal),
    enabled: options.enabled ?? true,
  });
}
