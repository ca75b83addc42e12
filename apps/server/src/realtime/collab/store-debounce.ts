/**
 * The store debouncer Hocuspocus uses for onStoreDocument, with the fix of ueberdosis/hocuspocus#1110
 * (merged, in no 3.x release; 4.x is a major upgrade of server and provider). In 3.4.x a run
 * waits for the store in progress before it clears its timer entry, so every update arriving
 * meanwhile past `maxDebounce` queues one more store: one store per update, back to back, for as
 * long as people type (decision 078 measured a note stored for 37 s after its editors left).
 *
 * Here a run clears its entry first, and runs that find a store in progress wait as one: at most
 * one store runs and one waits per document, the waiting one with the latest payload. Same
 * interface as Hocuspocus' own (`hocuspocus.debouncer`), which its unload checks read.
 */
type Job = () => unknown;

export function createStoreDebouncer() {
  const timers = new Map<string, { timeout: NodeJS.Timeout; start: number; run: () => Promise<unknown> }>();
  const running = new Map<string, Promise<unknown>>();
  const waiting = new Map<string, { job: Job; promise: Promise<unknown> }>();

  const start = (id: string, job: Job): Promise<unknown> => {
    const execution = (async () => job())();
    running.set(id, execution);
    const settle = () => {
      if (running.get(id) === execution) running.delete(id);
    };
    execution.then(settle, settle);
    return execution;
  };

  const run = (id: string, job: Job): Promise<unknown> => {
    timers.delete(id);
    const current = running.get(id);
    if (!current) return start(id, job);
    const queued = waiting.get(id);
    if (queued) {
      queued.job = job;
      return queued.promise;
    }
    const entry = { job, promise: Promise.resolve() as Promise<unknown> };
    entry.promise = current
      .catch(() => undefined)
      .then(() => {
        waiting.delete(id);
        return start(id, entry.job);
      });
    waiting.set(id, entry);
    return entry.promise;
  };

  return {
    async debounce(id: string, job: Job, wait: number, maxWait: number): Promise<unknown> {
      const old = timers.get(id);
      if (old) clearTimeout(old.timeout);
      const since = old?.start ?? Date.now();
      if (wait === 0 || Date.now() - since >= maxWait) return run(id, job);
      const timer = {
        start: since,
        run: () => run(id, job),
        timeout: undefined as unknown as NodeJS.Timeout,
      };
      timer.timeout = setTimeout(timer.run, wait);
      timers.set(id, timer);
      return undefined;
    },
    isDebounced: (id: string) => timers.has(id),
    isCurrentlyExecuting: (id: string) => running.has(id) || waiting.has(id),
    executeNow(id: string) {
      const old = timers.get(id);
      if (!old) return undefined;
      clearTimeout(old.timeout);
      return old.run();
    },
  };
}
