// The project reads every feature shares: the project lists (personal, shared or both), one project,
// the shared projects with their codes, one shared project, its members. They sit below the features,
// like the cache keys they use, so notes, Quick View, import and voice read projects without importing
// the projects feature (whose pages show notes and exports: a circle otherwise). The projects
// feature's own mutations patch these same caches (features/projects/api).
import type { Member, Project, SharedProject } from '@notewise/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAllPages } from './all-pages';
import { api } from './api';
import { type ProjectKind, projectKeys, sharedProjectKeys } from './query-keys';

export interface ProjectListResponse {
  projects: Project[];
}

export interface SharedProjectListResponse {
  sharedProjects: SharedProject[];
}

export interface MemberListResponse {
  members: Member[];
}

/** GET /api/projects?kind=: newest updated first, every page (note cards and menus need them all). */
export function fetchProjects(kind: ProjectKind, signal?: AbortSignal): Promise<ProjectListResponse> {
  return fetchAllPages(`/api/projects?kind=${kind}`, 'projects', (url) =>
    api.get<ProjectListResponse & { nextCursor: string | null }>(url, { signal }),
  );
}

/** The project list into the cache before a page renders (All Notes' cards name them; decision 079). */
export function prefetchProjects(client: QueryClient, kind: ProjectKind): Promise<void> {
  return client.prefetchQuery({
    queryKey: projectKeys.list(kind),
    queryFn: ({ signal }) => fetchProjects(kind, signal),
  });
}

/** The signed-in user's projects; `all` adds the shared projects they belong to. */
export function useProjects(kind: ProjectKind = 'personal', options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: projectKeys.list(kind),
    queryFn: ({ signal }) => fetchProjects(kind, signal),
    select: (data) => data.projects,
    enabled: options.enabled ?? true,
  });
}

/** GET /api/projects/:id (404 'Project not found'). */
export function fetchProject(id: string, signal?: AbortSignal): Promise<Project> {
  return api.get<Project>(`/api/projects/${encodeURIComponent(id)}`, { signal });
}

/** One project; shows what a loaded project list knows about it while it loads. */
export function useProject(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery<Project, Error, Project, ReturnType<typeof projectKeys.detail>>({
    queryKey: projectKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchProject(id ?? '', signal),
    enabled: Boolean(id),
    placeholderData: () => {
      for (const [, data] of queryClient.getQueriesData<ProjectListResponse>({
        queryKey: projectKeys.lists(),
      })) {
        const found = data?.projects.find((project) => project.id === id);
        if (found) return found;
      }
      return undefined;
    },
  });
}

/** GET /api/shared-projects: the projects the user owns or joined, newest updated first, every page. */
export function fetchSharedProjects(signal?: AbortSignal): Promise<SharedProjectListResponse> {
  return fetchAllPages('/api/shared-projects', 'sharedProjects', (url) =>
    api.get<SharedProjectListResponse & { nextCursor: string | null }>(url, { signal }),
  );
}

/** The shared projects with their codes, owners and member counts (the Shared page, Quick View). */
export function useSharedProjects(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sharedProjectKeys.lists(),
    queryFn: ({ signal }) => fetchSharedProjects(signal),
    select: (data) => data.sharedProjects,
    enabled: options.enabled ?? true,
  });
}

/** GET /api/shared-projects/:id (404 'Shared project not found', also once the user has left). */
export function fetchSharedProject(id: string, signal?: AbortSignal): Promise<SharedProject> {
  return api.get<SharedProject>(`/api/shared-projects/${encodeURIComponent(id)}`, { signal });
}

/** One shared project; shows what a loaded list knows about it while it loads. */
export function useSharedProject(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery<SharedProject, Error, SharedProject, ReturnType<typeof sharedProjectKeys.detail>>({
    queryKey: sharedProjectKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchSharedProject(id ?? '', signal),
    enabled: Boolean(id),
    placeholderData: () =>
      queryClient
        .getQueryData<SharedProjectListResponse>(sharedProjectKeys.lists())
        ?.sharedProjects.find((project) => project.id === id),
  });
}

/** GET /api/shared-projects/:id/members: everyone in the project, the owner included. */
export function fetchMembers(id: string, signal?: AbortSignal): Promise<MemberListResponse> {
  return fetchAllPages(`/api/shared-projects/${encodeURIComponent(id)}/members`, 'members', (url) =>
    api.get<MemberListResponse & { nextCursor: string | null }>(url, { signal }),
  );
}

export function useMembers(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sharedProjectKeys.members(id),
    queryFn: ({ signal }) => fetchMembers(id, signal),
    select: (data) => data.members,
    enabled: (options.enabled ?? true) && Boolean(id),
  });
}
