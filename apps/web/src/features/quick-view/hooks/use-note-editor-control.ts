import { UNTITLED_NOTE_TITLE } from '@notewise/shared';
import { type RefObject, useEffect } from 'react';

/** What the page needs from the open note before switching away from it. */
export interface NoteEditorControl {
  /** Title or text differs from the last saved (exact: compares the Markdown). */
  isDirty(): boolean;
  /** Saves, resolving a conflict with the user first; true when nothing unsaved is left. */
  save(): Promise<boolean>;
  /** Drops the changes: back to the last saved title and text. */
  revert(): void;
}

/** The title a note is saved with: an empty one becomes the default. */
export const normalizeTitle = (title: string) => title.trim() || UNTITLED_NOTE_TITLE;

/** Hands the open session's control to the page while it is mounted. */
export function useNoteEditorControl(
  controlRef: RefObject<NoteEditorControl | null>,
  { isDirty, save, revert }: NoteEditorControl,
) {
  useEffect(() => {
    const control: NoteEditorControl = { isDirty, save, revert };
    controlRef.current = control;
    return () => {
      if (controlRef.current === control) controlRef.current = null;
    };
  }, [controlRef, isDirty, save, revert]);
}
