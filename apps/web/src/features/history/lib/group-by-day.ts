import type { NoteVersionSummary } from '@notewise/shared';

export interface VersionDay {
  /** "Today", "Yesterday", or the date ("Monday, 3 March" this year; with the year before). */
  label: string;
  versions: NoteVersionSummary[];
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** The label of the local day `at` falls on, seen from `now`. */
export function dayLabel(at: Date, now: Date = new Date()): string {
  const days = Math.round((startOfDay(now) - startOfDay(at)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return at.toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** Versions (newest first, as listed) in runs of one local day each, by their last change. */
export function groupByDay(versions: NoteVersionSummary[], now: Date = new Date()): VersionDay[] {
  const days: VersionDay[] = [];
  for (const version of versions) {
    const label = dayLabel(new Date(version.updatedAt), now);
    const last = days[days.length - 1];
    if (last?.label === label) last.versions.push(version);
    else days.push({ label, versions: [version] });
  }
  return days;
}

/** Who made a version, as the list shows it: one name, or "Several people" with the names apart. */
export function authorLine(version: Pick<NoteVersionSummary, 'authors'>): {
  label: string;
  names: string | null;
} {
  const names = version.authors.map((author) => author.name);
  if (names.length === 0) return { label: 'Unknown author', names: null };
  if (names.length === 1) return { label: names[0] as string, names: null };
  return { label: 'Several people', names: names.join(', ') };
}
