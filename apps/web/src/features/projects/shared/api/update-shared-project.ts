import type { ProjectColor, SharedProject } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api';
import { type CacheSnapshot, restoreSnapshot } from '@/lib/cache-snapshot';
import { invalidateNoteData } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { invalidateSharedProjectData, patchSharedProject, snapshotSharedProjects } from './cache';

export interface UpdateSharedProjectVariables {
  id: string;
  changes: { name?: string; description?: string; color?: ProjectColor };
}

/** PATCH /api/shared-projects/:id (the owner only; members get 403, decision 008). */
export function updateSharedProject({ id, changes }: UpdateSharedProjectVariables): Promise<SharedProject> {
  return api.patch<SharedProject>(`/api/shared-projects/${encodeURIComponent(id)}`, changes);
}

/** Shows the change at once; rolls back with a toast if the server refuses. */
export function useUpdateSharedProject() {
  const queryClient = useQueryClient();
  return useMutation<SharedProject, Error, UpdateSharedProjectVariables, CacheSnapshot>({
    mutationFn: updateSharedProject,
    onMutate: async ({ id, changes }) => {
      const snapshot = await snapshotSharedProjects(queryClient);
      patchSharedProject(queryClient, id, (project) => ({ ...project, ...changes }));
      return snapshot;
    },
    onError: (error, { changes }, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      const what = changes.name !== undefined ? 'rename the shared project' : 'update the shared project';
      toast.error(`Could not ${what}`, { description: errorMessage(error) });
    },
    onSuccess: (project) => patchSharedProject(queryClient, project.id, () => project),
    onSettled: () =>
      Promise.all([
        invalidateSharedProjectData(queryClient),
        // Note cards elsewhere show their project's name and colour.
        invalidateNoteData(queryClient),
      ]),
  });
}
