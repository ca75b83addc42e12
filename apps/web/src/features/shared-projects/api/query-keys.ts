/**
 * Every cache key of the shared-projects feature, under one prefix so a single invalidation (after a
 * change, or a live event) refreshes lists, details and member lists together.
 */
export const sharedProjectKeys = {
  all: ['shared-projects'] as const,
  lists: () => [...sharedProjectKeys.all, 'list'] as const,
  details: () => [...sharedProjectKeys.all, 'detail'] as const,
  detail: (id: string) => [...sharedProjectKeys.details(), id] as const,
  members: (id: string) => [...sharedProjectKeys.all, 'members', id] as const,
};
