import { relativeTime, type SearchResult } from '@notewise/shared';
import { SearchX } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ColorDot, isProjectColor } from '@/components/ui/color-dot';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/route-table';
import type { useSearchPages } from '../api/search-notes';
import { useProjectLookup } from '../hooks/use-project-lookup';
import { HighlightedText } from './highlighted-text';

/** Arrow keys move between the results' links (Home and End to the first and last). */
function moveFocus(event: KeyboardEvent<HTMLElement>, list: HTMLElement | null) {
  if (!list || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
  const links = [...list.querySelectorAll<HTMLAnchorElement>('a[data-result]')];
  if (links.length === 0) return;
  const current = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? links.length - 1
        : event.key === 'ArrowDown'
          ? Math.min(links.length - 1, current + 1)
          : Math.max(0, current - 1);
  event.preventDefault();
  links[next]?.focus();
}

interface SearchResultsProps {
  search: ReturnType<typeof useSearchPages>;
  /** Handed the list so a search box can move into it with the down arrow. */
  listRef?: React.RefObject<HTMLUListElement | null>;
}

/** Every match of a search, best first, matched words marked; more load on request. */
export function SearchResults({ search, listRef }: SearchResultsProps) {
  const ownRef = useRef<HTMLUListElement>(null);
  const ref = listRef ?? ownRef;
  const projects = useProjectLookup();

  if (search.isPending) {
    return (
      <div className="space-y-5" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <div key={index} className="space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-5/6" />
          </div>
        ))}
      </div>
    );
  }
  if (search.isError && !search.data) {
    return <ErrorState message={errorMessage(search.error)} onRetry={() => void search.refetch()} />;
  }
  const results = search.data?.results ?? [];
  const terms = search.data?.terms ?? [];
  const count = `${results.length}${search.hasNextPage ? '+' : ''} ${results.length === 1 ? 'result' : 'results'}`;

  return (
    <div>
      <p role="status" className="mb-3 text-sm text-muted">
        {results.length === 0 ? '' : count}
      </p>
      {results.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No notes found matching your search"
          description="Try different keywords or check your spelling"
        />
      ) : (
        <ul
          ref={ref}
          aria-label="Search results"
          className="divide-y divide-border rounded-card border border-border bg-panel"
          onKeyDown={(event) => moveFocus(event, ref.current)}
        >
          {results.map((result) => (
            <ResultRow
              key={result.id}
              result={result}
              terms={terms}
              project={projects.get(result.projectId)}
            />
          ))}
        </ul>
      )}
      {search.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void search.fetchNextPage()}
            disabled={search.isFetchingNextPage}
          >
            {search.isFetchingNextPage ? 'Loading...' : 'Show more results'}
          </Button>
        </div>
      )}
    </div>
  );
}

function ResultRow({
  result,
  terms,
  project,
}: {
  result: SearchResult;
  terms: string[];
  project: { name: string; color: string; kind: string } | undefined;
}) {
  return (
    <li>
      <Link
        data-result
        to={paths.quickView({ project: result.projectId, note: result.id })}
        state={{ focusEditor: true }}
        className="block px-4 py-3 transition-colors hover:bg-hover focus-visible:bg-hover max-md:py-3.5"
      >
        <span className="flex items-baseline justify-between gap-3">
          <span className="min-w-0 truncate font-medium">
            <HighlightedText text={result.title || 'Untitled Note'} terms={terms} />
          </span>
          <span className="shrink-0 text-xs text-subtle">{relativeTime(result.updatedAt)}</span>
        </span>
        {result.preview && (
          <span className="mt-1 line-clamp-2 block text-sm text-muted">
            <HighlightedText text={result.preview} terms={terms} />
          </span>
        )}
        {project && (
          <span className="mt-1.5 flex items-center gap-1.5 text-xs text-subtle">
            {isProjectColor(project.color) && <ColorDot color={project.color} />}
            {project.name}
            {project.kind === 'shared' && ' · Shared'}
          </span>
        )}
      </Link>
    </li>
  );
}
