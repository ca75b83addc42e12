import type { Note, NoteVersion, NoteVersionList } from '@notewise/shared';
import { api } from '@/lib/api';
import { noteKeys } from '@/lib/query-keys';

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

const versionsPath = (noteId: string) => `/api/notes/${encodeURIComponent(noteId)}/versions`;

/** GET /api/notes/:id/versions?cursor=: one page, newest first. */
export function fetchVersions(
  noteId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NoteVersionList> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return api.get<NoteVersionList>(`${versionsPath(noteId)}${query}`, { signal });
}

/** GET /api/notes/:id/versions/:versionId: the version with its Markdown. */
export function fetchVersion(noteId: string, versionId: string, signal?: AbortSignal): Promise<NoteVersion> {
  return api.get<NoteVersion>(`${versionsPath(noteId)}/${encodeURIComponent(versionId)}`, { signal });
}

/** POST /api/notes/:id/versions/:versionId/restore: the note as it now is (the old text, a new version). */
export function restoreVersion(noteId: string, versionId: string): Promise<Note> {
  return api.post<Note>(`${versionsPath(noteId)}/${encodeURIComponent(versionId)}/restore`, {});
}
