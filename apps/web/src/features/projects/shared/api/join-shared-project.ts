import type { SharedProject } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateNoteData } from '@/lib/query-keys';
import { invalidateSharedProjectData, storeSharedProject } from './cache';

/**
 * POST /api/shared-projects/join with `{ code }`. Errors carry docs/product.md §8's texts: not found (404), own
 * project (400), already a member (409), too many attempts (429).
 */
export function joinSharedProject(code: string): Promise<SharedProject> {
  return api.post<SharedProject>('/api/shared-projects/join', { code });
}

export function useJoinSharedProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinSharedProject,
    onSuccess: (project) => {
      storeSharedProject(queryClient, project);
      // The project's notes now show in All Notes and search too.
      return Promise.all([invalidateSharedProjectData(queryClient), invalidateNoteData(queryClient)]);
    },
  });
}
