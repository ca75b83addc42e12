import type { SharedProject } from '@notewise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { sharedProjectKeys } from '@/lib/query-keys';
import type { SharedProjectListResponse } from './get-shared-projects';

/** GET /api/shared-projects/:id (404 'Shared project not found', also once the user has left). */
export function fetchSharedProject(id: string, signal?: AbortSignal): Promise<SharedProject> {
  return api.get<SharedProject>(`/api/shared-projects/${encodeURIComponent(id)}`, { signal });
}

/** One shared project; shows what a loaded list knows about it while it loads. */
export function useSharedProject(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery<SharedProject, Error, SharedProject, ReturnType<typeof sharedProjectKeys.detail>>({
    queryKey: sharedProjectKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchSharedProject(id ?? '', signal),
    enabled: Boolean(id),
    placeholderData: () =>
      queryClient
        .getQueryData<SharedProjectListResponse>(sharedProjectKeys.lists())
        ?.sharedProjects.find((project) => project.id === id),
  });
}
