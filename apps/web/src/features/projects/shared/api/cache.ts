import type { SharedProject } from '@notewise/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type CacheSnapshot, snapshotQueries } from '@/lib/cache-snapshot';
import type { SharedProjectListResponse } from '@/lib/project-queries';
import { projectKeys, sharedProjectKeys } from '@/lib/query-keys';

/** Stops refetches of shared-project queries and remembers them, for an optimistic change. */
export function snapshotSharedProjects(queryClient: QueryClient): Promise<CacheSnapshot> {
  return snapshotQueries(queryClient, [sharedProjectKeys.all]);
}

/** Applies `change` to one shared project in the list and its detail; `null` removes it from the list. */
export function patchSharedProject(
  queryClient: QueryClient,
  id: string,
  change: (project: SharedProject) => SharedProject | null,
): void {
  queryClient.setQueryData<SharedProjectListResponse>(sharedProjectKeys.lists(), (data) => {
    if (!data) return data;
    const sharedProjects: SharedProject[] = [];
    for (const project of data.sharedProjects) {
      if (project.id !== id) sharedProjects.push(project);
      else {
        const next = change(project);
        if (next) sharedProjects.push(next);
      }
    }
    return { sharedProjects };
  });
  const detail = queryClient.getQueryData<SharedProject>(sharedProjectKeys.detail(id));
  if (!detail) return;
  const next = change(detail);
  if (next) queryClient.setQueryData(sharedProjectKeys.detail(id), next);
}

/** Puts a server answer in the cache: its detail, and the list (replacing or adding it, newest first). */
export function storeSharedProject(queryClient: QueryClient, project: SharedProject): void {
  queryClient.setQueryData(sharedProjectKeys.detail(project.id), project);
  queryClient.setQueryData<SharedProjectListResponse>(sharedProjectKeys.lists(), (data) => {
    if (!data) return data;
    const others = data.sharedProjects.filter((item) => item.id !== project.id);
    return {
      sharedProjects: [...others, project].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    };
  });
}

/** After a change: refresh shared projects, and the projects lists (which include shared projects). */
export function invalidateSharedProjectData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedProjectKeys.all }),
    queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  ]);
}
