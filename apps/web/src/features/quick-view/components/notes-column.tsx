import { type NoteSummary, PREVIEW_LENGTHS, relativeTime, truncatePlainText } from '@notewise/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { FileText, FolderOpen, Pin } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useNoteList } from '@/features/notes/api/get-notes';
import { useNoteCounts } from '@/features/notes/queries';
import { errorMessage } from '@/lib/api';
import { pluralize } from '@/lib/format';
import { paths } from '@/lib/route-table';
import type { ProjectRef } from '../hooks/use-quick-view-selection';
import { ColumnItemButton, ColumnListSkeleton, ColumnMessage } from './column-list';

interface NotesColumnProps {
  project: ProjectRef | null;
  projectName: string | undefined;
  selectedNoteId: string | null;
  onSelect: (noteId: string) => void;
}

/** Quick View's second column: the notes of the selected project, pinned first, then newest. */
export function NotesColumn({ project, projectName, selectedNoteId, onSelect }: NotesColumnProps) {
  return (
    <div className="flex h-full min-h-0 flex-col">
      {project ? (
        <ProjectNotes
          project={project}
          projectName={projectName}
          selectedNoteId={selectedNoteId}
          onSelect={onSelect}
        />
      ) : (
        <ColumnMessage
          icon={<FolderOpen size={20} aria-hidden="true" />}
          title="Select a project first to view notes"
          description="Pick a project in the list to see its notes here."
          className="my-auto"
        />
      )}
    </div>
  );
}

function ProjectNotes({
  project,
  projectName,
  selectedNoteId,
  onSelect,
}: Omit<NotesColumnProps, 'project'> & { project: ProjectRef }) {
  const notes = useNoteList({ projectId: project.id });
  const counts = useNoteCounts(project.id);
  const scrollRef = useRef<HTMLDivElement>(null);

  return (
    <>
      <div className="shrink-0 px-4 pt-5 pb-3">
        <h2 className="truncate text-[15px] font-semibold">{projectName ?? 'Notes'}</h2>
        <p className="text-xs text-subtle">{counts.data ? pluralize(counts.data.total, 'note') : '\u00a0'}</p>
      </div>
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto px-2 pb-4">
        {notes.isPending ? (
          <ColumnListSkeleton rows={5} lines={2} />
        ) : notes.isError ? (
          <ColumnMessage
            title="Could not load notes"
            description={errorMessage(notes.error)}
            action={
              <Button variant="secondary" size="sm" onClick={() => void notes.refetch()}>
                Try again
              </Button>
            }
          />
        ) : notes.data.length === 0 ? (
          <ColumnMessage
            icon={<FileText size={20} aria-hidden="true" />}
            title="No notes in this project"
            description="Notes you add from Capture appear here."
            action={
              <Button asChild variant="secondary" size="sm">
                <Link to={paths.capture}>New Note</Link>
              </Button>
            }
          />
        ) : (
          <VirtualNoteList
            notes={notes.data}
            label={`Notes in ${projectName ?? 'this project'}`}
            selectedNoteId={selectedNoteId}
            onSelect={onSelect}
            scrollRef={scrollRef}
            pager={notes}
          />
        )}
      </div>
    </>
  );
}

const NOTE_ROW_ESTIMATE_PX = 62;
/** The rows' vertical gap (space-y-0.5). */
const NOTE_ROW_GAP_PX = 2;

/**
 * The column's notes, virtualised inside the column's own scroller (decision 015): rows differ in
 * height (a preview of up to two lines) and are measured; the next page loads near the end.
 */
function VirtualNoteList({
  notes,
  label,
  selectedNoteId,
  onSelect,
  scrollRef,
  pager,
}: {
  notes: NoteSummary[];
  label: string;
  selectedNoteId: string | null;
  onSelect: (noteId: string) => void;
  scrollRef: RefObject<HTMLDivElement | null>;
  pager: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const virtualizer = useVirtualizer({
    count: notes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => NOTE_ROW_ESTIMATE_PX,
    gap: NOTE_ROW_GAP_PX,
    overscan: 8,
    getItemKey: (index) => notes[index]?.id ?? index,
  });
  const rows = virtualizer.getVirtualItems();
  const lastRendered = rows.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pager;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastRendered >= notes.length - 1) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastRendered, notes.length]);

  // The selected note (from the address) may be far down: scroll its row into view once.
  const selectedIndex = selectedNoteId ? notes.findIndex((note) => note.id === selectedNoteId) : -1;
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (selectedIndex < 0 || !selectedNoteId || scrolledTo.current === selectedNoteId) return;
    scrolledTo.current = selectedNoteId;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, selectedNoteId, virtualizer]);

  return (
    <>
      <ul aria-label={label} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const note = notes[row.index];
          if (!note) return null;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              className="absolute inset-x-0 top-0"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <ColumnItemButton selected={note.id === selectedNoteId} onClick={() => onSelect(note.id)}>
                <span className="flex items-baseline gap-2">
                  {note.pinned && (
                    <Pin size={12} aria-label="Pinned" className="shrink-0 self-center text-accent-text" />
                  )}
                  <span className="min-w-0 flex-1 truncate font-medium">{note.title}</span>
                  <span className="shrink-0 text-xs text-subtle">{relativeTime(note.updatedAt)}</span>
                </span>
                {note.preview && (
                  <span className="mt-0.5 line-clamp-2 block text-[13px] text-muted">
                    {truncatePlainText(note.preview, PREVIEW_LENGTHS.list)}
                  </span>
                )}
              </ColumnItemButton>
            </li>
          );
        })}
      </ul>
      {hasNextPage && (
        <div role="status" className="flex items-center justify-center gap-2 py-3 text-xs text-subtle">
          <Spinner size={12} />
          Loading more…
        </div>
      )}
    </>
  );
}
