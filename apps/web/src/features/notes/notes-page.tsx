import type { QueryClient } from '@tanstack/react-query';
import { FileText, SearchX } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { StatList } from '@/components/ui/stat-list';
import { useViewMode } from '@/components/ui/view-toggle';
import { prefetchProjects } from '@/lib/project-queries';
import { useDebounced } from '@/lib/use-debounced';
import { prefetchNoteCounts, useNoteCounts } from './api/get-note-counts';
import { prefetchNoteList, useNoteList } from './api/get-notes';
import { useSearchPages } from './api/search-notes';
import { NewNoteButton } from './components/new-note-button';
import { NotesToolbar } from './components/notes-toolbar';
import { NotesView } from './components/notes-view';
import { SearchResults } from './components/search-results';
import { noteStats } from './hooks/use-note-filter';
import { useProjectLookup } from './hooks/use-project-lookup';

const VIEW_STORAGE_KEY = 'notewise.view.notes';

/**
 * What /notes shows first, fetched while the page's code and the session load (router.tsx): the list,
 * its counters and the projects the cards name, so the page renders them together (decision 079).
 */
export async function prefetchNotesPage(client: QueryClient): Promise<void> {
  await Promise.all([prefetchNoteList(client), prefetchNoteCounts(client), prefetchProjects(client, 'all')]);
}

/** /notes: every note the user can see, pinned first, with counters, a filter and the per-note menu. */
export function NotesPage() {
  const notes = useNoteList();
  const counts = useNoteCounts();
  const projects = useProjectLookup();
  const [view, setView] = useViewMode(VIEW_STORAGE_KEY);
  const [query, setQuery] = useState('');
  // The filter is the server's search (typo-tolerant, every note, not only the loaded pages).
  const searched = useDebounced(query.trim(), 250);
  const search = useSearchPages({ q: searched });

  return (
    <Page>
      <PageHeader title="All Notes" actions={<NewNoteButton />} className="mb-2" />
      {counts.data ? (
        <StatList label="Notes summary" className="mb-6" stats={noteStats(counts.data)} />
      ) : (
        <Skeleton className="mb-6 h-5 w-72 max-w-full" />
      )}
      <NotesToolbar
        search={{ value: query, onChange: setQuery, label: 'Search notes' }}
        view={view}
        onViewChange={setView}
      />
      {searched ? (
        <SearchResults search={search} />
      ) : (
        <NotesView
          notes={notes.data}
          total={notes.data?.length ?? 0}
          pager={notes}
          isPending={notes.isPending}
          error={notes.error}
          onRetry={() => void notes.refetch()}
          view={view}
          label="Notes"
          projects={projects}
          empty={
            <EmptyState
              icon={FileText}
              title="No notes yet"
              description="Capture a note and it will show up here, with the notes of all your projects."
              action={<NewNoteButton />}
            />
          }
          noMatch={
            <EmptyState icon={SearchX} title="No notes found" description="Try adjusting your search terms" />
          }
        />
      )}
    </Page>
  );
}
