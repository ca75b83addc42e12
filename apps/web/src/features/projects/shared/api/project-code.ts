import type { SharedProject } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { invalidateSharedProjectData, storeSharedProject } from './cache';

export type CodeAction = 'regenerate' | 'disable';

/**
 * Owner only. POST /api/shared-projects/:id/code gives the project a new code (the old one stops
 * working; also turns a disabled code back on); DELETE turns joining by code off.
 */
export function changeProjectCode({
  id,
  action,
}: {
  id: string;
  action: CodeAction;
}): Promise<SharedProject> {
  const path = `/api/shared-projects/${encodeURIComponent(id)}/code`;
  return action === 'regenerate' ? api.post<SharedProject>(path, {}) : api.delete<SharedProject>(path);
}

export function useChangeProjectCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeProjectCode,
    onSuccess: (project, { action }) => {
      storeSharedProject(queryClient, project);
      toast.success(
        action === 'disable' ? 'Joining by code is off' : `New code: ${project.code ?? ''}`.trim(),
      );
    },
    onError: (error, { action }) => {
      toast.error(action === 'disable' ? 'Could not turn the code off' : 'Could not create a new code', {
        description: errorMessage(error),
      });
    },
    onSettled: () => invalidateSharedProjectData(queryClient),
  });
}
