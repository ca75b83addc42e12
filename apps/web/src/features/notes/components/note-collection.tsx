import type { NoteSummary, Project } from '@notewise/shared';
import { observeWindowOffset, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import type { ViewMode } from '@/components/ui/view-toggle';
import { cn } from '@/lib/cn';
import { useDelegatedLinks } from '@/lib/link-delegation';
import { useMediaQuery } from '@/lib/use-media-query';
import { NoteCard, NoteRow } from './note-card';

/** The next pages of a paged list (TanStack's infinite query, or none for a list loaded whole). */
export interface ListPager {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

interface NoteCollectionProps {
  notes: NoteSummary[];
  view: ViewMode;
  /** Projects by id, to show each note's project; omit on a project's own page. */
  projects?: ReadonlyMap<string, Project>;
  /** The note to ring and scroll to. */
  highlightedId?: string | null;
  /** Accessible name of the list. */
  label: string;
  className?: string;
  /** Where clicking a note goes (shared projects open Quick View's Shared tab). */
  linkTo?: (note: NoteSummary) => string;
  /** Loads more notes when the end of the list comes into view. */
  pager?: ListPager;
}

export const NOTE_GRID_CLASSES = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3';
/** NOTE_GRID_CLASSES' gap, and the card height (h-52), in px. */
const GRID_GAP_PX = 12;
const CARD_HEIGHT_PX = 208;
const ROW_ESTIMATE_PX = 66;

/** Columns of the card grid at the current width (Tailwind's sm and lg, as NOTE_GRID_CLASSES). */
function useGridColumns(view: ViewMode): number {
  const small = useMediaQuery('(min-width: 40rem)');
  const large = useMediaQuery('(min-width: 64rem)');
  if (view === 'list') return 1;
  return large ? 3 : small ? 2 : 1;
}

/**
 * The list's distance from the top of the document, which the window virtualizer counts from; null
 * until measured. Measured after the first paint, not before it: a state update from a layout effect
 * would render the list again and run every pending effect before the page first shows (a phone's
 * LCP, decision 089). Until then the virtualizer counts from 0: rows are placed relative to the list
 * either way, and it renders at most a row more below the screen.
 */
function useDocumentOffset(ref: React.RefObject<HTMLElement | null>): number | null {
  const [offset, setOffset] = useState<number | null>(null);
  // Once per mounted list: the observer follows every later change; one made on each render (every
  // scroll frame) would measure the page again each time.
  useEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const next = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setOffset((current) => (current === next ? current : next));
    };
    measure();
    // What sits above the list (counters, toolbar) can change height while it loads.
    const observer = new ResizeObserver(measure);
    if (ref.current?.parentElement) observer.observe(ref.current.parentElement);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

/** How many notes the server's render of a list holds (decision 097): a wide screen's first rows. */
const SERVER_RENDERED_NOTES = 12;

/**
 * The list as the server renders it into the page (decision 097), where no screen can be measured:
 * the first notes in a CSS grid with the columns, gap and card height the virtual grid places them
 * at, so the client's render replaces them without moving them. No "Loading more" below: it would
 * sit higher than the client's, which comes under all the loaded notes.
 */
function ServerNoteCollection({ notes, view, label, className, ...props }: NoteCollectionProps) {
  const itemProps = (note: NoteSummary) => ({
    note,
    project: props.projects?.get(note.projectId),
    highlighted: note.id === props.highlightedId,
    ...(props.linkTo ? { linkTo: props.linkTo } : {}),
  });
  const first = notes.slice(0, SERVER_RENDERED_NOTES);
  return (
    <ul
      aria-label={label}
      data-count={notes.length}
      className={cn(view === 'list' ? '-mx-3 divide-y divide-border' : NOTE_GRID_CLASSES, className)}
    >
      {first.map((note) => (
        <li key={note.id} className={view === 'list' ? 'py-0.5' : undefined}>
          {view === 'list' ? <NoteRow {...itemProps(note)} /> : <NoteCard {...itemProps(note)} />}
        </li>
      ))}
    </ul>
  );
}

/** Notes as a grid or a list: virtualised in the browser, the first notes only on the server. */
export function NoteCollection(props: NoteCollectionProps) {
  return typeof document === 'undefined' ? (
    <ServerNoteCollection {...props} />
  ) : (
    <VirtualNoteCollection {...props} />
  );
}

/**
 * Notes as a grid of cards or a list of rows, virtualised (decision 015): only the rows near the
 * viewport are in the DOM, however many notes are loaded, and the next page loads as the end of the
 * list comes into view. The page itself scrolls (window virtualizer); rows of the list view may
 * differ in height and are measured. The virtualizer and its range live in `VirtualRows`, so a range
 * change while scrolling re-renders the rows alone, not this component's hooks (columns' media
 * queries, the link handler, the offset's observer; decision 106).
 */
function VirtualNoteCollection({ view, label, className, pager, ...rest }: NoteCollectionProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const onLinkClick = useDelegatedLinks();
  const columns = useGridColumns(view);
  const measuredOffset = useDocumentOffset(listRef);
  const { hasNextPage = false, isFetchingNextPage = false, fetchNextPage } = pager ?? {};
  return (
    <>
      <VirtualRows
        {...rest}
        view={view}
        columns={columns}
        listRef={listRef}
        onLinkClick={onLinkClick}
        scrollMargin={measuredOffset ?? 0}
        offsetKnown={measuredOffset !== null}
        listLabel={label}
        listClassName={className}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
      />
      {/* Skipped while off screen (content-visibility): its spinning SVG is not composited, and
          ticking it restyled the page in every scroll frame, which the virtualizer's scroll read
          then waited for (decision 113). */}
      {hasNextPage && (
        <div
          role="status"
          className="flex items-center justify-center gap-2 py-6 text-sm text-subtle [contain-intrinsic-size:auto_68px] [content-visibility:auto]"
        >
          <Spinner size={14} />
          Loading more…
        </div>
      )}
    </>
  );
}

interface VirtualRowsProps
  extends Pick<NoteCollectionProps, 'notes' | 'view' | 'projects' | 'highlightedId' | 'linkTo'>,
    Omit<ListPager, 'fetchNextPage'> {
  fetchNextPage: ListPager['fetchNextPage'] | undefined;
  columns: number;
  listRef: React.RefObject<HTMLUListElement | null>;
  onLinkClick: (event: React.MouseEvent<HTMLElement>) => void;
  /** The list's distance from the top of the document (0 until measured). */
  scrollMargin: number;
  offsetKnown: boolean;
  listLabel: string;
  listClassName: string | undefined;
}

/**
 * The window's scroll offset, reported to the virtualizer inside a transition: the range it then
 * renders is a React transition, rendered in slices of about 5 ms that yield to the frames, not one
 * blocking task of the new rows' whole render (decision 113).
 */
const observeOffsetInTransition: typeof observeWindowOffset = (instance, callback) =>
  observeWindowOffset(instance, (offset, isScrolling) =>
    startTransition(() => callback(offset, isScrolling)),
  );

/** The list element and the rows in its virtual range; memoised: its parent's props rarely change. */
const VirtualRows = memo(function VirtualRows({
  notes,
  view,
  projects,
  highlightedId,
  linkTo,
  columns,
  listRef,
  onLinkClick,
  scrollMargin,
  offsetKnown,
  listLabel,
  listClassName,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: VirtualRowsProps) {
  const rowCount = Math.ceil(notes.length / columns);
  // Stable between renders: a new getItemKey makes the virtualizer measure every loaded row again on
  // each scroll frame's render, a cost that grows with every page loaded (decision 089).
  const estimateSize = useCallback(
    () => (view === 'list' ? ROW_ESTIMATE_PX : CARD_HEIGHT_PX + GRID_GAP_PX),
    [view],
  );
  const getItemKey = useCallback((index: number) => notes[index * columns]?.id ?? index, [notes, columns]);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize,
    overscan: view === 'list' ? 8 : 3,
    scrollMargin,
    getItemKey,
    // A new range renders in a task after the frame that saw it, not inside that frame's scroll event
    // (flushSync): the frame then holds the scroll and paint alone, and the overscan rows cover the
    // frame it takes (decision 106).
    useFlushSync: false,
    // Scrolling ends on the browser's `scrollend`, not a timer set again in every scroll event.
    useScrollendEvent: true,
    observeElementOffset: observeOffsetInTransition,
  });
  const rows = virtualizer.getVirtualItems();
  const lastRendered = rows.at(-1)?.index ?? -1;
  // Lay the new rows out in this commit's task, between frames: otherwise the next frame's scroll
  // event does it when the virtualizer reads the scroll offset, and the frame holds the layout too.
  useLayoutEffect(() => {
    void listRef.current?.offsetHeight;
  });

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastRendered >= rowCount - 1) void fetchNextPage?.();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastRendered, rowCount]);

  // A highlighted note far down the list is not rendered yet: bring its row into view first.
  const highlightedIndex = highlightedId ? notes.findIndex((note) => note.id === highlightedId) : -1;
  // Once the list's offset is measured: scrolling to a row counts from it.
  useEffect(() => {
    if (highlightedIndex >= 0 && offsetKnown)
      virtualizer.scrollToIndex(Math.floor(highlightedIndex / columns), { align: 'center' });
  }, [highlightedIndex, columns, virtualizer, offsetKnown]);

  const itemProps = (note: NoteSummary) => ({
    note,
    project: projects?.get(note.projectId),
    highlighted: note.id === highlightedId,
    ...(linkTo ? { linkTo } : {}),
  });
  const cellWidth = `calc((100% - ${(columns - 1) * GRID_GAP_PX}px) / ${columns})`;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are the anchors' own (Enter on a link clicks it); the list only routes them.
    <ul
      ref={listRef}
      aria-label={listLabel}
      data-count={notes.length}
      onClick={onLinkClick}
      className={cn('relative', view === 'list' && '-mx-3', listClassName)}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {rows.flatMap((row) => {
        const top = row.start - virtualizer.options.scrollMargin;
        if (view === 'list') {
          const note = notes[row.index];
          if (!note) return [];
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              className={cn(
                'absolute inset-x-0 top-0 py-0.5',
                row.index < rowCount - 1 && 'border-b border-border',
              )}
              style={{ transform: `translateY(${top}px)` }}
            >
              <NoteRow {...itemProps(note)} />
            </li>
          );
        }
        return notes.slice(row.index * columns, row.index * columns + columns).map((note, column) => {
          const style: CSSProperties = {
            transform: `translateY(${top}px)`,
            width: cellWidth,
            left: `calc(${column} * (${cellWidth} + ${GRID_GAP_PX}px))`,
          };
          return (
            <li key={note.id} className="absolute top-0" style={style}>
              <NoteCard {...itemProps(note)} />
            </li>
          );
        });
      })}
    </ul>
  );
});

/** Placeholders shaped like the notes that are loading. */
export function NoteCollectionSkeleton({ view, count = 6 }: { view: ViewMode; count?: number }) {
  const items = Array.from({ length: count }, (_, index) => index);
  if (view === 'list') {
    return (
      <div aria-hidden="true" className="divide-y divide-border">
        {items.map((index) => (
          <div key={index} className="space-y-2 py-3.5">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div aria-hidden="true" className={NOTE_GRID_CLASSES}>
      {items.map((index) => (
        <div key={index} className="flex h-52 flex-col rounded-card border border-border p-4">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="mt-4 h-3 w-full" />
          <Skeleton className="mt-2 h-3 w-5/6" />
          <Skeleton className="mt-2 h-3 w-4/6" />
          <Skeleton className="mt-auto h-3 w-1/3" />
        </div>
      ))}
    </div>
  );
}
