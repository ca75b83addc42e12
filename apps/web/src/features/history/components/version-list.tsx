import { NOTE_VERSION_REASON_LABELS, type NoteVersionSummary } from '@notewise/shared';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { authorLine, groupByDay } from '../lib/group-by-day';

interface VersionListProps {
  versions: NoteVersionSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Focus this row when the list appears (back from a version on a phone). */
  focusId?: string | null;
}

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

/**
 * The versions by day, newest first. Each row is a button (Tab and Enter work as anywhere); the arrow
 * keys, Home and End move between rows as well, across the day headings.
 */
export function VersionList({
  versions,
  selectedId,
  onSelect,
  hasMore,
  loadingMore,
  onLoadMore,
  focusId = null,
}: VersionListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const initialFocus = useRef(focusId);
  useEffect(() => {
    const id = initialFocus.current;
    if (id)
      listRef.current?.querySelector<HTMLButtonElement>(`[data-version-row="${CSS.escape(id)}"]`)?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    const rows = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[data-version-row]') ?? [])];
    const at = rows.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? rows.length - 1
          : Math.min(rows.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
    rows[next]?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys between the row buttons inside, which keep their own keyboard behaviour.
    <div ref={listRef} onKeyDown={onKeyDown} className="space-y-4">
      {groupByDay(versions).map((day) => (
        <section key={day.label} aria-label={day.label}>
          <h3 className="px-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{day.label}</h3>
          <ul className="space-y-0.5">
            {day.versions.map((version) => {
              const author = authorLine(version);
              const selected = version.id === selectedId;
              // The newest version holds the text the note has now (decision 050).
              const current = versions[0]?.id === version.id;
              return (
                <li key={version.id}>
                  <button
                    type="button"
                    data-version-row={version.id}
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => onSelect(version.id)}
                    className={cn(
                      'flex w-full flex-col items-start rounded-control px-2 py-1.5 text-left text-sm',
                      'hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent max-md:min-h-11',
                      selected && 'bg-accent-soft',
                    )}
                  >
                    <span className="flex w-full items-baseline gap-2">
                      <span className="font-medium tabular-nums">{timeOf(version.updatedAt)}</span>
                      <span className="text-muted">{NOTE_VERSION_REASON_LABELS[version.reason]}</span>
                      {current && <span className="ml-auto text-xs text-subtle">Current</span>}
                    </span>
                    <span className="text-[13px] text-muted" title={author.names ?? undefined}>
                      {author.label}
                      {author.names && <span className="block text-xs text-subtle">{author.names}</span>}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {hasMore && (
        <Button variant="secondary" size="sm" className="w-full" pending={loadingMore} onClick={onLoadMore}>
          {loadingMore ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
