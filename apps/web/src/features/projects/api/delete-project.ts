import type { Project } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastMovedToTrash } from '@/features/trash/api/undo-delete';
import { api, errorMessage } from '@/lib/api';
import { type CacheSnapshot, restoreSnapshot } from '@/lib/cache-snapshot';
import { invalidateNoteData, projectKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { patchProject, snapshotProjects } from './cache';

/** The delete dialog's option: the notes move to the owner's Inbox first (decision 065). */
export interface DeleteProjectOptions {
  moveNotesToInbox?: boolean;
}

/** The query that carries the option, for /api/projects/:id and /api/shared-projects/:id alike. */
export function deleteQuery(options: DeleteProjectOptions): string {
  return options.moveNotesToInbox ? '?moveNotesTo=inbox' : '';
}

/**
 * DELETE /api/projects/:id: 204; the project goes to Trash and its notes with it, or with
 * `moveNotesToInbox` its notes go to the owner's Inbox and only the empty project to Trash.
 */
export function deleteProject(
  project: Pick<Project, 'id'>,
  options: DeleteProjectOptions = {},
): Promise<void> {
  return api.delete<void>(`/api/projects/${encodeURIComponent(project.id)}${deleteQuery(options)}`);
}

/** Removes the project at once; puts it back with a toast if the server refuses, else offers Undo. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, Project & DeleteProjectOptions, CacheSnapshot>({
    mutationFn: ({ moveNotesToInbox, ...project }) => deleteProject(project, { moveNotesToInbox }),
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
