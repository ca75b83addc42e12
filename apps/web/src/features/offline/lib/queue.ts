import {
  addOp,
  countEntries,
  type QueueCounts,
  type QueueEntry,
  type QueueOp,
  settleEntry,
} from './queue-logic';
import { keys, offlineStore } from './store';

/**
 * The durable queue of one user (IndexedDB, decision 024). Every change is one IndexedDB transaction
 * (read, merge, write), so two quick edits cannot lose each other; listeners (this tab) and a
 * BroadcastChannel (other tabs) hear about every change.
 */
const listeners = new Set<() => void>();
const CHANNEL = 'notewise-offline-queue';
let channel: BroadcastChannel | null = null;

function announce(): void {
  for (const listener of listeners) listener();
  channel?.postMessage('changed');
}

export function subscribeQueue(listener: () => void): () => void {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => {
      for (const item of listeners) item();
    };
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function readQueue(userId: string): Promise<QueueEntry[]> {
  return (await offlineStore.get<QueueEntry[]>(keys.queue(userId))) ?? [];
}

async function change(userId: string, apply: (entries: QueueEntry[]) => QueueEntry[]): Promise<void> {
  await offlineStore.update<QueueEntry[]>(keys.queue(userId), (entries = []) => apply(entries));
  announce();
}

export function enqueue(userId: string, op: QueueOp): Promise<void> {
  return change(userId, (entries) => addOp(entries, op, Date.now()));
}

export function settle(
  userId: string,
  sent: QueueEntry,
  outcome: Parameters<typeof settleEntry>[2],
): Promise<void> {
  return change(userId, (entries) => settleEntry(entries, sent, outcome));
}

/** Drops a note's queued edit: saved by its editor, or the user chose the server's version. */
export function dropEdit(userId: string, noteId: string): Promise<void> {
  return change(userId, (entries) =>
    entries.filter((entry) => !(entry.kind === 'edit' && entry.noteId === noteId)),
  );
}

export async function queuedEdit(userId: string, noteId: string) {
  const entries = await readQueue(userId);
  const entry = entries.find((item) => item.kind === 'edit' && item.noteId === noteId);
  return entry?.kind === 'edit' ? entry : null;
}

export async function queueCounts(userId: string): Promise<QueueCounts> {
  return countEntries(await readQueue(userId));
}
