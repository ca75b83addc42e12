import {
  MESSAGES,
  PREVIEW_LENGTHS,
  relativeTime,
  type SharedProject,
  truncatePlainText,
} from '@notewise/shared';
import { Plus, Users } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ColorDot } from '@/components/ui/color-dot';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip } from '@/components/ui/tooltip';
import type { ViewMode } from '@/components/ui/view-toggle';
import { useAuth } from '@/features/auth';
import { cn } from '@/lib/cn';
import { formatDate, pluralize } from '@/lib/format';
import { paths } from '@/lib/route-table';
import { CopyCodeButton, ProjectCode } from './copy-code-button';
import { SharedProjectActions } from './shared-project-actions';

export const SHARED_GRID_CLASSES = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3';

// The name link covers the whole card or row, so it is one click target while the buttons above it
// stay their own controls; the focus ring is drawn on the item.
const stretchedLink = 'after:absolute after:inset-0 after:rounded-[inherit] focus-visible:outline-none';
const itemFocus =
  'has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-ring has-[a:focus-visible]:outline-offset-2';

function owner(project: SharedProject): string {
  return project.role === 'owner' ? 'Owned by you' : `Owner: ${project.ownerName}`;
}

function LastModified({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDate(iso)} className="whitespace-nowrap">
      {relativeTime(iso)}
    </time>
  );
}

interface SharedProjectCollectionProps {
  projects: SharedProject[];
  view: ViewMode;
  /** Opens the create-or-join dialog (the grid's last tile). */
  onCreateOrJoin: () => void;
}

/** Shared projects as a grid of cards (ending in the create-or-join tile) or a table (docs/product.md §2 columns). */
export function SharedProjectCollection({ projects, view, onCreateOrJoin }: SharedProjectCollectionProps) {
  if (view === 'list') return <SharedProjectTable projects={projects} />;
  return (
    <ul aria-label="Shared projects" className={SHARED_GRID_CLASSES}>
      {projects.map((project) => (
        <li key={project.id}>
          <SharedProjectCard project={project} />
        </li>
      ))}
      <li>
        <CreateOrJoinTile onClick={onCreateOrJoin} />
      </li>
    </ul>
  );
}

export function SharedProjectCard({ project }: { project: SharedProject }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex h-full min-h-48 flex-col rounded-card border border-border bg-panel p-4',
        'transition-colors duration-150 hover:border-border-strong',
        itemFocus,
      )}
    >
      <div className="flex items-center gap-2.5">
        <ColorDot color={project.color} size={10} />
        <h2 id={titleId} className="min-w-0 flex-1 truncate font-medium">
          <Link to={paths.sharedProject(project.id)} className={stretchedLink}>
            {project.name}
          </Link>
        </h2>
        <SharedProjectActions project={project} className="-my-1 -mr-2" />
      </div>
      <p className={cn('mt-1.5 line-clamp-2 text-sm text-muted', !project.description && 'text-subtle')}>
        {project.description || 'No description'}
      </p>
      <div className="mt-auto flex items-center gap-3 pt-3 text-xs text-subtle">
        <span className="min-w-0 truncate">{owner(project)}</span>
        <span className="ml-auto flex shrink-0 items-center gap-1.5 tabular-nums">
          <Users size={12} aria-hidden="true" />
          {pluralize(project.memberCount, 'member')}
          <span aria-hidden="true">·</span>
          {pluralize(project.itemCount, 'item')}
        </span>
      </div>
      <footer className="mt-3 flex items-center gap-2 border-t border-border pt-2.5 text-xs text-subtle">
        <span>ID</span>
        <ProjectCode code={project.code} expiresAt={project.codeExpiresAt} />
        {project.code && <CopyCodeButton code={project.code} className="relative z-10 -my-1" />}
        <span className="ml-auto">
          <LastModified iso={project.updatedAt} />
        </span>
      </footer>
    </article>
  );
}

/** The grid's last tile: create a shared project or join one (disabled without access, saying why). */
export function CreateOrJoinTile({ onClick }: { onClick: () => void }) {
  const { hasAccess } = useAuth();
  const reasonId = useId();
  const tile = (
    <button
      type="button"
      onClick={onClick}
      disabled={!hasAccess}
      aria-describedby={hasAccess ? undefined : reasonId}
      aria-haspopup="dialog"
      className={cn(
        'flex h-48 w-full flex-col items-center justify-center gap-2 rounded-card border border-dashed',
        'border-border-strong p-4 text-center transition-colors duration-150 hover:border-accent',
        'hover:bg-accent-soft/40 disabled:pointer-events-none disabled:opacity-50',
      )}
    >
      <span className="flex size-9 items-center justify-center rounded-full bg-accent-soft text-accent-text">
        <Plus size={20} aria-hidden="true" />
      </span>
      <span className="font-medium">Create or join</span>
      <span className="max-w-56 text-sm text-muted">
        Start a shared project, or join one with a 6-digit code.
      </span>
    </button>
  );
  if (hasAccess) return tile;
  // A disabled button gets no pointer events: the tooltip sits on a wrapper (as DisabledHint does,
  // but full width).
  return (
    <>
      <Tooltip content={MESSAGES.accessRequired}>
        <div className="cursor-not-allowed">{tile}</div>
      </Tooltip>
      <span id={reasonId} hidden>
        {MESSAGES.accessRequired}
      </span>
    </>
  );
}

/** The list view: a table with docs/product.md §2's columns (Name, Project ID, Items, Last Modified, Actions). */
function SharedProjectTable({ projects }: { projects: SharedProject[] }) {
  const th = 'px-3 py-2 text-left text-xs font-medium text-subtle';
  return (
    <div className="-mx-3 overflow-x-auto">
      <table aria-label="Shared projects" className="w-full table-fixed border-collapse text-sm">
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={cn(th, 'w-28 md:w-36')}>
              Project ID
            </th>
            <th scope="col" className={cn(th, 'w-20 text-right max-md:hidden')}>
              Items
            </th>
            <th scope="col" className={cn(th, 'w-36 max-md:hidden')}>
              Last Modified
            </th>
            <th scope="col" className={cn(th, 'w-14 text-right md:w-16')}>
              <span className="max-md:sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {projects.map((project) => (
            <SharedProjectRow key={project.id} project={project} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SharedProjectRow({ project }: { project: SharedProject }) {
  const description = truncatePlainText(project.description, PREVIEW_LENGTHS.sharedList);
  return (
    <tr className={cn('relative transition-colors duration-150 hover:bg-hover', itemFocus)}>
      <td className="px-3 py-2.5 align-middle max-md:py-3">
        <div className="flex min-w-0 items-center gap-2.5">
          <ColorDot color={project.color} size={10} />
          <span className="min-w-0 truncate font-medium">
            <Link to={paths.sharedProject(project.id)} className={stretchedLink}>
              {project.name}
            </Link>
          </span>
        </div>
        <p className="mt-0.5 truncate pl-5 text-xs text-subtle">
          <span className="max-md:hidden">
            {description && <span className="text-muted">{description} · </span>}
            {pluralize(project.memberCount, 'member')} · {owner(project)}
          </span>
          <span className="md:hidden">
            {pluralize(project.itemCount, 'item')} · {pluralize(project.memberCount, 'member')} ·{' '}
            <LastModified iso={project.updatedAt} />
          </span>
        </p>
      </td>
      <td className="px-3 py-2.5 align-middle">
        <span className="flex items-center gap-1">
          <ProjectCode code={project.code} expiresAt={project.codeExpiresAt} className="text-xs" />
          {project.code && <CopyCodeButton code={project.code} className="relative z-10" />}
        </span>
      </td>
      <td className="px-3 py-2.5 text-right align-middle text-muted tabular-nums max-md:hidden">
        {project.itemCount}
      </td>
      <td className="px-3 py-2.5 align-middle text-muted max-md:hidden">
        <LastModified iso={project.updatedAt} />
      </td>
      <td className="px-3 py-2.5 text-right align-middle">
        <SharedProjectActions project={project} className="-my-1" />
      </td>
    </tr>
  );
}

/** Placeholders shaped like the cards or rows that are loading. */
export function SharedProjectListSkeleton({ view, count = 6 }: { view: ViewMode; count?: number }) {
  const items = Array.from({ length: count }, (_, index) => index);
  if (view === 'list') {
    return (
      <div aria-hidden="true" className="divide-y divide-border">
        {items.map((index) => (
          <div key={index} className="flex items-center gap-3 py-4">
            <Skeleton className="size-2.5 rounded-full" />
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 flex-1" />
            <Skeleton className="h-3 w-16" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div aria-hidden="true" className={SHARED_GRID_CLASSES}>
      {items.map((index) => (
        <div key={index} className="flex h-48 flex-col rounded-card border border-border p-4">
          <div className="flex items-center gap-2.5">
            <Skeleton className="size-2.5 rounded-full" />
            <Skeleton className="h-4 w-1/2" />
          </div>
          <Skeleton className="mt-3 h-3 w-5/6" />
          <Skeleton className="mt-auto h-3 w-2/3" />
          <div className="mt-3 flex justify-between border-t border-border pt-3">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-3 w-16" />
          </div>
        </div>
      ))}
    </div>
  );
}
