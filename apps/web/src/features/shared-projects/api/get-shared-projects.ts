import type { SharedProject } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '@/lib/all-pages';
import { api } from '@/lib/api';
import { sharedProjectKeys } from '@/lib/query-keys';

export interface SharedProjectListResponse {
  sharedProjects: SharedProject[];
}

/** GET /api/shared-projects: the projects the user owns or joined, newest updated first, every page. */
export function fetchSharedProjects(signal?: AbortSignal): Promise<SharedProjectListResponse> {
  return fetchAllPages('/api/shared-projects', 'sharedProjects', (url) =>
    api.get<SharedProjectListResponse & { nextCursor: string | null }>(url, { signal }),
  );
}

export function useSharedProjects(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sharedProjectKeys.lists(),
    queryFn: ({ signal }) => fetchSharedProjects(signal),
    select: (data) => data.sharedProjects,
    enabled: options.enabled ?? true,
  });
}
