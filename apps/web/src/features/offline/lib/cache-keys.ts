/**
 * The cache keys the offline code touches, spelled out instead of imported: importing the notes and
 * auth features' modules from this lazy chunk made the bundler split them out of the first route's
 * chunk, which cost that route 1.6 KiB gzip. cache-keys.test.ts checks they match the originals.
 */
export const ME_KEY = ['me'] as const;
export const NOTES_KEY = ['notes'] as const;
export const PROJECTS_KEY = ['projects'] as const;
export const noteDetailKey = (id: string) => ['notes', 'detail', id] as const;

/** paths.quickView of app/route-table for one note. */
export function quickViewPath(noteId: string, projectId?: string): string {
  const query = new URLSearchParams();
  if (projectId) query.set('project', projectId);
  query.set('note', noteId);
  return `/quick-view?${query.toString()}`;
}
