/** A counter inside its window: how many hits so far and when (ms since the epoch) the window ends. */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters, shared by every instance that uses the same store. Each operation is atomic
 * in the store itself, so parallel requests (on one instance or several) never both see the last slot.
 */
export interface RateLimitStore {
  readonly kind: 'database' | 'redis';
  /** Adds one to `key`; a missing or expired counter starts again at 1 with a window of `windowMs`. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** Takes one back (a refund), never below zero and never reviving an expired counter. */
  decrement(key: string): Promise<void>;
  /** The running counter, or null when there is none (or it expired). */
  get(key: string): Promise<WindowCount | null>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}
