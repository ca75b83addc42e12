import type { Note } from '@notewise/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applySavedNote } from '@/features/notes/api/update-note';
import { fetchVersion, fetchVersions, historyKeys, restoreVersion } from '../api/history-api';

/** A note's versions, page by page (newest first); `fetchNextPage` is "Load more". */
export function useVersionList(noteId: string) {
  return useInfiniteQuery({
    queryKey: historyKeys.list(noteId),
    queryFn: ({ signal, pageParam }) => fetchVersions(noteId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.versions),
    // Always asked for afresh when the panel opens: the note was saved just before.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** One version with its text; a version never changes once it is no longer the newest. */
export function useVersion(noteId: string, versionId: string | null) {
  return useQuery({
    queryKey: historyKeys.version(noteId, versionId ?? ''),
    queryFn: ({ signal }) => fetchVersion(noteId, versionId as string, signal),
    enabled: versionId !== null,
    refetchOnWindowFocus: false,
  });
}

/** Restore: the answer is the note as it now is, put into the note caches; the history is refetched. */
export function useRestoreVersion(noteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) => restoreVersion(noteId, versionId),
    onSuccess: (note: Note) => {
      applySavedNote(queryClient, note);
    },
  });
}
