import type { Note } from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth, useAuthDialog } from '@/features/auth';
import type { RichTextEditorHandle } from '@/features/editor';
import { renameNote } from '@/features/notes/api/update-note';
import { invalidateNoteData } from '@/features/notes/queries';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/route-table';
import { toast } from '@/lib/toast';
import { captureNote } from '../api/capture-note';

interface AddEditorNoteOptions {
  editorRef: RefObject<RichTextEditorHandle | null>;
  title: string;
  /** The project picked in the composer; null lets the server file the note. */
  projectId: string | null;
  /** The note exists: the draft can go. */
  onAdded: () => void;
}

/**
 * /editor's Add Note: creates the note from the editor's Markdown with the user's own title (so the
 * server keeps the text exactly as written), then says so with a link to it. Signed out, it asks to
 * sign up. Resolves to whether the note was added.
 */
export function useAddEditorNote({ editorRef, title, projectId, onAdded }: AddEditorNoteOptions) {
  const { user, hasAccess } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);

  const addNote = async (): Promise<boolean> => {
    const handle = editorRef.current;
    if (!user) {
      openAuthDialog('signup');
      return false;
    }
    if (!handle || !hasAccess || handle.isBlank() || adding) return false;
    setAdding(true);
    try {
      const wanted = title.trim();
      const { note } = await captureNote(handle.getMarkdown(), projectId ?? undefined, wanted || undefined);
      let saved: Note = note;
      if (wanted && wanted !== note.title) {
        try {
          saved = await renameNote(note.id, wanted);
        } catch (error) {
          // The note exists with the proposed title; say so rather than fail the whole add.
          console.error('Renaming the new note failed', error);
          toast.error(`The note was added as "${note.title}": ${errorMessage(error)}`);
        }
      }
      onAdded();
      void invalidateNoteData(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      const link = paths.quickView({ project: saved.projectId, note: saved.id });
      toast.success('Note added', {
        description: saved.title,
        action: { label: 'View note', onClick: () => navigate(link) },
      });
      return true;
    } catch (error) {
      console.error('Add note failed', error);
      toast.error(errorMessage(error, 'Failed to add the note. Please try again.'));
      return false;
    } finally {
      setAdding(false);
    }
  };

  return { adding, addNote };
}
