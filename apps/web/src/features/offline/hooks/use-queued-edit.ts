import { useEffect, useState } from 'react';
import { queuedEdit } from '../lib/queue';
import type { EditOp, QueueEntry } from '../lib/queue-logic';

/**
 * The edit of `noteId` waiting in this user's queue: undefined while it is read, null when there is
 * none. Read once per note opening: the editor then owns it.
 */
export function useQueuedEdit(
  userId: string | null,
  noteId: string,
): (QueueEntry & EditOp) | null | undefined {
  const [entry, setEntry] = useState<(QueueEntry & EditOp) | null | undefined>(userId ? undefined : null);
  useEffect(() => {
    if (!userId) {
      setEntry(null);
      return;
    }
    let cancelled = false;
    queuedEdit(userId, noteId)
      .then((found) => {
        if (!cancelled) setEntry(found);
      })
      .catch(() => {
        if (!cancelled) setEntry(null);
      });
    return () => {
      cancelled = true;
    };
  }, [userId, noteId]);
  return entry;
}
