/** Which projects a list holds: GET /api/projects?kind= (the server's default is personal). */
export type ProjectKind = 'personal' | 'shared' | 'all';

/** Every cache key of the projects feature. Invalidate `projectKeys.all` after anything changes counts. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (kind: ProjectKind) => [...projectKeys.lists(), kind] as const,
  details: () => [...projectKeys.all, 'detail'] as const,
  detail: (id: string) => [...projectKeys.details(), id] as const,
};
