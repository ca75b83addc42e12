import type { Project } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '@/lib/all-pages';
import { api } from '@/lib/api';
import { type ProjectKind, projectKeys } from '@/lib/query-keys';

export interface ProjectListResponse {
  projects: Project[];
}

/** GET /api/projects?kind=: newest updated first, every page (note cards and menus need them all). */
export function fetchProjects(kind: ProjectKind, signal?: AbortSignal): Promise<ProjectListResponse> {
  return fetchAllPages(`/api/projects?kind=${kind}`, 'projects', (url) =>
    api.get<ProjectListResponse & { nextCursor: string | null }>(url, { signal }),
  );
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
