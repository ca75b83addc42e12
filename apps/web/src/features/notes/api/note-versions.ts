import type { Note, NoteVersion, NoteVersionList } from '@notewise/shared';
import { api } from '@/lib/api';

// A note's history (decision 050): its endpoints are the notes endpoints', so their client is here;
// the history feature holds the panel, its cache keys and hooks.

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
