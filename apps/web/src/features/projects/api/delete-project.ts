import type { Project } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastMovedToTrash } from '@/features/trash/api/undo-delete';
import { api, errorMessage } from '@/lib/api';
import { type CacheSnapshot, restoreSnapshot } from '@/lib/cache-snapshot';
import { invalidateNoteData, projectKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { patchProject, snapshotProjects } from './cache';

/** DELETE /api/projects/:id: 204; the project goes to Trash and its notes with it. */
export function deleteProject(project: Pick<Project, 'id'>): Promise<void> {
  return api.delete<void>(`/api/projects/${encodeURIComponent(project.id)}`);
}

/** Removes the project at once; puts it back with a toast if the server refuses, else offers Undo. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, Project, CacheSnapshot>({
    mutationFn: deleteProject,
    onMutate: async (project) => {
      const snapshot = await snapshotProjects(queryClient);
      patchProject(queryClient, project.id, () => null);
      return snapshot;
    },
    onSuccess: (_result, project) =>
      toastMovedToTrash(queryClient, { kind: 'project', id: project.id, title: project.name }),
    onError: (error, project, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      toast.error(`Could not delete "${project.name}"`, { description: errorMessage(error) });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
        invalidateNoteData(queryClient),
      ]),
  });
}
