import type { ProjectColor } from '@notewise/shared';
import { FolderOpen, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ColorDot } from '@/components/ui/color-dot';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { pluralize } from '@/lib/format';
import { useProjects, useSharedProjects } from '@/lib/project-queries';
import { paths } from '@/lib/route-table';
import type { ProjectKind, ProjectRef } from '../hooks/use-quick-view-selection';
import { ColumnItemButton, ColumnListSkeleton, ColumnMessage } from './column-list';

export type QuickViewTab = 'projects' | 'shared';

interface ProjectsColumnProps {
  tab: QuickViewTab;
  onTabChange: (tab: QuickViewTab) => void;
  selected: ProjectRef | null;
  onSelect: (project: ProjectRef) => void;
  /** Shows the page's h1 above the tabs (the wide layout). */
  showHeading?: boolean;
}

interface ProjectRow {
  id: string;
  name: string;
  color: ProjectColor;
  count: number;
}

/** Quick View's first column: tabs 'Projects' and 'Shared', each a list of projects to pick from. */
export function ProjectsColumn({
  tab,
  onTabChange,
  selected,
  onSelect,
  showHeading = true,
}: ProjectsColumnProps) {
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => onTabChange(value as QuickViewTab)}
      className="flex h-full min-h-0 flex-col"
    >
      <div className="shrink-0 space-y-3 px-4 pt-5 pb-3">
        {showHeading && <h1 className="text-lg font-semibold tracking-tight">Quick View</h1>}
        <TabsList aria-label="Project lists" className="flex w-full">
          <TabsTrigger value="projects" className="flex-1 justify-center">
            Projects
          </TabsTrigger>
          <TabsTrigger value="shared" className="flex-1 justify-center">
            Shared
          </TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="projects" className="mt-0! min-h-0 flex-1 overflow-y-auto px-2 pb-4">
        <PersonalProjects selected={selected} onSelect={onSelect} />
      </TabsContent>
      <TabsContent value="shared" className="mt-0! min-h-0 flex-1 overflow-y-auto px-2 pb-4">
        <SharedProjectList selected={selected} onSelect={onSelect} />
      </TabsContent>
    </Tabs>
  );
}

function PersonalProjects({ selected, onSelect }: Pick<ProjectsColumnProps, 'selected' | 'onSelect'>) {
  const projects = useProjects('personal');
  return (
    <ProjectList
      kind="personal"
      rows={projects.data?.map((project) => ({
        id: project.id,
        name: project.name,
        color: project.color,
        count: project.noteCount,
      }))}
      pending={projects.isPending}
      error={projects.error}
      onRetry={() => void projects.refetch()}
      selected={selected}
      onSelect={onSelect}
    />
  );
}

function SharedProjectList({ selected, onSelect }: Pick<ProjectsColumnProps, 'selected' | 'onSelect'>) {
  const shared = useSharedProjects();
  return (
    <ProjectList
      kind="shared"
      rows={shared.data?.map((project) => ({
        id: project.id,
        name: project.name,
        color: project.color,
        count: project.itemCount,
      }))}
      pending={shared.isPending}
      error={shared.error}
      onRetry={() => void shared.refetch()}
      selected={selected}
      onSelect={onSelect}
    />
  );
}

interface ProjectListProps extends Pick<ProjectsColumnProps, 'selected' | 'onSelect'> {
  kind: ProjectKind;
  rows: ProjectRow[] | undefined;
  pending: boolean;
  error: Error | null;
  onRetry: () => void;
}

function ProjectList({ kind, rows, pending, error, onRetry, selected, onSelect }: ProjectListProps) {
  if (pending) return <ColumnListSkeleton rows={6} />;
  if (error) {
    return (
      <ColumnMessage
        title="Could not load projects"
        description={errorMessage(error)}
        action={
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!rows || rows.length === 0) {
    return kind === 'personal' ? (
      <ColumnMessage
        icon={<FolderOpen size={20} aria-hidden="true" />}
        title="No projects yet"
        description="Projects hold your notes; create one to start."
        action={
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.projects}>Go to Projects</Link>
          </Button>
        }
      />
    ) : (
      <ColumnMessage
        icon={<Users size={20} aria-hidden="true" />}
        title="No shared projects yet"
        description="Create a shared project or join one with its 6-digit code."
        action={
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.sharedProjects}>Go to Shared Projects</Link>
          </Button>
        }
      />
    );
  }
  return (
    <ul className="space-y-0.5">
      {rows.map((row) => (
        <li key={row.id}>
          <ColumnItemButton selected={selected?.id === row.id} onClick={() => onSelect({ kind, id: row.id })}>
            <span className="flex items-center gap-2.5">
              <ColorDot color={row.color} />
              <span className="min-w-0 flex-1 truncate font-medium">{row.name}</span>
              <span className="shrink-0 text-xs text-subtle" title={pluralize(row.count, 'note')}>
                <span aria-hidden="true">{row.count}</span>
                <span className="sr-only">{pluralize(row.count, 'note')}</span>
              </span>
            </span>
          </ColumnItemButton>
        </li>
      ))}
    </ul>
  );
}
