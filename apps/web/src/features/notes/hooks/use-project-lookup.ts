import type { Project } from '@notewise/shared';
import { useMemo } from 'react';
import { useProjects } from '@/lib/project-queries';

/** Every project the user can see (own and shared) by id, for names and colours on note cards. */
export function useProjectLookup(enabled = true): ReadonlyMap<string, Project> {
  const projects = useProjects('all', { enabled });
  return useMemo(
    () => new Map((projects.data ?? []).map((project) => [project.id, project])),
    [projects.data],
  );
}
