import type { Project, ProjectTemplateId } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { projectKeys } from '@/lib/query-keys';

/** POST /api/projects/from-template: creates the template's whole set (all or nothing). */
export function createProjectsFromTemplate(template: ProjectTemplateId): Promise<{ projects: Project[] }> {
  return api.post<{ projects: Project[] }>('/api/projects/from-template', { template });
}

export function useCreateProjectsFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProjectsFromTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  });
}
