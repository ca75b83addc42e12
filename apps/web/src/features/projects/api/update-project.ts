import type { Project, ProjectColor } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api';
import { type CacheSnapshot, restoreSnapshot } from '@/lib/cache-snapshot';
import { invalidateNoteData, projectKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { patchProject, snapshotProjects } from './cache';

export interface UpdateProjectVariables {
  id: string;
  changes: { name?: string; description?: string; color?: ProjectColor };
}

/** PATCH /api/projects/:id */
export function updateProject({ id, changes }: UpdateProjectVariables): Promise<Project> {
  return api.patch<Project>(`/api/projects/${encodeURIComponent(id)}`, changes);
}

/** Rename or recolour at once; rolls back with a toast if the server refuses. */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation<Project, Error, UpdateProjectVariables, CacheSnapshot>({
    mutationFn: updateProject,
    onMutate: async ({ id, changes }) => {
      const snapshot = await snapshotProjects(queryClient);
      patchProject(queryClient, id, (project) => ({ ...project, ...changes }));
      return snapshot;
    },
    onError: (error, { changes }, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      const what = changes.name !== undefined ? 'rename the project' : 'update the project';
      toast.error(`Could not ${what}`, { description: errorMessage(error) });
    },
    onSuccess: (project) => patchProject(queryClient, project.id, () => project),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
        // Note cards show their project's name and colour.
        invalidateNoteData(queryClient),
      ]),
  });
}
