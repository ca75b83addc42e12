import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ProjectSelect } from '@/components/project-select';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { SearchField } from '@/components/ui/search-field';
import { useProjects } from '@/lib/project-queries';
import { useDebounced } from '@/lib/use-debounced';
import { type SearchFilter, useSearchPages } from './api/search-notes';
import { SearchResults } from './components/search-results';

const KINDS = [
  { value: '', label: 'All projects' },
  { value: 'personal', label: 'Personal only' },
  { value: 'shared', label: 'Shared only' },
] as const;

const selectClasses = 'h-9 min-w-0 text-sm max-md:h-11';

/**
 * /search?q=&project=&kind=: every note matching a search, best first, page by page, the matched
 * words marked; narrowed to one project or to shared or personal projects. The URL holds the search,
 * so Capture's "Show all results" and the browser's back button land on the same list.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const debounced = useDebounced(text.trim(), 250);
  const projectId = params.get('project') ?? undefined;
  const kindParam = params.get('kind');
  const kind = kindParam === 'shared' || kindParam === 'personal' ? kindParam : undefined;
  const projects = useProjects('all');
  const listRef = useRef<HTMLUListElement>(null);

  // The typed text reaches the URL after a pause (replace: one history entry per search, not per key).
  useEffect(() => {
    if ((params.get('q') ?? '') === debounced) return;
    const next = new URLSearchParams(params);
    if (debounced) next.set('q', debounced);
    else next.delete('q');
    setParams(next, { replace: true });
  }, [debounced, params, setParams]);

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const filter: SearchFilter = { q: params.get('q') ?? '', projectId, kind };
  const search = useSearchPages(filter);

  return (
    <Page>
      <PageHeader title="Search" description="Every note you can see: yours and your shared projects'." />
      <div className="mb-5 flex flex-wrap items-center gap-3">
        <SearchField
          value={text}
          onValueChange={setText}
          label="Search all notes"
          autoFocus
          className="min-w-0 flex-1 basis-64"
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown') return;
            const first = listRef.current?.querySelector<HTMLAnchorElement>('a[data-result]');
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
        />
        <ProjectSelect
          aria-label="Project"
          projects={projects.data ?? []}
          value={projectId ?? ''}
          onChange={(event) => setParam('project', event.target.value)}
          className={selectClasses}
          leading={<option value="">Any project</option>}
        />
        <select
          aria-label="Kind of project"
          value={kind ?? ''}
          onChange={(event) => setParam('kind', event.target.value)}
          className={`rounded-control border border-border-strong bg-panel px-2 text-fg hover:border-subtle focus-visible:border-accent focus-visible:outline-2 ${selectClasses}`}
        >
          {KINDS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {filter.q.trim() ? (
        <SearchResults search={search} listRef={listRef} />
      ) : (
        <EmptyState
          title="Search every note"
          description="Type a word: misspellings are forgiven, and the matched words are marked."
          help={false}
        />
      )}
    </Page>
  );
}
