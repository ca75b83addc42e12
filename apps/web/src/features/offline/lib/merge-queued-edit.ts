import { mergedText, mergeThreeWay, type Note } from '@notewise/shared';
import type { EditOp } from './queue-logic';

/**
 * An offline edit the server refused with 409: the note changed elsewhere too. Both edits started
 * from the entry's base, so a three-way merge applies each side's changes; when none overlap (and at
 * most one side renamed the note) the result is what to save, with no dialog. Null when a choice is
 * needed: the note's editor shows both sides.
 */
export function mergeQueuedEdit(entry: EditOp, current: Note): { title: string; content: string } | null {
  const renamedHere = entry.title !== entry.baseTitle;
  const renamedThere = current.title !== entry.baseTitle;
  if (renamedHere && renamedThere && entry.title !== current.title) return null;
  const merge = mergeThreeWay(entry.baseContent, entry.content, current.content);
  if (merge.conflicts > 0) return null;
  return { title: renamedHere ? entry.title : current.title, content: mergedText(merge) };
}

/** The server's current note from a 409's details, when it sent one. */
export function conflictCurrent(details: unknown): Note | null {
  if (typeof details !== 'object' || details === null || !('current' in details)) return null;
  const current = (details as { current: unknown }).current;
  if (typeof current !== 'object' || current === null) return null;
  const note = current as Partial<Note>;
  return typeof note.id === 'string' && typeof note.content === 'string' && typeof note.version === 'number'
    ? (note as Note)
    : null;
}
