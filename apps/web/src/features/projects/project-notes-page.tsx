import { ArrowLeft, FileText, FolderX, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ColorDot } from '@/components/ui/color-dot';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
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
  useNoteList,
} from '@/features/notes';
import { errorMessage, isApiError } from '@/lib/api';
import { useProject } from '@/lib/project-queries';
import { paths } from '@/lib/route-table';
import { useHighlight } from './hooks/use-highlight';

const VIEW_STORAGE_KEY = 'notewise.view.project-notes';

function BackToProjects() {
  return (
    <Button asChild variant="ghost" size="sm" className="mb-4 -ml-3 text-muted">
      <Link to={paths.projects}>
        <ArrowLeft size={16} aria-hidden="true" />
        Projects
      </Link>
    </Button>
  );
}

/** /project/:id and its alias /projects/:projectId: one project's notes, pinned first. */
export function ProjectNotesPage() {
  const params = useParams();
  const projectId = params.id ?? params.projectId ?? '';
  const [searchParams] = useSearchParams();
  const project = useProject(projectId);
  const notes = useNoteList({ projectId }, { enabled: !project.isError });
  const counts = useNoteCounts(projectId, { enabled: !project.isError });
  const [view, setView] = useViewMode(VIEW_STORAGE_KEY);
  const [query, setQuery] = useState('');
  const filtered = useNoteFilter(notes.data, query);
  const requested = searchParams.get('highlightNote');
  const highlighted = useHighlight(
    requested,
    Boolean(requested && filtered?.some((note) => note.id === requested)),
  );

  if (project.isError && isApiError(project.error, 404)) {
    return (
      <Page>
        <EmptyState
          icon={FolderX}
          title="Project not found"
          description="It may have been deleted, or you may no longer be a member."
          action={
            <Button asChild>
              <Link to={paths.projects}>
                <ArrowLeft size={16} aria-hidden="true" />
                Back to Projects
              </Link>
            </Button>
          }
          className="mt-10"
        />
      </Page>
    );
  }

  if (project.isError) {
    return (
      <Page>
        <BackToProjects />
        <ErrorState
          title="Could not load this project"
          message={errorMessage(project.error)}
          onRetry={() => void project.refetch()}
        />
      </Page>
    );
  }

  if (!project.data) {
    return (
      <Page>
        <BackToProjects />
        <div role="status" className="space-y-3">
          <Skeleton className="h-8 w-64 max-w-full" />
          <Skeleton className="h-4 w-96 max-w-full" />
          <p className="pt-4 text-sm text-muted">Loading project notes...</p>
        </div>
      </Page>
    );
  }

  const { name, description, color, updatedAt } = project.data;
  const total = counts.data?.total ?? notes.data?.length ?? 0;
  return (
    <Page>
      <BackToProjects />
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <ColorDot color={color} size={12} />
            <span className="min-w-0 break-words">{name}</span>
          </span>
        }
        description={description || undefined}
        actions={<NewNoteButton projectId={projectId} />}
        className="mb-2"
      />
      {counts.data ? (
        <StatList
          label="Project summary"
          className="mb-6"
          stats={noteStats(counts.data, { since: updatedAt })}
        />
      ) : (
        <Skeleton className="mb-6 h-5 w-72 max-w-full" />
      )}
      <NotesToolbar
        search={total > 0 ? { value: query, onChange: setQuery, label: 'Search this project' } : undefined}
        view={view}
        onViewChange={setView}
      />
      <NotesView
        notes={filtered}
        total={notes.data?.length ?? 0}
        pager={notes}
        isPending={notes.isPending}
        error={notes.error}
        onRetry={() => void notes.refetch()}
        view={view}
        label={`Notes in ${name}`}
        loadingLabel="Loading project notes..."
        highlightedId={highlighted}
        empty={
          <EmptyState
            icon={FileText}
            title="No notes in this project yet"
            description="Capture a note and add it to this project, or move one here from All Notes."
            action={<NewNoteButton projectId={projectId} />}
          />
        }
        noMatch={
          <EmptyState icon={SearchX} title="No notes found" description="Try adjusting your search terms" />
        }
      />
    </Page>
  );
}
