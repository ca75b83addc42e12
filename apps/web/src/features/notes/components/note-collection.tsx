import type { NoteSummary, Project } from '@notewise/shared';
import { Skeleton } from '@/components/ui/skeleton';
import type { ViewMode } from '@/components/ui/view-toggle';
import { cn } from '@/lib/cn';
import { NoteCard, NoteRow } from './note-card';

interface NoteCollectionProps {
  notes: NoteSummary[];
  view: ViewMode;
  /** Projects by id, to show each note's project; omit on a project's own page. */
  projects?: ReadonlyMap<string, Project>;
  /** The note to ring and scroll to. */
  highlightedId?: string | null;
  /** Accessible name of the list. */
  label: string;
  className?: string;
  /** Where clicking a note goes (shared projects open Quick View's Shared tab). */
  linkTo?: (note: NoteSummary) => string;
}

export const NOTE_GRID_CLASSES = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3';

/** Notes as a grid of cards or a list of rows. */
export function NoteCollection({
  notes,
  view,
  projects,
  highlightedId,
  label,
  className,
  linkTo,
}: NoteCollectionProps) {
  if (view === 'list') {
    return (
      <ul aria-label={label} className={cn('-mx-3 divide-y divide-border', className)}>
        {notes.map((note) => (
          <li key={note.id} className="py-0.5">
            <NoteRow
              note={note}
              project={projects?.get(note.projectId)}
              highlighted={note.id === highlightedId}
              {...(linkTo ? { linkTo } : {})}
            />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul aria-label={label} className={cn(NOTE_GRID_CLASSES, className)}>
      {notes.map((note) => (
        <li key={note.id}>
          <NoteCard
            note={note}
            project={projects?.get(note.projectId)}
            highlighted={note.id === highlightedId}
            {...(linkTo ? { linkTo } : {})}
          />
        </li>
      ))}
    </ul>
  );
}

/** Placeholders shaped like the notes that are loading. */
export function NoteCollectionSkeleton({ view, count = 6 }: { view: ViewMode; count?: number }) {
  const items = Array.from({ length: count }, (_, index) => index);
  if (view === 'list') {
    return (
      <div aria-hidden="true" className="divide-y divide-border">
        {items.map((index) => (
          <div key={index} className="space-y-2 py-3.5">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div aria-hidden="true" className={NOTE_GRID_CLASSES}>
      {items.map((index) => (
        <div key={index} className="flex h-52 flex-col rounded-card border border-border p-4">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="mt-4 h-3 w-full" />
          <Skeleton className="mt-2 h-3 w-5/6" />
          <Skeleton className="mt-2 h-3 w-4/6" />
          <Skeleton className="mt-auto h-3 w-1/3" />
        </div>
      ))}
    </div>
  );
}
