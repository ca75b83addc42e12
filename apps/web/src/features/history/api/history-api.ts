import { noteKeys } from '@/lib/query-keys';

// The requests are the notes feature's (the one client of the notes endpoints).
export { fetchVersion, fetchVersions, restoreVersion } from '@/features/notes/api/note-versions';

/**
 * History cache keys live under the notes prefix, so every note change that refreshes note data
 * (a save, a live event) also marks a note's history stale.
 */
export const historyKeys = {
  all: () => [...noteKeys.all, 'history'] as const,
  list: (noteId: string) => [...historyKeys.all(), noteId, 'list'] as const,
  version: (noteId: string, versionId: string) =>
    [...historyKeys.all(), noteId, 'version', versionId] as const,
};
