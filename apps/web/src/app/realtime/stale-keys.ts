// Event -> query keys. Each key is a prefix (TanStack's partial matching, objects matched by their
// given fields), so `[...noteKeys.lists(), { projectId }]` hits that project's lists whatever else
// they filter by.
import type { ChangeEvent } from '@notewise/shared';
import type { QueryKey } from '@tanstack/react-query';
import { noteKeys, projectKeys, sharedProjectKeys, trashKeys } from '@/lib/query-keys';

/**
 * Note lists and pins are paged (decision 015): a note event does not make them stale (that would
 * refetch every loaded page); the note is fetched once and patched into the loaded pages instead
 * (`notesToPatch`). Their counters are a cheap query of their own and are refetched.
 */
export function notesToPatch(event: ChangeEvent): string | null {
  const patched =
    event.type === 'note.created' || event.type === 'note.updated' || event.type === 'pin.changed';
  return patched && event.noteId ? event.noteId : null;
}

/** The query keys (prefixes) an event makes stale; 'all' for a resync. */
export function staleKeysFor(event: ChangeEvent, userId: string): QueryKey[] | 'all' {
  const { noteId } = event;
  switch (event.type) {
    case 'resync':
      return 'all';
    case 'note.created':
      return [
        noteKeys.allCounts(),
        noteKeys.firstPages(),
        noteKeys.searches(),
        projectKeys.all, // note counts
        sharedProjectKeys.all, // item counts, last modified
        trashKeys.all, // a restore is announced as a creation
      ];
    // A change (or move) touches its projects' last-modified time, order and counts; a deletion
    // the same (removeNoteFromCache takes it out of the loaded pages at once).
    case 'note.updated':
    case 'note.deleted':
      return [
        noteKeys.allCounts(),
        noteKeys.firstPages(),
        noteKeys.searches(),
        ...(noteId ? [noteKeys.detail(noteId)] : []),
        projectKeys.all,
        sharedProjectKeys.all,
        ...(event.type === 'note.deleted' ? [trashKeys.all] : []),
      ];
    case 'pin.changed':
      // Pins are per user: the flag shows in every list, the pins, search results and the note.
      return [
        noteKeys.allCounts(),
        noteKeys.firstPages(),
        noteKeys.searches(),
        ...(noteId ? [noteKeys.detail(noteId)] : []),
      ];
    case 'project.created':
      // Also a project restored from Trash, which brings its notes back into every note list.
      return [projectKeys.lists(), sharedProjectKeys.all, noteKeys.all, trashKeys.all];
    case 'project.updated':
      return [projectKeys.all, sharedProjectKeys.all];
    case 'project.deleted':
      // Its notes went with it: every note list, pin and search result may have held one.
      return [projectKeys.all, sharedProjectKeys.all, noteKeys.all, trashKeys.all];
    case 'member.joined':
      // Member counts and lists; the joiner (maybe in another tab) now sees the project's notes too.
      return [projectKeys.all, sharedProjectKeys.all, ...(event.actorId === userId ? [noteKeys.all] : [])];
    case 'member.left':
      // Someone left or was removed; if it was this user, the project's notes are gone for them (the
      // event names the remover as actor, so there is no telling: refresh note data either way).
      return [projectKeys.all, sharedProjectKeys.all, noteKeys.all];
    default:
      return [];
  }
}
