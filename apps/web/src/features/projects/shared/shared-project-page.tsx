import { type NoteSummary, PERMISSION_MESSAGES, relativeTime } from '@notewise/shared';
import { ArrowLeft, FileText, FolderX, SearchX, Users } from 'lucide-react';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ColorDot } from '@/components/ui/color-dot';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useViewMode } from '@/components/ui/view-toggle';
import {
  NewNoteButton,
  NoteCollectionSkeleton,
  NotesToolbar,
  useNoteCounts,
  useNoteList,
} from '@/features/notes';
import { errorMessage, isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatDate, pluralize } from '@/lib/format';
import { useMembers, useSharedProject } from '@/lib/project-queries';
import { useRealtimeStatus } from '@/lib/realtime-status';
import { paths } from '@/lib/route-table';
import { CopyCodeButton, ProjectCode } from './components/copy-code-button';
import { SharedNoteCollection } from './components/shared-note-collection';
import { SharedProjectActions } from './components/shared-project-actions';

const VIEW_STORAGE_KEY = 'notewise.view.shared-project-notes';

/** docs/product.md §2: search by title and content (the loaded excerpt), and tags; every word must match. */
function useSharedNoteFilter(notes: NoteSummary[] | undefined, query: string) {
  const deferred = useDeferredValue(query);
  return useMemo(() => {
    const words = deferred.toLocaleLowerCase().split(/\s+/).filter(Boolean);
    if (!notes || words.length === 0) return notes;
    return notes.filter((note) => {
      const haystack = [note.title, note.excerpt, ...note.tags].join('\n').toLocaleLowerCase();
      return words.every((word) => haystack.includes(word));
    });
  }, [notes, deferred]);
}

function BackToSharedProjects() {
  return (
    <Button asChild variant="ghost" size="sm" className="mb-4 -ml-3 text-muted">
      <Link to={paths.sharedProjects}>
        <ArrowLeft size={16} aria-hidden="true" />
        Shared Projects
      </Link>
    </Button>
  );
}

/** A quiet "Live" marker: on only while the live-events connection is up. */
function LiveIndicator() {
  const status = useRealtimeStatus();
  const live = status === 'connected';
  return (
    <span
      className="inline-flex items-center gap-1.5 text-xs text-subtle"
      title={live ? 'Changes by other members appear as they happen' : 'Reconnecting to live updates'}
    >
      <span
        aria-hidden="true"
        className={cn('size-1.5 rounded-full', live ? 'bg-success' : 'bg-border-strong')}
      />
      {live ? 'Live' : 'Offline'}
    </span>
  );
}

/** /shared-project/:sharedProjectId: one shared project's notes, searchable, with its code and members. */
export function SharedProjectPage() {
  const { sharedProjectId = '' } = useParams();
  const navigate = useNavigate();
  const project = useSharedProject(sharedProjectId);
  const notes = useNoteList({ projectId: sharedProjectId }, { enabled: !project.isError });
  const counts = useNoteCounts(sharedProjectId, { enabled: !project.isError });
  const members = useMembers(sharedProjectId, { enabled: !project.isError });
  const [view, setView] = useViewMode(VIEW_STORAGE_KEY);
  const [query, setQuery] = useState('');
  const filtered = useSharedNoteFilter(notes.data, query);

  if (project.isError && isApiError(project.error, 404)) {
    return (
      <Page>
        <EmptyState
          icon={FolderX}
          title="Shared project not found"
          description="It may have been deleted, or you are no longer a member."
          action={
            <Button asChild>
              <Link to={paths.sharedProjects}>
                <ArrowLeft size={16} aria-hidden="true" />
                Back to Shared Projects
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
        <BackToSharedProjects />
        <ErrorState
          title="Could not load this shared project"
          message={errorMessage(project.error)}
          onRetry={() => void project.refetch()}
        />
      </Page>
    );
  }

  if (!project.data) {
    return (
      <Page>
        <BackToSharedProjects />
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading shared project</span>
          <Skeleton className="h-8 w-64 max-w-full" />
          <Skeleton className="h-4 w-96 max-w-full" />
          <Skeleton className="mb-6 h-5 w-72 max-w-full" />
          <NoteCollectionSkeleton view={view} count={3} />
        </div>
      </Page>
    );
  }

  const data = project.data;
  const total = counts.data?.total ?? notes.data?.length ?? 0;
  const newest = counts.data?.lastUpdatedAt ?? null;
  const updated = newest && newest > data.updatedAt ? newest : data.updatedAt;
  const label = `Notes in ${data.name}`;

  let body: ReactNode;
  if (notes.isPending) {
    body = (
      <div role="status">
        <span className="sr-only">Loading notes</span>
        <NoteCollectionSkeleton view={view} />
      </div>
    );
  } else if (notes.isError) {
    body = (
      <ErrorState
        title="Could not load notes"
        message={errorMessage(notes.error)}
        onRetry={() => void notes.refetch()}
      />
    );
  } else if ((notes.data?.length ?? 0) === 0 && !notes.hasNextPage) {
    body = (
      <EmptyState
        icon={FileText}
        title="No notes in this shared project yet"
        description="Capture a note and add it to this project, or move one here. Every member sees it."
        action={<NewNoteButton projectId={sharedProjectId} />}
      />
    );
  } else if ((!filtered || filtered.length === 0) && !notes.hasNextPage) {
    body = <EmptyState icon={SearchX} title="No notes found" description="Try adjusting your search terms" />;
  } else {
    body = (
      <SharedNoteCollection
        sharedProjectId={data.id}
        notes={filtered ?? []}
        view={view}
        label={label}
        pager={notes}
      />
    );
  }

  return (
    <Page>
      <BackToSharedProjects />
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <ColorDot color={data.color} size={12} />
            <span className="min-w-0 break-words">{data.name}</span>
          </span>
        }
        description={data.description || undefined}
        actions={
          <>
            <NewNoteButton projectId={sharedProjectId} />
            <SharedProjectActions
              project={data}
              variant="secondary"
              className="size-9"
              onDeleted={() => navigate(paths.sharedProjects)}
            />
          </>
        }
        className="mb-2"
      />

      <ul
        aria-label="Shared project summary"
        className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted"
      >
        <li>
          {counts.data ? (
            <span className="tabular-nums">
              <span className="font-medium text-fg">{total}</span> {total === 1 ? 'note' : 'notes'}
            </span>
          ) : (
            <Skeleton className="inline-block h-4 w-14 align-middle" />
          )}
        </li>
        <li>
          Last updated{' '}
          <time dateTime={updated} title={relativeTime(updated)} className="font-medium text-fg">
            {formatDate(updated)}
          </time>
        </li>
        <li className="flex items-center gap-1.5">
          <span>ID</span>
          <ProjectCode code={data.code} expiresAt={data.codeExpiresAt} />
          {data.code && <CopyCodeButton code={data.code} />}
        </li>
        <li>
          <LiveIndicator />
        </li>
      </ul>

      <p className="mb-6 flex items-start gap-1.5 text-xs text-subtle">
        <Users size={14} aria-hidden="true" className="mt-px shrink-0" />
        {members.data ? (
          <span>
            <span className="sr-only">Members: </span>
            {pluralize(members.data.length, 'member')}
            {' · '}
            {members.data
              .map((member) => (member.role === 'owner' ? `${member.name} (owner)` : member.name))
              .join(', ')}
          </span>
        ) : (
          <span>{pluralize(data.memberCount, 'member')}</span>
        )}
      </p>
      {data.role === 'member' && (
        <p className="-mt-4 mb-6 text-xs text-subtle">{PERMISSION_MESSAGES.memberHint}</p>
      )}

      <NotesToolbar
        search={
          total > 0 ? { value: query, onChange: setQuery, label: 'Search this shared project' } : undefined
        }
        view={view}
        onViewChange={setView}
      />
      {body}
    </Page>
  );
}
