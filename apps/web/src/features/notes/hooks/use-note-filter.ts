import type { NoteCounts, NoteSummary } from '@notewise/shared';
import { useDeferredValue, useMemo } from 'react';
import type { Stat } from '@/components/ui/stat-list';
import { formatDate } from '@/lib/format';

/** Case-insensitive match of every word of `query` against title, preview or tags. */
export function matchesNote(note: NoteSummary, words: string[]): boolean {
  if (words.length === 0) return true;
  const haystack = [note.title, note.preview, ...note.tags].join('\n').toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The loaded notes narrowed by a search box (title, preview, tags). */
export function useNoteFilter(notes: NoteSummary[] | undefined, query: string): NoteSummary[] | undefined {
  const deferred = useDeferredValue(query);
  return useMemo(() => {
    if (!notes) return notes;
    const words = deferred.toLocaleLowerCase().split(/\s+/).filter(Boolean);
    return words.length ? notes.filter((note) => matchesNote(note, words)) : notes;
  }, [notes, deferred]);
}

/** The newest updatedAt of a set of notes, or null. */
export function lastUpdated(notes: NoteSummary[]): string | null {
  let latest: string | null = null;
  for (const note of notes) if (!latest || note.updatedAt > latest) latest = note.updatedAt;
  return latest;
}

/**
 * "12 notes · 3 pinned · Last updated March 4, 2025" for a page header, from the counts query (the
 * list itself is paged: what is loaded is not all there is).
 */
export function noteStats(
  counts: NoteCounts,
  options: { pinnedLabel?: string; since?: string | null } = {},
): Stat[] {
  const { total, pinned } = counts;
  let updated = counts.lastUpdatedAt;
  if (options.since && (!updated || options.since > updated)) updated = options.since;
  return [
    { id: 'notes', value: total, label: total === 1 ? 'note' : 'notes' },
    { id: 'pinned', value: pinned, label: options.pinnedLabel ?? 'pinned' },
    ...(updated
      ? [{ id: 'updated', value: formatDate(updated), label: 'Last updated', labelFirst: true }]
      : []),
  ];
}
