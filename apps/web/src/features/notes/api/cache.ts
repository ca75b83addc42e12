import type { Note, NoteSummary, PinList, Project } from '@notewise/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { type ProjectListResponse, projectKeys } from '@/features/projects';
import type { NoteListResponse } from './get-notes';
import { filterOfListKey, noteKeys } from './query-keys';
import type { NoteSearchResponse } from './search-notes';

export type CacheSnapshot = Array<[QueryKey, unknown]>;

/** SPEC 4: pinned notes first, then the rest newest updated first. */
export function sortNotes(notes: NoteSummary[]): NoteSummary[] {
  return [...notes].sort((a, b) => {
    if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
    return b.updatedAt.localeCompare(a.updatedAt);
  });
}

/** Stops refetches of note and project queries and remembers them, for an optimistic change. */
export async function snapshotNoteData(queryClient: QueryClient): Promise<CacheSnapshot> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: noteKeys.all }),
    queryClient.cancelQueries({ queryKey: projectKeys.all }),
  ]);
  return [
    ...queryClient.getQueriesData({ queryKey: noteKeys.all }),
    ...queryClient.getQueriesData({ queryKey: projectKeys.all }),
  ];
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: CacheSnapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

/**
 * Shows a change of one note everywhere it is cached: every list (it leaves lists whose filter it no
 * longer matches and joins those it now matches), the pins, search results and its own query.
 * `next = null` removes the note.
 */
export function applyNoteChange(queryClient: QueryClient, note: NoteSummary, next: NoteSummary | null): void {
  for (const [key, data] of queryClient.getQueriesData<NoteListResponse>({ queryKey: noteKeys.lists() })) {
    if (!data) continue;
    const filter = filterOfListKey(key);
    const belongs =
      next !== null &&
      (filter.projectId === null || filter.projectId === next.projectId) &&
      (filter.pinned === null || filter.pinned === next.pinned);
    const others = data.notes.filter((item) => item.id !== note.id);
    const hadIt = others.length !== data.notes.length;
    if (!hadIt && !belongs) continue;
    queryClient.setQueryData<NoteListResponse>(key, {
      notes: belongs && next ? sortNotes([...others, next]) : others,
    });
  }

  queryClient.setQueryData<PinList>(noteKeys.pins(), (data) => {
    if (!data) return data;
    const pins = data.pins.filter((pin) => pin.noteId !== note.id);
    if (!next?.pinned) return { pins };
    const existing = data.pins.find((pin) => pin.noteId === note.id);
    const pin = { noteId: note.id, pinnedAt: existing?.pinnedAt ?? new Date().toISOString(), note: next };
    return {
      pins: existing ? data.pins.map((item) => (item.noteId === note.id ? pin : item)) : [pin, ...pins],
    };
  });

  for (const [key, data] of queryClient.getQueriesData<NoteSearchResponse>({
    queryKey: noteKeys.searches(),
  })) {
    if (!data?.results.some((result) => result.id === note.id)) continue;
    queryClient.setQueryData<NoteSearchResponse>(key, {
      results: next
        ? data.results.map((result) =>
            result.id === note.id
              ? {
                  ...result,
                  title: next.title,
                  projectId: next.projectId,
                  pinned: next.pinned,
                  tags: next.tags,
                }
              : result,
          )
        : data.results.filter((result) => result.id !== note.id),
    });
  }

  if (next === null) {
    queryClient.removeQueries({ queryKey: noteKeys.detail(note.id), exact: true });
  } else {
    queryClient.setQueryData<Note>(noteKeys.detail(note.id), (detail) =>
      detail
        ? { ...detail, title: next.title, projectId: next.projectId, pinned: next.pinned, tags: next.tags }
        : detail,
    );
  }
}

/** Adds `delta` to a project's note count in every cached project list and its detail. */
export function adjustNoteCount(queryClient: QueryClient, projectId: string, delta: number): void {
  const bump = (project: Project) =>
    project.id === projectId ? { ...project, noteCount: Math.max(0, project.noteCount + delta) } : project;
  queryClient.setQueriesData<ProjectListResponse>({ queryKey: projectKeys.lists() }, (data) =>
    data ? { projects: data.projects.map(bump) } : data,
  );
  queryClient.setQueryData<Project>(projectKeys.detail(projectId), (project) =>
    project ? bump(project) : project,
  );
}

/** After any note change: refresh note data and project counts. */
export function invalidateAfterNoteChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: noteKeys.all }),
    queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  ]);
}
