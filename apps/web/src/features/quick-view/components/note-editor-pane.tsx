import type { Note } from '@notewise/shared';
import { FileText, NotebookPen } from 'lucide-react';
import { type RefObject, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import { PAGE_LOADED_AT, useNote } from '@/features/notes/api/get-note';
import { type EditOp, type QueueEntry, useQueuedEdit } from '@/features/offline';
import { errorMessage, isApiError } from '@/lib/api';
import { useSharedProjects } from '@/lib/project-queries';
import type { NoteEditorControl } from '../hooks/use-note-editor-control';
import { CollaborativeNoteSession } from './collaborative-note-session';
import { ColumnMessage } from './column-list';
import { EditorSkeleton } from './note-editor-frame';
import { PlainNoteSession } from './plain-note-session';

export type { NoteEditorControl } from '../hooks/use-note-editor-control';

/**
 * Which editor a note gets: notes of shared projects are co-edited live ('collaborative', Yjs through
 * /collab, saved as they change); every other note is 'plain' (Save, conflicts, unsaved changes).
 */
export type EditorMode = 'plain' | 'collaborative';

interface NoteEditorPaneProps {
  projectSelected: boolean;
  noteId: string | null;
  controlRef: RefObject<NoteEditorControl | null>;
}

/** Quick View's editor column: placeholders, or the selected note with its toolbar. */
export function NoteEditorPane({ projectSelected, noteId, controlRef }: NoteEditorPaneProps) {
  if (!noteId) {
    return (
      <ColumnMessage
        icon={<NotebookPen size={20} aria-hidden="true" />}
        title="No note selected"
        description={
          projectSelected
            ? 'Select a note from the sidebar to start editing'
            : 'Select a project to view notes'
        }
        className="my-auto"
      />
    );
  }
  return <NoteLoader key={noteId} noteId={noteId} controlRef={controlRef} />;
}

/** Loads the note and picks its session: plain or co-edited. */
function NoteLoader({ noteId, controlRef }: { noteId: string } & Pick<NoteEditorPaneProps, 'controlRef'>) {
  const note = useNote(noteId);
  // An edit made offline and not sent yet (decision 024): the editor opens with it, against its base.
  const { user } = useAuth();
  const queued = useQueuedEdit(user?.id ?? null, noteId);
  // The note's own project decides (not the URL's): co-edited when it is one of the user's shared
  // projects. A failed list falls back to plain editing, which the server also applies live.
  const sharedProjects = useSharedProjects();
  const modeKnown = sharedProjects.isSuccess || sharedProjects.isError;
  // The note as the editor opened it; replaced (and the editor remounted) by 'Use theirs' or Discard.
  // The mode is fixed here too: losing access later shows a message instead of another editor.
  const [session, setSession] = useState<{
    note: Note;
    token: number;
    mode: EditorMode;
    queued?: (QueueEntry & EditOp) | null;
  } | null>(null);
  // An editor opens on this page load's copy of the note, never on a saved offline copy that the
  // server may have moved past; that copy is used only while the refetch cannot run (offline) or failed.
  const current =
    note.data !== undefined &&
    (note.dataUpdatedAt >= PAGE_LOADED_AT || note.fetchStatus === 'paused' || note.isError);
  if (note.data && current && modeKnown && queued !== undefined && session === null) {
    const projectId = note.data.projectId;
    const shared = sharedProjects.data?.some((project) => project.id === projectId) ?? false;
    setSession({ note: note.data, token: 0, mode: shared ? 'collaborative' : 'plain', queued });
  }

  if (session?.mode === 'collaborative') {
    return <CollaborativeNoteSession note={session.note} controlRef={controlRef} />;
  }
  if (session) {
    return (
      <PlainNoteSession
        key={session.token}
        note={session.note}
        queued={session.queued ?? null}
        controlRef={controlRef}
        onReplace={(next) =>
          setSession((current) => ({ note: next, token: (current?.token ?? 0) + 1, mode: 'plain' }))
        }
      />
    );
  }
  if (note.isError) {
    return (
      <ColumnMessage
        icon={<FileText size={20} aria-hidden="true" />}
        title={isApiError(note.error, 404) ? 'Note not found' : 'Could not load this note'}
        description={
          isApiError(note.error, 404)
            ? 'It may have been deleted or moved. Pick another note from the list.'
            : errorMessage(note.error)
        }
        action={
          isApiError(note.error, 404) ? undefined : (
            <Button variant="secondary" size="sm" onClick={() => void note.refetch()}>
              Try again
            </Button>
          )
        }
        className="my-auto"
      />
    );
  }
  return <EditorSkeleton />;
}
