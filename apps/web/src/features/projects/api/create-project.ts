import type { CreateProjectBody, Project } from '@notewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { projectKeys } from '@/lib/query-keys';

/** POST /api/projects: 201 with the project (name trimmed; colour defaults to blue). */
export function createProject(body: CreateProjectBody): Promise<Project> {
  return api.post<Project>('/api/projects', body);
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      return queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}
