// Every TanStack Query cache key for notes and projects (shared ones too), in one module below the
// features: notes patch project counts, projects refresh note lists, and the live-events client maps
// change events to all three, so none of those features has to import another for a key.
import type { QueryClient } from '@tanstack/react-query';

/** GET /api/notes filters. */
export interface NoteListFilter {
  projectId?: string;
  pinned?: boolean;
}

/**
 * Every cache key that holds note data: lists, pins, search results and single notes all live under
 * 'notes', so one invalidation refreshes everything a note change can affect.
 */
export const noteKeys = {
  all: ['notes'] as const,
  lists: () => [...noteKeys.all, 'list'] as const,
  list: (filter: NoteListFilter = {}) =>
    [...noteKeys.lists(), { projectId: filter.projectId ?? null, pinned: filter.pinned ?? null }] as const,
  /** The first page of a list alone, for widgets that show a few recent notes (not paged further). */
  firstPages: () => [...noteKeys.all, 'first-page'] as const,
  firstPage: (filter: NoteListFilter = {}) =>
    [
      ...noteKeys.firstPages(),
      { projectId: filter.projectId ?? null, pinned: filter.pinned ?? null },
    ] as const,
  pins: () => [...noteKeys.all, 'pins'] as const,
  /** Counters from their own query: every counts key, or one project's ({ projectId: null } = all). */
  allCounts: () => [...noteKeys.all, 'counts'] as const,
  counts: (projectId?: string) => [...noteKeys.allCounts(), { projectId: projectId ?? null }] as const,
  searches: () => [...noteKeys.all, 'search'] as const,
  search: (query: string) => [...noteKeys.searches(), query] as const,
  details: () => [...noteKeys.all, 'detail'] as const,
  detail: (id: string) => [...noteKeys.details(), id] as const,
};

/** The filter a list key was built with. */
export function filterOfListKey(key: readonly unknown[]): {
  projectId: string | null;
  pinned: boolean | null;
} {
  const filter = key[2] as { projectId: string | null; pinned: boolean | null } | undefined;
  return filter ?? { projectId: null, pinned: null };
}

/** Marks every note query stale and refetches the ones on screen. */
export function invalidateNoteData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: noteKeys.all });
}

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

/**
 * The shared projects' keys (code, owner, members), under the projects' root: personal and shared
 * projects are one model, so invalidating `projectKeys.all` refreshes these too; `sharedProjectKeys.all`
 * refreshes only the shared views (lists, details and member lists together).
 */
export const sharedProjectKeys = {
  all: [...projectKeys.all, 'shared'] as const,
  lists: () => [...sharedProjectKeys.all, 'list'] as const,
  details: () => [...sharedProjectKeys.all, 'detail'] as const,
  detail: (id: string) => [...sharedProjectKeys.details(), id] as const,
  members: (id: string) => [...sharedProjectKeys.all, 'members', id] as const,
};

/**
 * The Trash list. Deleting anything adds to it and restoring takes from it, so note and project
 * deletions and (re)creations mark it stale, from this tab or a live event.
 */
export const trashKeys = {
  all: ['trash'] as const,
  list: () => [...trashKeys.all, 'list'] as const,
};
