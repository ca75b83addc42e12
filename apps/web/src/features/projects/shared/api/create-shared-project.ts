import type { CreateSharedProjectBody, SharedProject } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateSharedProjectData, storeSharedProject } from './cache';

/** POST /api/shared-projects: 201 with the project and its new code (403 without access). */
export function createSharedProject(body: CreateSharedProjectBody): Promise<SharedProject> {
  return api.post<SharedProject>('/api/shared-projects', body);
}

export function useCreateSharedProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSharedProject,
    onSuccess: (project) => {
      storeSharedProject(queryClient, project);
      return invalidateSharedProjectData(queryClient);
    },
  });
}
