import { type Project, relativeTime } from '@notewise/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ColorDot } from '@/components/ui/color-dot';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDate, pluralize } from '@/lib/format';
import { paths } from '@/lib/route-table';
import { useUpdateProject } from '../api/update-project';
import { ProjectActionsMenu } from './project-actions-menu';
import { ProjectNameInput } from './project-name-input';

interface ProjectItemProps {
  project: Project;
  view: 'grid' | 'list';
}

// The name link covers the whole item, so the item is one click target while the menu stays its own
// control; the focus ring is drawn on the item.
const stretchedLink = 'after:absolute after:inset-0 after:rounded-[inherit] focus-visible:outline-none';
const itemFocus =
  'has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-ring has-[a:focus-visible]:outline-offset-2';

/** A project as a card (grid) or a row (list): colour dot, name, description, note count, last update. */
export function ProjectItem({ project, view }: ProjectItemProps) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const update = useUpdateProject();

  const name = editing ? (
    <ProjectNameInput
      current={project.name}
      onCancel={() => setEditing(false)}
      onSave={(next) => {
        setEditing(false);
        update.mutate({ id: project.id, changes: { name: next } });
      }}
    />
  ) : (
    <h2 id={titleId} className="min-w-0 flex-1 truncate font-medium">
      <Link to={paths.project(project.id)} className={stretchedLink}>
        {project.name}
      </Link>
    </h2>
  );
  const menu = (
    <ProjectActionsMenu
      project={project}
      onEditName={() => setEditing(true)}
      className="relative z-10 -my-1"
    />
  );
  const updated = (
    <time dateTime={project.updatedAt} title={formatDate(project.updatedAt)}>
      Updated {relativeTime(project.updatedAt).replace(/^Just now$/, 'just now')}
    </time>
  );

  if (view === 'list') {
    return (
      <article
        aria-labelledby={titleId}
        className={cn(
          'group relative flex items-center gap-3 rounded-control px-3 py-2.5 transition-colors duration-150',
          'hover:bg-hover max-md:py-3',
          itemFocus,
        )}
      >
        <ColorDot color={project.color} size={10} />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5 md:flex-row md:items-center md:gap-4">
          <div className="flex min-w-0 items-center md:w-56 md:shrink-0">{name}</div>
          <p className="min-w-0 flex-1 truncate text-sm text-muted">{project.description}</p>
        </div>
        <span className="hidden w-20 text-right text-xs text-subtle tabular-nums sm:block">
          {pluralize(project.noteCount, 'note')}
        </span>
        <span className="hidden w-32 text-right text-xs text-subtle sm:block">{updated}</span>
        {menu}
      </article>
    );
  }

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'group relative flex h-36 flex-col rounded-card border border-border bg-panel p-4',
        'transition-colors duration-150 hover:border-border-strong',
        itemFocus,
      )}
    >
      <div className="flex items-center gap-2.5">
        <ColorDot color={project.color} size={10} />
        {name}
        {menu}
      </div>
      <p className={cn('mt-2 line-clamp-2 text-sm text-muted', !project.description && 'text-subtle')}>
        {project.description || 'No description'}
      </p>
      <footer className="mt-auto flex items-center justify-between gap-2 text-xs text-subtle">
        <span className="tabular-nums">{pluralize(project.noteCount, 'note')}</span>
        {updated}
      </footer>
    </article>
  );
}

export const PROJECT_GRID_CLASSES = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3';

/** Placeholders shaped like project cards or rows. */
export function ProjectListSkeleton({ view, count = 6 }: { view: 'grid' | 'list'; count?: number }) {
  const items = Array.from({ length: count }, (_, index) => index);
  if (view === 'list') {
    return (
      <div aria-hidden="true" className="divide-y divide-border">
        {items.map((index) => (
          <div key={index} className="flex items-center gap-3 py-3.5">
            <Skeleton className="size-2.5 rounded-full" />
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 flex-1" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div aria-hidden="true" className={PROJECT_GRID_CLASSES}>
      {items.map((index) => (
        <div key={index} className="flex h-36 flex-col rounded-card border border-border p-4">
          <div className="flex items-center gap-2.5">
            <Skeleton className="size-2.5 rounded-full" />
            <Skeleton className="h-4 w-1/2" />
          </div>
          <Skeleton className="mt-3 h-3 w-5/6" />
          <div className="mt-auto flex justify-between">
            <Skeleton className="h-3 w-14" />
            <Skeleton className="h-3 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}
