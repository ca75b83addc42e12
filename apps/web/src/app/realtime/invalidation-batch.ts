// Batching: a burst of live events becomes one invalidation per affected query.
import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '@/features/auth';
import { patchNotes } from './note-patches';

/** How long events collect before the cache is refreshed. */
export const REALTIME_BATCH_MS = 100;
/** Live co-editing sends a note.updated per burst of typing; lists need not follow every keystroke. */
export const COLLAB_BATCH_MS = 1_000;

export type PatchNotes = (queryClient: QueryClient, noteIds: string[]) => Promise<void>;

export class InvalidationBatch {
  private keys: QueryKey[] = [];
  private noteIds = new Set<string>();
  private all = false;
  private timer: number | undefined;
  private dueAt = 0;

  constructor(
    private readonly queryClient: QueryClient,
    // The tests give a stand-in, so the batching is checked without fetching notes.
    private readonly patch: PatchNotes = patchNotes,
  ) {}

  add(keys: QueryKey[] | 'all', delay: number, noteId: string | null = null): void {
    if (keys === 'all') this.all = true;
    else this.keys.push(...keys);
    if (noteId) this.noteIds.add(noteId);
    const due = Date.now() + delay;
    // Fire at the earliest deadline asked for; later events ride along (no starvation by a steady stream).
    if (this.timer !== undefined && this.dueAt <= due) return;
    window.clearTimeout(this.timer);
    this.dueAt = due;
    this.timer = window.setTimeout(() => this.flush(), delay);
  }

  flush(): void {
    window.clearTimeout(this.timer);
    this.timer = undefined;
    const { all, keys, noteIds } = this;
    this.all = false;
    this.keys = [];
    this.noteIds = new Set();
    if (all) {
      void this.queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0],
      });
      return;
    }
    if (noteIds.size > 0) void this.patch(this.queryClient, [...noteIds]);
    if (keys.length === 0) return;
    // One pass with a predicate, so a query matched by several keys refetches once.
    void this.queryClient.invalidateQueries({
      predicate: (query) => keys.some((key) => partialMatchKey(query.queryKey, key)),
    });
  }

  dispose(): void {
    window.clearTimeout(this.timer);
    this.timer = undefined;
    this.keys = [];
    this.noteIds.clear();
    this.all = false;
  }
}
