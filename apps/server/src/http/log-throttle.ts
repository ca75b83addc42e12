/** Keys seen at most this many at once: a flood of distinct keys cannot grow memory without bound. */
const MAX_KEYS = 1_000;

/**
 * Says whether a line about `key` should be logged now: the first time, then again once `intervalMs`
 * has passed. For conditions that repeat on every request (a refused origin, a full disk), where one
 * line a minute tells the operator as much as thousands.
 */
export function createLogThrottle(intervalMs: number, now: () => number = Date.now) {
  const lastLogged = new Map<string, number>();
  return {
    shouldLog(key: string): boolean {
      const time = now();
      const last = lastLogged.get(key);
      if (last !== undefined && time - last < intervalMs) return false;
      if (lastLogged.size >= MAX_KEYS) lastLogged.clear();
      lastLogged.set(key, time);
      return true;
    },
  };
}
