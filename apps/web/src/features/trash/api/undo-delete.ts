import type { TrashItem } from '@notewise/shared';
import type { QueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { restoreItem } from './restore-item';
import { invalidateAfterRestore } from './trash-cache';

/** How long the "moved to Trash" toast offers Undo. */
export const UNDO_DURATION_MS = 10_000;

const MOVED: Record<TrashItem['kind'], string> = {
  note: 'Note moved to Trash',
  project: 'Project moved to Trash',
};

/** What the toast names and Undo restores. */
type UndoTarget = Pick<TrashItem, 'kind' | 'id'> & { title: string };

/**
 * After a note or project went to Trash: a toast that says so, with Undo for 10 seconds. Undo restores
 * it through the Trash route and refetches every list it belongs in; a second toast says the outcome.
 * Called by the notes, projects and shared-projects features after their delete succeeds.
 */
export function toastMovedToTrash(queryClient: QueryClient, item: UndoTarget): void {
  toast(MOVED[item.kind], {
    description: `"${item.title}"`,
    duration: UNDO_DURATION_MS,
    // sonner closes this toast on the click; the outcome is a toast of its own (reusing the closing
    // one's id would update a toast on its way out, which never shows).
    action: { label: 'Undo', onClick: () => void undo(queryClient, item) },
  });
}

async function undo(queryClient: QueryClient, item: UndoTarget) {
  try {
    const result = await restoreItem(item);
    const inbox = result.kind === 'note' && result.movedToInbox ? ' to Inbox (its project is in Trash)' : '';
    toast.success(`Restored "${item.title}"${inbox}`);
  } catch (error) {
    toast.error(`Could not restore "${item.title}"`, { description: errorMessage(error) });
  } finally {
    // Refetched after either outcome: a refusal may mean someone else restored or purged it meanwhile.
    await invalidateAfterRestore(queryClient);
  }
}
