import type { Project } from '@notewise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { projectKeys } from '@/lib/query-keys';
import type { ProjectListResponse } from './get-projects';

/** GET /api/projects/:id (404 'Project not found'). */
export function fetchProject(id: string, signal?: AbortSignal): Promise<Project> {
  return api.get<Project>(`/api/projects/${encodeURIComponent(id)}`, { signal });
}

/** One project; shows what a loaded project list knows about it while it loads. */
export function useProject(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery<Project, Error, Project, ReturnType<typeof projectKeys.detail>>({
    queryKey: projectKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchProject(id ?? '', signal),
    enabled: Boolean(id),
    placeholderData: () => {
      for (const [, data] of queryClient.getQueriesData<ProjectListResponse>({
        queryKey: projectKeys.lists(),
      })) {
        const found = data?.projects.find((project) => project.id === id);
        if (found) return found;
      }
      return undefined;
    },
  });
}
