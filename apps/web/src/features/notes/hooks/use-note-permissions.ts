import { can, type NoteSummary, PERMISSION_MESSAGES } from '@notewise/shared';
import { useAuth } from '@/features/auth';
import { useProjectLookup } from './use-project-lookup';

/** Why an action is unavailable, or null when it is allowed. */
export interface NotePermissions {
  moveOut: string | null;
  delete: string | null;
}

/**
 * What the signed-in user may do to this note, from the same policy the server enforces (decision
 * 008): in a shared project only the owner or the note's author moves it out or deletes it. While
 * the project list is still loading everything stays offered; the server has the last word.
 */
export function useNotePermissions(note: NoteSummary): NotePermissions {
  const { user } = useAuth();
  const project = useProjectLookup().get(note.projectId);
  if (!project) return { moveOut: null, delete: null };
  const subject = {
    role: project.role,
    kind: project.kind,
    isAuthor: note.authorId !== null && note.authorId === user?.id,
  };
  return {
    moveOut: can(subject, 'moveOut') ? null : PERMISSION_MESSAGES.moveOut,
    delete: can(subject, 'delete') ? null : PERMISSION_MESSAGES.delete,
  };
}
