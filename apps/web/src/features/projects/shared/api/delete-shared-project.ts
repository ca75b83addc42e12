import type { SharedProject } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastMovedToTrash } from '@/features/trash/api/undo-delete';
import { api, errorMessage } from '@/lib/api';
import { type CacheSnapshot, restoreSnapshot } from '@/lib/cache-snapshot';
import { invalidateNoteData } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { type DeleteProjectOptions, deleteQuery } from '../../api/delete-project';
import { invalidateSharedProjectData, patchSharedProject, snapshotSharedProjects } from './cache';

/**
 * DELETE /api/shared-projects/:id: 204. For the owner it moves the project and its notes to Trash for
 * every member (or, with `moveNotesToInbox`, the notes to the owner's Inbox first); for a member it is
 * leaving (the project stays for the others).
 */
export function deleteSharedProject(
  project: Pick<SharedProject, 'id'>,
  options: DeleteProjectOptions = {},
): Promise<void> {
  return api.delete<void>(`/api/shared-projects/${encodeURIComponent(project.id)}${deleteQuery(options)}`);
}

/** Removes the project from the list at once; puts it back with a toast if the server refuses. */
export function useDeleteSharedProject() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, SharedProject & DeleteProjectOptions, CacheSnapshot>({
    mutationFn: ({ moveNotesToInbox, ...project }) => deleteSharedProject(project, { moveNotesToInbox }),
    onMutate: async (project) => {
      const snapshot = await snapshotSharedProjects(queryClient);
      patchSharedProject(queryClient, project.id, () => null);
      return snapshot;
    },
    onSuccess: (_result, project) =>
      project.role === 'owner'
        ? toastMovedToTrash(queryClient, { kind: 'project', id: project.id, title: project.name })
        : toast.success(`Left "${project.name}"`),
    onError: (error, project, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      const what = project.role === 'owner' ? 'delete' : 'leave';
      toast.error(`Could not ${what} "${project.name}"`, { description: errorMessage(error) });
    },
    onSettled: () => Promise.all([invalidateSharedProjectData(queryClient), invalidateNoteData(queryClient)]),
  });
}
