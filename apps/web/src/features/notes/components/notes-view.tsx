import type { NoteSummary, Project } from '@notewise/shared';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import type { ViewMode } from '@/components/ui/view-toggle';
import { errorMessage } from '@/lib/api';
import { type ListPager, NoteCollection, NoteCollectionSkeleton } from './note-collection';

interface NotesViewProps {
  /** The notes after any search filter; undefined while loading. */
  notes: NoteSummary[] | undefined;
  /** How many notes are loaded before filtering (0 shows `empty`, else `noMatch` when filtered to none). */
  total: number;
  /** The list's next pages; while there are more, a search that matches none of the loaded notes keeps loading. */
  pager?: ListPager;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  view: ViewMode;
  label: string;
  /** Shown when there are no notes at all. */
  empty: ReactNode;
  /** Shown when a search filters everything out. */
  noMatch: ReactNode;
  projects?: ReadonlyMap<string, Project>;
  highlightedId?: string | null;
  /** Shown above the skeletons while loading. */
  loadingLabel?: string;
}

/** The body of a notes page: skeletons, error, empty states or the notes themselves. */
export function NotesView({
  notes,
  total,
  isPending,
  error,
  onRetry,
  view,
  label,
  empty,
  noMatch,
  projects,
  highlightedId,
  loadingLabel = 'Loading notes...',
  pager,
}: NotesViewProps) {
  if (isPending) {
    return (
      <div role="status">
        <p className="mb-3 text-sm text-subtle">{loadingLabel}</p>
        <NoteCollectionSkeleton view={view} />
      </div>
    );
  }
  if (error || !notes) {
    return <ErrorState title="Could not load notes" message={errorMessage(error)} onRetry={onRetry} />;
  }
  if (total === 0 && !pager?.hasNextPage) return <>{empty}</>;
  if (notes.length === 0 && !pager?.hasNextPage) return <>{noMatch}</>;
  return (
    <NoteCollection
      notes={notes}
      view={view}
      label={label}
      projects={projects}
      highlightedId={highlightedId}
      {...(pager ? { pager } : {})}
    />
  );
}
