import type { Project } from '@notewise/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type CacheSnapshot, snapshotQueries } from '@/lib/cache-snapshot';
import type { ProjectListResponse } from '@/lib/project-queries';
import { projectKeys } from '@/lib/query-keys';

/** Stops refetches of every project query and remembers them, for an optimistic change. */
export function snapshotProjects(queryClient: QueryClient): Promise<CacheSnapshot> {
  return snapshotQueries(queryClient, [projectKeys.all]);
}

/** Applies `change` to one project in every list and its detail; `null` removes it. */
export function patchProject(
  queryClient: QueryClient,
  id: string,
  change: (project: Project) => Project | null,
): void {
  queryClient.setQueriesData<ProjectListResponse>({ queryKey: projectKeys.lists() }, (data) => {
    if (!data) return data;
    const projects: Project[] = [];
    for (const project of data.projects) {
      if (project.id !== id) projects.push(project);
      else {
        const next = change(project);
        if (next) projects.push(next);
      }
    }
    return { projects };
  });
  const detail = queryClient.getQueryData<Project>(projectKeys.detail(id));
  if (!detail) return;
  const next = change(detail);
  if (next) queryClient.setQueryData(projectKeys.detail(id), next);
  else queryClient.removeQueries({ queryKey: projectKeys.detail(id), exact: true });
}
