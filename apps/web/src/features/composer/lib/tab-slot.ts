/**
 * This browser tab's draft slot (decision 103). The id lives in sessionStorage, so a reload of the tab
 * keeps it and a new tab gets its own. The tab holds a Web Lock named after it for as long as the page
 * lives: the browser frees it when the tab closes or crashes, so another tab can tell a closed tab's
 * slot (its words to gather) from an open one's (never taken). No timers, no heartbeats.
 */

const SESSION_KEY = 'notewise.composer-tab';
const LOCK_PREFIX = 'notewise.composer-tab.';

function newSlot(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not (a server reached over plain http).
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

function readSession(): string | null {
  try {
    return window.sessionStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

function writeSession(slot: string): void {
  try {
    window.sessionStorage.setItem(SESSION_KEY, slot);
  } catch {
    // Storage unavailable: the slot lives for this page only.
  }
}

let slot = readSession() ?? newSlot();
writeSession(slot);

/** Web Locks exist only in secure contexts (https, localhost). */
const locks: LockManager | undefined = typeof navigator !== 'undefined' ? navigator.locks : undefined;

/** Tries to hold this slot's lock for the page's life; false when another tab holds it. */
function holdLock(name: string): Promise<boolean> {
  if (!locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    locks
      .request(name, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        // Held until the page goes away.
        return lock ? new Promise<void>(() => undefined) : undefined;
      })
      .catch(() => resolve(true));
  });
}

/**
 * Settled once this tab holds its slot's lock. A duplicated tab copies sessionStorage and so the id:
 * the lock is then held by the original, and this tab takes a new slot. (A reload that starts before
 * the old page let go does the same; its old slot is then gathered like a closed tab's.)
 */
const ready: Promise<void> = (async () => {
  while (!(await holdLock(LOCK_PREFIX + slot))) {
    slot = newSlot();
    writeSession(slot);
  }
})();

export function tabSlot(): string {
  return slot;
}

export function tabSlotReady(): Promise<void> {
  return ready;
}

/** The slots of the tabs open in this browser, or null when the browser cannot tell (no Web Locks). */
export async function openTabSlots(): Promise<Set<string> | null> {
  if (!locks) return null;
  try {
    const { held = [] } = await locks.query();
    return new Set(
      held.flatMap((lock) =>
        lock.name?.startsWith(LOCK_PREFIX) ? [lock.name.slice(LOCK_PREFIX.length)] : [],
      ),
    );
  } catch {
    return null;
  }
}

/**
 * Runs `task` while no other tab of this browser gathers drafts for `userId`, so two tabs reloading at
 * once never both take a closed tab's words (they would be restored twice).
 */
export function whileGathering<T>(userId: string, task: () => Promise<T>): Promise<T> {
  if (!locks) return task();
  // The lock's answer is the task's own promise, resolved.
  return locks.request(`notewise.composer-gather.${userId}`, task) as Promise<T>;
}
