import type { Note, NoteSummary, Project } from '@notewise/shared';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { type CacheSnapshot, snapshotQueries } from '@/lib/cache-snapshot';
import type { ProjectListResponse } from '@/lib/project-queries';
import { filterOfListKey, noteKeys, projectKeys } from '@/lib/query-keys';
import type { NotePages } from './get-notes';
import type { PinPages } from './get-pins';
import type { NoteSearchResponse } from './search-notes';

/** docs/product.md §4, as the server pages it: pinned first, then newest updated, ties by id (descending). */
export function compareNotes(a: NoteSummary, b: NoteSummary): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

export function sortNotes(notes: NoteSummary[]): NoteSummary[] {
  return [...notes].sort(compareNotes);
}

/**
 * Takes a note out of loaded pages and, when `next` is given, puts it where the server would list it:
 * on the page it sorts into, or nowhere when it sorts after everything loaded while more pages remain
 * (it arrives with those pages). Returns the same object when nothing changed.
 */
export function placeInPages(data: NotePages, noteId: string, next: NoteSummary | null): NotePages {
  let changed = false;
  const pages = data.pages.map((page) => {
    const notes = page.notes.filter((item) => item.id !== noteId);
    if (notes.length === page.notes.length) return page;
    changed = true;
    return { ...page, notes };
  });
  if (next) {
    const lastIndex = pages.length - 1;
    const target = pages.findIndex(
      (page, index) =>
        index === lastIndex ||
        page.notes.length === 0 ||
        compareNotes(next, page.notes[page.notes.length - 1] as NoteSummary) < 0,
    );
    const page = pages[target];
    const fitsLoaded =
      page !== undefined &&
      (page.nextCursor === null ||
        page.notes.some((item) => compareNotes(next, item) < 0) ||
        target < lastIndex);
    if (page && fitsLoaded) {
      const notes = [...page.notes];
      const at = notes.findIndex((item) => compareNotes(next, item) < 0);
      notes.splice(at === -1 ? notes.length : at, 0, next);
      pages[target] = { ...page, notes };
      changed = true;
    }
  }
  return changed ? { ...data, pages } : data;
}

/** The pins pages without a note, or with it first (newest pinned) or updated in place. */
function placeInPins(data: PinPages, note: NoteSummary, next: NoteSummary | null): PinPages {
  const existing = data.pages.flatMap((page) => page.pins).find((pin) => pin.noteId === note.id);
  if (next?.pinned && existing) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        pins: page.pins.map((pin) => (pin.noteId === note.id ? { ...pin, note: next } : pin)),
      })),
    };
  }
  const pages = data.pages.map((page) => ({
    ...page,
    pins: page.pins.filter((pin) => pin.noteId !== note.id),
  }));
  const first = pages[0];
  if (next?.pinned && first) {
    pages[0] = {
      ...first,
      pins: [{ noteId: note.id, pinnedAt: new Date().toISOString(), note: next }, ...first.pins],
    };
  }
  return { ...data, pages };
}

/** Stops refetches of note and project queries and remembers them, for an optimistic change. */
export function snapshotNoteData(queryClient: QueryClient): Promise<CacheSnapshot> {
  return snapshotQueries(queryClient, [noteKeys.all, projectKeys.all]);
}

/**
 * Shows a change of one note everywhere it is cached: every list (it leaves lists whose filter it no
 * longer matches and joins those it now matches), the pins, search results and its own query.
 * `next = null` removes the note.
 */
export function applyNoteChange(queryClient: QueryClient, note: NoteSummary, next: NoteSummary | null): void {
  for (const [key, data] of queryClient.getQueriesData<NotePages>({ queryKey: noteKeys.lists() })) {
    if (!data?.pages) continue;
    const filter = filterOfListKey(key);
    const belongs =
      next !== null &&
      (filter.projectId === null || filter.projectId === next.projectId) &&
      (filter.pinned === null || filter.pinned === next.pinned);
    const updated = placeInPages(data, note.id, belongs ? next : null);
    if (updated !== data) queryClient.setQueryData<NotePages>(key, updated);
  }

  queryClient.setQueryData<PinPages>(noteKeys.pins(), (data) =>
    data?.pages ? placeInPins(data, note, next) : data,
  );

  const patchResults = (results: NoteSearchResponse['results']) =>
    next
      ? results.map((result) =>
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
      : results.filter((result) => result.id !== note.id);
  // Capture's quick list is one response; the search page's is pages of responses.
  for (const [key, data] of queryClient.getQueriesData<
    NoteSearchResponse | InfiniteData<NoteSearchResponse, string | null>
  >({ queryKey: noteKeys.searches() })) {
    if (!data) continue;
    if ('pages' in data) {
      if (!data.pages.some((page) => page.results.some((result) => result.id === note.id))) continue;
      queryClient.setQueryData(key, {
        ...data,
        pages: data.pages.map((page) => ({ ...page, results: patchResults(page.results) })),
      });
    } else if (data.results.some((result) => result.id === note.id)) {
      queryClient.setQueryData(key, { ...data, results: patchResults(data.results) });
    }
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

/** Note lists and pins: paged queries, kept current by patches rather than refetched page by page. */
function isPagedNoteQuery(queryKey: QueryKey): boolean {
  return queryKey[0] === noteKeys.all[0] && (queryKey[1] === 'list' || queryKey[1] === 'pins');
}

/**
 * After any note change: refresh counters, searches, single notes and project counts. Loaded list
 * pages were patched already and the live event patches them with the server's note, so they are
 * only marked stale (refetched when next shown), not refetched page by page now.
 */
export function invalidateAfterNoteChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: noteKeys.all,
      predicate: (query) => !isPagedNoteQuery(query.queryKey),
    }),
    queryClient.invalidateQueries({
      queryKey: noteKeys.all,
      predicate: (query) => isPagedNoteQuery(query.queryKey),
      refetchType: 'none',
    }),
    queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  ]);
}
