import type { SharedProject } from '@notewise/shared';
import { SearchX, Users } from 'lucide-react';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { SearchField } from '@/components/ui/search-field';
import { useViewMode, ViewToggle } from '@/components/ui/view-toggle';
import { errorMessage } from '@/lib/api';
import { useSharedProjects } from '@/lib/project-queries';
import { CreateOrJoinDialog } from './components/create-or-join-dialog';
import { NewSharedProjectButton } from './components/new-shared-project-button';
import { SharedProjectCollection, SharedProjectListSkeleton } from './components/shared-project-list';

const VIEW_STORAGE_KEY = 'notewise.view.shared-projects';

/** Case-insensitive: every word of the query in the name or the description (docs/product.md §2). */
function useProjectFilter(projects: SharedProject[] | undefined, query: string) {
  const deferred = useDeferredValue(query);
  return useMemo(() => {
    const words = deferred.toLocaleLowerCase().split(/\s+/).filter(Boolean);
    if (!projects || words.length === 0) return projects;
    return projects.filter((project) => {
      const haystack = `${project.name}\n${project.description}`.toLocaleLowerCase();
      return words.every((word) => haystack.includes(word));
    });
  }, [projects, deferred]);
}

/** /shared-projects: the projects the user owns or joined, with create-or-join, search and actions. */
export function SharedProjectsPage() {
  const projects = useSharedProjects();
  const [view, setView] = useViewMode(VIEW_STORAGE_KEY);
  const [query, setQuery] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const filtered = useProjectFilter(projects.data, query);
  const openDialog = () => setDialogOpen(true);
  const total = projects.data?.length ?? 0;

  let body: ReactNode;
  if (projects.isPending) {
    body = (
      <div role="status">
        <span className="sr-only">Loading shared projects</span>
        <SharedProjectListSkeleton view={view} />
      </div>
    );
  } else if (projects.isError) {
    body = (
      <ErrorState
        title="Could not load shared projects"
        message={errorMessage(projects.error)}
        onRetry={() => void projects.refetch()}
      />
    );
  } else if (total === 0) {
    body = (
      <EmptyState
        icon={Users}
        title="No shared projects yet"
        description="Create a project others can join with a 6-digit code, or join one with a code you were given."
        action={<NewSharedProjectButton onClick={openDialog} label="Create or join a project" />}
      />
    );
  } else if (!filtered || filtered.length === 0) {
    body = (
      <EmptyState
        icon={SearchX}
        title="No shared projects found"
        description="Try adjusting your search terms"
      />
    );
  } else {
    body = <SharedProjectCollection projects={filtered} view={view} onCreateOrJoin={openDialog} />;
  }

  return (
    <Page>
      <PageHeader
        title="Shared Projects"
        description="Projects you collaborate on through a 6-digit code."
        actions={<NewSharedProjectButton onClick={openDialog} />}
      />
      {(projects.isPending || total > 0) && (
        <div className="mb-5 flex items-center gap-3">
          <SearchField
            value={query}
            onValueChange={setQuery}
            label="Search shared projects"
            className="min-w-0 flex-1 sm:max-w-xs"
          />
          <ViewToggle value={view} onChange={setView} className="ml-auto" />
        </div>
      )}
      {body}
      <CreateOrJoinDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </Page>
  );
}
