import { relativeTime } from '@notewise/shared';
import { FileText, SearchX } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/route-table';
import type { SearchCombobox } from '../hooks/use-search-combobox';

/** The list under the search box: Recent Notes or Search Results, with its loading and empty states. */
export function SearchPanel({ combobox, className }: { combobox: SearchCombobox; className?: string }) {
  const { state, items, listId, optionId, activeIndex, setActiveIndex, choose } = combobox;
  const headingId = useId();
  const heading =
    state.kind === 'recent'
      ? 'Recent Notes'
      : state.status === 'ready'
        ? `Search Results (${items.length}${combobox.more ? '+' : ''})`
        : 'Search Results';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keeps focus in the search box when the panel's padding or heading is clicked.
    <div className={className} onMouseDown={(event) => event.preventDefault()}>
      <div
        id={headingId}
        className="flex items-center justify-between px-4 pt-3 pb-1.5 text-xs font-medium text-muted"
      >
        {heading}
        {combobox.refreshing && state.status === 'ready' && <span className="text-subtle">Searching...</span>}
      </div>
      {/* Announces the outcome of a search to screen readers. */}
      <p role="status" className="sr-only">
        {state.kind === 'results' && state.status === 'ready'
          ? `${items.length} ${items.length === 1 ? 'result' : 'results'}`
          : ''}
      </p>

      {state.status === 'loading' ? (
        <div className="space-y-4 px-4 pt-2 pb-4" aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <div key={index} className="space-y-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-5/6" />
            </div>
          ))}
        </div>
      ) : state.status === 'error' ? (
        <p role="alert" className="px-4 py-6 text-center text-sm text-danger">
          {errorMessage(state.error)}
        </p>
      ) : items.length === 0 ? (
        state.kind === 'recent' ? (
          <div className="flex flex-col items-center px-4 pt-4 pb-7 text-center">
            <FileText size={20} aria-hidden="true" className="mb-2 text-subtle" />
            <p className="font-medium">No notes available</p>
            <p className="mt-1 text-sm text-muted">Notes you capture will show up here.</p>
          </div>
        ) : (
          <div className="flex flex-col items-center px-4 pt-4 pb-7 text-center">
            <SearchX size={20} aria-hidden="true" className="mb-2 text-subtle" />
            <p className="font-medium">No notes found matching your search</p>
            <p className="mt-1 text-sm text-muted">Try different keywords or check your spelling</p>
          </div>
        )
      ) : (
        <div id={listId} role="listbox" aria-labelledby={headingId} className="px-1.5 pb-1.5">
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (arrows, Enter).
            <div
              key={item.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              // Keep focus in the search box; the click opens the note.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== activeIndex && setActiveIndex(index)}
              onClick={() => choose(item)}
              className={cn(
                'cursor-pointer rounded-control px-2.5 py-2 transition-colors duration-100 max-md:py-3',
                index === activeIndex && 'bg-hover',
              )}
            >
              <span className="flex items-baseline justify-between gap-3">
                <span className="truncate font-medium">{item.title}</span>
                <span className="shrink-0 text-xs text-subtle">{relativeTime(item.updatedAt)}</span>
              </span>
              {item.preview && (
                <span className="mt-0.5 line-clamp-2 block text-sm text-muted">{item.preview}</span>
              )}
            </div>
          ))}
        </div>
      )}
      {state.kind === 'results' && state.status === 'ready' && items.length > 0 && (
        <div className="border-t border-border px-1.5 py-1.5">
          <Link
            to={paths.search(combobox.query.trim())}
            onClick={() => combobox.onChosen?.()}
            className="block rounded-control px-2.5 py-2 text-sm font-medium text-accent-text hover:bg-hover max-md:py-3"
          >
            Show all results
          </Link>
        </div>
      )}
    </div>
  );
}
