import { PREVIEW_LENGTHS, relativeTime, truncatePlainText } from '@notewise/shared';
import { FileText, FolderOpen, Pin } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/route-table';
import { Button } from '@/components/ui/button';
import { useNotes } from '@/features/notes/queries';
import { errorMessage } from '@/lib/api';
import { pluralize } from '@/lib/format';
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
  const notes = useNotes({ projectId: project.id });

  return (
    <>
      <div className="shrink-0 px-4 pt-5 pb-3">
        <h2 className="truncate text-[15px] font-semibold">{projectName ?? 'Notes'}</h2>
        <p className="text-xs text-subtle">{notes.data ? pluralize(notes.data.length, 'note') : '\u00a0'}</p>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-4">
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
          <ul className="space-y-0.5" aria-label={`Notes in ${projectName ?? 'this project'}`}>
            {notes.data.map((note) => (
              <li key={note.id}>
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
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
