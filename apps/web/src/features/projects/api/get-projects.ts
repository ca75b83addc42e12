import type { Project } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ProjectKind, projectKeys } from './query-keys';

export interface ProjectListResponse {
  projects: Project[];
}

/** GET /api/projects?kind=: newest updated first. */
export function fetchProjects(kind: ProjectKind, signal?: AbortSignal): Promise<ProjectListResponse> {
  return api.get<ProjectListResponse>(`/api/projects?kind=${kind}`, { signal });
}

/** The signed-in user's projects; `all` adds the shared projects they belong to. */
export function useProjects(kind: ProjectKind = 'personal', options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: projectKeys.list(kind),
    queryFn: ({ signal }) => fetchProjects(kind, signal),
    select: (data) => data.projects,
    enabled: options.enabled ?? true,
  });
}
