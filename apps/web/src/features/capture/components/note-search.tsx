import { PREVIEW_LENGTHS, relativeTime, truncatePlainText, UNTITLED_NOTE_TITLE } from '@notewise/shared';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/route-table';
import { useAuth, useAuthDialog } from '@/app/session';
import { inputClasses } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useNoteSearch } from '../api/search-notes';

const SEARCH_DEBOUNCE_MS = 250;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Capture's note search. Signed out it is disabled and prompts sign-up when focused or clicked;
 * Cmd/Ctrl+K focuses it.
 */
export function NoteSearch() {
  const { user } = useAuth();
  const { openAuthDialog, openOnFocus } = useAuthDialog();
  const signedIn = user !== null;
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsId = useId();
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useNoteSearch(debounced, signedIn);
  const results = search.data?.results ?? [];
  const showResults = signedIn && debounced.length > 0;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        inputRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div>
      <search className="relative">
        <Search
          size={16}
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-subtle"
        />
        <input
          ref={inputRef}
          type="search"
          aria-label="Search notes"
          maxLength={200}
          aria-controls={showResults ? resultsId : undefined}
          placeholder={signedIn ? 'Search your notes...' : 'Sign in to search your notes'}
          className={cn(inputClasses, 'h-11 pl-9 text-[15px]', !signedIn && 'cursor-pointer')}
          value={signedIn ? query : ''}
          {...(signedIn
            ? {
                onChange: (event) => setQuery(event.target.value),
                onKeyDown: (event) => {
                  if (event.key === 'Escape' && query) {
                    event.preventDefault();
                    setQuery('');
                  }
                },
              }
            : {
                // Looks and reads as disabled, but stays focusable so it can prompt sign-up.
                readOnly: true,
                'aria-disabled': true,
                onFocus: openOnFocus('signup'),
                onClick: (event) => {
                  if (document.activeElement === event.currentTarget) openAuthDialog('signup');
                },
              })}
        />
      </search>

      {showResults && (
        <section
          id={resultsId}
          aria-label="Search results"
          className="mt-3 rounded-card border border-border bg-panel"
        >
          <h2
            className="border-b border-border px-4 py-2.5 text-[13px] font-medium text-muted"
            aria-live="polite"
          >
            {search.isPending ? 'Searching...' : `Search Results (${results.length})`}
          </h2>
          {search.isPending ? (
            <div className="space-y-3 p-4" aria-hidden="true">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-5/6" />
              <Skeleton className="h-4 w-1/4" />
              <Skeleton className="h-3 w-2/3" />
            </div>
          ) : search.isError ? (
            <p role="alert" className="px-4 py-6 text-center text-sm text-danger">
              {errorMessage(search.error)}
            </p>
          ) : results.length === 0 ? (
            <div className="px-4 py-8 text-center">
              <p className="font-medium">No notes found matching your search</p>
              <p className="mt-1 text-sm text-muted">Try different keywords or check your spelling</p>
            </div>
          ) : (
            <ul className="divide-y divide-border">
              {results.map((result) => (
                <li key={result.id}>
                  <Link
                    to={paths.quickView({ project: result.projectId, note: result.id })}
                    className="block px-4 py-3 transition-colors hover:bg-hover focus-visible:-outline-offset-2"
                  >
                    <span className="flex items-baseline justify-between gap-3">
                      <span className="truncate font-medium">{result.title || UNTITLED_NOTE_TITLE}</span>
                      <span className="shrink-0 text-xs text-subtle">{relativeTime(result.updatedAt)}</span>
                    </span>
                    {result.preview && (
                      <span className="mt-0.5 block text-sm text-muted">
                        {truncatePlainText(result.preview, PREVIEW_LENGTHS.captureSearch)}
                      </span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
