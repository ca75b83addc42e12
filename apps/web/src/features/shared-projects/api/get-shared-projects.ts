import type { SharedProject } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { sharedProjectKeys } from './query-keys';

export interface SharedProjectListResponse {
  sharedProjects: SharedProject[];
}

/** GET /api/shared-projects: the projects the user owns or joined, newest updated first. */
export function fetchSharedProjects(signal?: AbortSignal): Promise<SharedProjectListResponse> {
  return api.get<SharedProjectListResponse>('/api/shared-projects', { signal });
}

export function useSharedProjects(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sharedProjectKeys.lists(),
    queryFn: ({ signal }) => fetchSharedProjects(signal),
    select: (data) => data.sharedProjects,
    enabled: options.enabled ?? true,
  });
}
