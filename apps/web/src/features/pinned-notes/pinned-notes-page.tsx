import { Pin, SearchX } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { StatList } from '@/components/ui/stat-list';
import { useViewMode } from '@/components/ui/view-toggle';
import {
  NewNoteButton,
  NotesToolbar,
  NotesView,
  noteStats,
  useNoteCounts,
  useNoteFilter,
  usePinnedNotes,
  useProjectLookup,
} from '@/features/notes';

const VIEW_STORAGE_KEY = 'notewise.view.pinned-notes';

/** /pinned-notes: the user's pinned notes, newest pinned first. */
export function PinnedNotesPage() {
  const pins = usePinnedNotes();
  const counts = useNoteCounts();
  const projects = useProjectLookup();
  const [view, setView] = useViewMode(VIEW_STORAGE_KEY);
  const [query, setQuery] = useState('');
  const filtered = useNoteFilter(pins.data, query);
  const pinnedCount = counts.data?.pinned ?? pins.data?.length ?? 0;
  // The counters: pinned notes and the last update among them.
  const stats = counts.data
    ? noteStats({
        total: counts.data.pinned,
        pinned: counts.data.pinned,
        lastUpdatedAt: counts.data.pinnedLastUpdatedAt,
        pinnedLastUpdatedAt: counts.data.pinnedLastUpdatedAt,
      }).filter((stat) => stat.id !== 'pinned')
    : [];
  if (stats[0]) stats[0] = { ...stats[0], label: pinnedCount === 1 ? 'pinned note' : 'pinned notes' };

  return (
    <Page>
      <PageHeader title="Pinned Notes" actions={<NewNoteButton />} className="mb-2" />
      {counts.data ? (
        <StatList label="Pinned notes summary" className="mb-6" stats={stats} />
      ) : (
        <Skeleton className="mb-6 h-5 w-56 max-w-full" />
      )}
      <NotesToolbar
        search={{ value: query, onChange: setQuery, label: 'Search pinned notes' }}
        view={view}
        onViewChange={setView}
      />
      <NotesView
        notes={filtered}
        total={pins.data?.length ?? 0}
        pager={pins}
        isPending={pins.isPending}
        error={pins.error}
        onRetry={() => void pins.refetch()}
        view={view}
        label="Pinned notes"
        loadingLabel="Loading pinned notes..."
        projects={projects}
        empty={
          <EmptyState
            icon={Pin}
            title="No pinned notes yet"
            description="Pin the notes you reach for most and they will wait for you here."
            action={<NewNoteButton label="Create & Pin Note" />}
          />
        }
        noMatch={
          <EmptyState
            icon={SearchX}
            title="No pinned notes found"
            description="Try adjusting your search terms"
          />
        }
      />
    </Page>
  );
}
