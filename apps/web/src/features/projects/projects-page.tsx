import { FolderOpen } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { useViewMode, ViewToggle } from '@/components/ui/view-toggle';
import { DataActions } from '@/features/export-import';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useProjects } from '@/lib/project-queries';
import { NewProjectButton } from './components/new-project-button';
import { NewProjectDialog } from './components/new-project-dialog';
import { PROJECT_GRID_CLASSES, ProjectItem, ProjectListSkeleton } from './components/project-card';

const VIEW_STORAGE_KEY = 'notewise.view.projects';

/** /projects: the user's own projects as a grid or list, with create, rename, recolour and delete. */
export function ProjectsPage() {
  const projects = useProjects('personal');
  const [view, setView] = useViewMode(VIEW_STORAGE_KEY);
  const [creating, setCreating] = useState(false);
  const openDialog = () => setCreating(true);

  let body: ReactNode;
  if (projects.isPending) {
    body = (
      <div role="status">
        <span className="sr-only">Loading projects</span>
        <ProjectListSkeleton view={view} />
      </div>
    );
  } else if (projects.isError) {
    body = (
      <ErrorState
        title="Could not load projects"
        message={errorMessage(projects.error)}
        onRetry={() => void projects.refetch()}
      />
    );
  } else if (projects.data.length === 0) {
    body = (
      <EmptyState
        icon={FolderOpen}
        title="No projects yet"
        description="Projects group your notes by subject, course or goal. Start with one, or a ready-made set."
        action={<NewProjectButton onClick={openDialog} />}
      />
    );
  } else {
    body = (
      <ul
        aria-label="Projects"
        className={cn(view === 'grid' ? PROJECT_GRID_CLASSES : '-mx-3 divide-y divide-border')}
      >
        {projects.data.map((project) => (
          <li key={project.id} className={view === 'list' ? 'py-0.5' : undefined}>
            <ProjectItem project={project} view={view} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Page>
      <PageHeader
        title="Projects"
        description="Group your notes by subject, course or goal."
        actions={
          <>
            <ViewToggle value={view} onChange={setView} />
            <DataActions />
            <NewProjectButton onClick={openDialog} />
          </>
        }
      />
      {body}
      <NewProjectDialog open={creating} onOpenChange={setCreating} />
    </Page>
  );
}
