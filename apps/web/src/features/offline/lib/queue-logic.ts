/**
 * The offline queue's rules, without storage (decision 024): what one user changed while the server
 * could not be reached, in the order they did it. Pure functions over the entry list, so the ordering
 * and merging rules are tested on their own (queue-logic.test.ts).
 */

/** A new note from the composer or /editor. `clientId` makes a replay idempotent on the server. */
export interface CreateOp {
  kind: 'create';
  clientId: string;
  content: string;
  projectId?: string;
  title?: string;
}

/**
 * A title/content edit of a plain note: what the user has now (`title`, `content`) and what it
 * started from (`base*`), so the replay sends only what changed, with the version it started from
 * (a newer server version answers 409 and the merge dialog decides).
 */
export interface EditOp {
  kind: 'edit';
  noteId: string;
  baseVersion: number;
  baseTitle: string;
  baseContent: string;
  title: string;
  content: string;
  /**
   * Why the text changed when it was not typing ('ai': an AI result, 'merge': "Keep mine"), sent with
   * the replay so the note's history keeps the text before it apart.
   */
  reason?: 'ai' | 'merge';
}

export interface PinOp {
  kind: 'pin';
  noteId: string;
  pinned: boolean;
}

export type QueueOp = CreateOp | EditOp | PinOp;

/**
 * pending: waits to be sent; conflict: the server has a newer version (the note's merge dialog
 * decides; kept until then); failed: the server refused it for good (kept, with its reason, so
 * nothing typed disappears silently).
 */
export type QueueState = 'pending' | 'conflict' | 'failed';

export type QueueEntry = QueueOp & {
  /** Order of first queuing: replays go by it. */
  seq: number;
  queuedAt: number;
  state: QueueState;
  error?: string;
};

/** What a user can see of an entry's subject: the note it touches (creates have none yet). */
export function entryNoteId(entry: QueueOp): string | null {
  return entry.kind === 'create' ? null : entry.noteId;
}

/**
 * Adds an operation, merging where the result is the same as replaying both:
 * - a second edit of the same note replaces the text but keeps the first one's base (and its place
 *   in the order): the server must compare against the version the user started from;
 * - an edit back to exactly the base drops the entry (nothing left to send);
 * - a second pin change of the same note replaces the first (only the last state matters);
 * - a create with a clientId already queued is ignored (a double click, a retried enqueue).
 */
export function addOp(entries: readonly QueueEntry[], op: QueueOp, now: number): QueueEntry[] {
  const nextSeq = entries.reduce((max, entry) => Math.max(max, entry.seq), 0) + 1;
  if (op.kind === 'create') {
    if (entries.some((entry) => entry.kind === 'create' && entry.clientId === op.clientId)) {
      return [...entries];
    }
    return [...entries, { ...op, seq: nextSeq, queuedAt: now, state: 'pending' }];
  }
  if (op.kind === 'edit') {
    const index = entries.findIndex((entry) => entry.kind === 'edit' && entry.noteId === op.noteId);
    const existing = index >= 0 ? (entries[index] as QueueEntry & EditOp) : undefined;
    const merged: EditOp = existing
      ? {
          ...op,
          baseVersion: existing.baseVersion,
          baseTitle: existing.baseTitle,
          baseContent: existing.baseContent,
          // The queued text still holds the AI result or the merge, whatever was typed after it.
          ...(op.reason || existing.reason ? { reason: op.reason ?? existing.reason } : {}),
        }
      : op;
    const unchanged = merged.title === merged.baseTitle && merged.content === merged.baseContent;
    if (existing) {
      const rest = entries.filter((_, i) => i !== index);
      if (unchanged) return rest;
      const next = [...entries];
      // A conflict stays a conflict: the newer text still has to go through the merge dialog.
      next[index] = {
        ...existing,
        ...merged,
        state: existing.state === 'failed' ? 'pending' : existing.state,
      };
      return next;
    }
    if (unchanged) return [...entries];
    return [...entries, { ...merged, seq: nextSeq, queuedAt: now, state: 'pending' }];
  }
  const index = entries.findIndex((entry) => entry.kind === 'pin' && entry.noteId === op.noteId);
  if (index >= 0) {
    const next = entries.filter((_, i) => i !== index);
    return [...next, { ...op, seq: nextSeq, queuedAt: now, state: 'pending' }];
  }
  return [...entries, { ...op, seq: nextSeq, queuedAt: now, state: 'pending' }];
}

/** The entries in replay order. */
export function ordered(entries: readonly QueueEntry[]): QueueEntry[] {
  return [...entries].sort((a, b) => a.seq - b.seq);
}

/** The first entry to send now: pending, in order, and not one that `skip` holds back. */
export function nextToSend(
  entries: readonly QueueEntry[],
  skip: (entry: QueueEntry) => boolean = () => false,
): QueueEntry | undefined {
  return ordered(entries).find((entry) => entry.state === 'pending' && !skip(entry));
}

/** Same identity: the entry a send started with (seq is unique per user queue). */
export function sameEntry(a: QueueEntry, b: QueueEntry): boolean {
  return a.seq === b.seq;
}

export function withoutEntry(entries: readonly QueueEntry[], done: QueueEntry): QueueEntry[] {
  return entries.filter((entry) => !sameEntry(entry, done));
}

/**
 * Marks an entry after a send. If the user changed the same entry while it was in flight (an edit
 * merged into it), a 'done' leaves the newer text queued against the version the server now has.
 */
export function settleEntry(
  entries: readonly QueueEntry[],
  sent: QueueEntry,
  outcome:
    | { result: 'done'; version?: number; title?: string; content?: string }
    | { result: 'conflict' | 'failed'; error?: string },
): QueueEntry[] {
  const current = entries.find((entry) => sameEntry(entry, sent));
  if (!current) return [...entries];
  if (outcome.result === 'done') {
    if (
      current.kind === 'edit' &&
      sent.kind === 'edit' &&
      (current.title !== sent.title || current.content !== sent.content)
    ) {
      return entries.map((entry) => {
        if (!sameEntry(entry, sent) || entry.kind !== 'edit') return entry;
        // The reason went with the text that was sent; what is left is typing.
        const { reason: _sent, ...rest } = entry;
        return {
          ...rest,
          baseVersion: outcome.version ?? entry.baseVersion,
          baseTitle: outcome.title ?? sent.title,
          baseContent: outcome.content ?? sent.content,
        };
      });
    }
    return withoutEntry(entries, sent);
  }
  return entries.map((entry) =>
    sameEntry(entry, sent)
      ? { ...entry, state: outcome.result, ...(outcome.error ? { error: outcome.error } : {}) }
      : entry,
  );
}

export interface QueueCounts {
  pending: number;
  conflicts: number;
  failed: number;
}

export function countEntries(entries: readonly QueueEntry[]): QueueCounts {
  let pending = 0;
  let conflicts = 0;
  let failed = 0;
  for (const entry of entries) {
    if (entry.state === 'pending') pending += 1;
    else if (entry.state === 'conflict') conflicts += 1;
    else failed += 1;
  }
  return { pending, conflicts, failed };
}
