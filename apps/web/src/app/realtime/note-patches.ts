// Note events patch the loaded (paged) lists with the server's copy of the note instead of
// refetching every page (decision 015).
import type { NoteSummary } from '@notewise/shared';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api';
import { noteKeys } from '@/lib/query-keys';

/** The list patching code loads with the first event, not with the first route. */
const loadNoteCache = () => import('@/features/notes/api/cache');
const loadGetNote = () => import('@/features/notes/api/get-note');

/** A deleted note leaves every loaded page, pin and search result. */
export async function removeNoteFromCache(queryClient: QueryClient, noteId: string): Promise<void> {
  const { applyNoteChange } = await loadNoteCache();
  applyNoteChange(queryClient, { id: noteId } as NoteSummary, null);
}

/** The note as the list shows it (no content), or null once this user can no longer see it. */
async function fetchSummary(noteId: string): Promise<NoteSummary | null> {
  try {
    const { fetchNote } = await loadGetNote();
    const { content: _content, ...summary } = await fetchNote(noteId);
    return summary;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** Puts the server's current version of each note where it now belongs in every loaded page. */
export async function patchNotes(queryClient: QueryClient, noteIds: string[]): Promise<void> {
  const { applyNoteChange } = await loadNoteCache();
  await Promise.all(
    noteIds.map(async (noteId) => {
      try {
        applyNoteChange(queryClient, { id: noteId } as NoteSummary, await fetchSummary(noteId));
      } catch {
        // Offline or failing: fall back to refetching what may hold it.
        void queryClient.invalidateQueries({ queryKey: noteKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: noteKeys.pins() });
      }
    }),
  );
}
