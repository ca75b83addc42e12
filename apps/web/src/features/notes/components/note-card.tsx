import {
  type NoteSummary,
  PREVIEW_LENGTHS,
  type Project,
  relativeTime,
  truncatePlainText,
} from '@notewise/shared';
import { Pin } from 'lucide-react';
import { memo, useEffect, useId, useRef } from 'react';
import { ColorDot } from '@/components/ui/color-dot';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { APP_LINK } from '@/lib/link-delegation';
import { paths } from '@/lib/route-table';
import { NoteActionsMenu } from './note-actions-menu';

export interface NoteItemProps {
  note: NoteSummary;
  /** The note's project, shown as a dot and name; omit on a project's own page. */
  project?: Project;
  /** Ring and scroll into view (docs/product.md §2: highlightNote). */
  highlighted?: boolean;
  /** Where clicking the note goes; Quick View on its project by default. */
  linkTo?: (note: NoteSummary) => string;
}

/** Where clicking a note goes by default: Quick View with its project and the note selected. */
export function noteHref(note: NoteSummary) {
  return paths.quickView({ project: note.projectId, note: note.id });
}

// The title link covers the whole item (after:inset-0), so the item is one click target while the
// menu button above it stays its own control; the focus ring is drawn on the item. A plain anchor:
// the list (NoteCollection) handles its clicks for the router (lib/link-delegation.ts).
const stretchedLink = 'after:absolute after:inset-0 after:rounded-[inherit] focus-visible:outline-none';
const itemFocus =
  'has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-ring has-[a:focus-visible]:outline-offset-2';
const highlightRing = 'ring-2 ring-accent ring-offset-2 ring-offset-bg';

function useScrollIntoView(active: boolean) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!active) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  }, [active]);
  return ref;
}

function PinnedMarker() {
  return <Pin size={14} role="img" aria-label="Pinned" className="shrink-0 fill-current text-accent-text" />;
}

function UpdatedTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDate(iso)} className="shrink-0 whitespace-nowrap">
      {relativeTime(iso)}
    </time>
  );
}

/**
 * A note in the grid: title, an excerpt filling the card, project and relative time, menu. Memoised,
 * as NoteRow: a virtual list re-renders on every scroll frame, and the cards already shown are unchanged.
 */
export const NoteCard = memo(function NoteCard({
  note,
  project,
  highlighted = false,
  linkTo = noteHref,
}: NoteItemProps) {
  const titleId = useId();
  const ref = useScrollIntoView(highlighted);
  return (
    <article
      ref={ref}
      aria-labelledby={titleId}
      data-highlighted={highlighted || undefined}
      className={cn(
        'group relative flex h-52 flex-col rounded-card border border-border bg-panel p-4 transition-[border-color,box-shadow]',
        'duration-150 hover:border-border-strong',
        itemFocus,
        highlighted && highlightRing,
      )}
    >
      <div className="flex items-start gap-2">
        <h2 id={titleId} className="line-clamp-2 min-w-0 flex-1 pt-1 text-[15px] leading-snug font-medium">
          <a href={linkTo(note)} {...APP_LINK} className={stretchedLink}>
            {note.title}
          </a>
        </h2>
        {note.pinned && (
          <span className="pt-1.5">
            <PinnedMarker />
          </span>
        )}
        <NoteActionsMenu note={note} className="relative z-10 -mt-0.5 -mr-2" />
      </div>
      <p className="mt-2 line-clamp-4 min-h-0 text-sm leading-relaxed whitespace-pre-line text-muted">
        {note.excerpt.slice(0, PREVIEW_LENGTHS.card) || (
          <span className="text-subtle italic">Empty note</span>
        )}
      </p>
      <footer className="mt-auto flex items-center gap-2 pt-3 text-xs text-subtle">
        {project && (
          <>
            <ColorDot color={project.color} />
            <span className="min-w-0 truncate">{project.name}</span>
            <span aria-hidden="true">·</span>
          </>
        )}
        <UpdatedTime iso={note.updatedAt} />
      </footer>
    </article>
  );
});

/** A note in the list: title and a one-line preview, project and relative time, menu. */
export const NoteRow = memo(function NoteRow({
  note,
  project,
  highlighted = false,
  linkTo = noteHref,
}: NoteItemProps) {
  const titleId = useId();
  const ref = useScrollIntoView(highlighted);
  return (
    <article
      ref={ref}
      aria-labelledby={titleId}
      data-highlighted={highlighted || undefined}
      className={cn(
        'group relative flex items-center gap-3 rounded-control px-3 py-2.5 transition-colors duration-150',
        'hover:bg-hover max-md:py-3',
        itemFocus,
        highlighted && highlightRing,
      )}
    >
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <h2 id={titleId} className="min-w-0 truncate font-medium">
            <a href={linkTo(note)} {...APP_LINK} className={stretchedLink}>
              {note.title}
            </a>
          </h2>
          {note.pinned && <PinnedMarker />}
        </div>
        <p className="truncate text-sm text-muted">
          {truncatePlainText(note.preview, PREVIEW_LENGTHS.list) || (
            <span className="text-subtle italic">Empty note</span>
          )}
        </p>
        <div className="mt-1 flex items-center gap-2 text-xs text-subtle sm:hidden">
          {project && (
            <>
              <ColorDot color={project.color} />
              <span className="min-w-0 truncate">{project.name}</span>
              <span aria-hidden="true">·</span>
            </>
          )}
          <UpdatedTime iso={note.updatedAt} />
        </div>
      </div>
      {project && (
        <span className="hidden w-40 min-w-0 items-center gap-2 text-xs text-muted sm:flex">
          <ColorDot color={project.color} />
          <span className="truncate">{project.name}</span>
        </span>
      )}
      <span className="hidden w-24 text-right text-xs text-subtle sm:block">
        <UpdatedTime iso={note.updatedAt} />
      </span>
      <NoteActionsMenu note={note} className="relative z-10 -mr-1" />
    </article>
  );
});
