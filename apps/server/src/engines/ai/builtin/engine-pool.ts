import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../../workers/worker-start';
import { AiError, cancelledError, timeoutError } from '../errors';
import type { EngineJob } from './engine-jobs';
import type { EngineAnswer, EngineRequest } from './engine-worker';

export interface EnginePoolOptions {
  /** Worker threads at most (AI_WORKERS); each starts when the others are busy and stays. */
  workers: number;
  /** A job's time once its engines are loaded, unless `run` says; past it the job answers AI_TIMEOUT. */
  timeoutMs: number;
  /** A stopped job the worker has not let go of after this: the worker is wedged and is replaced. */
  graceMs?: number;
}

interface Slot {
  worker: Worker;
  jobs: Map<number, Job>;
}

interface Job {
  id: number;
  slot: Slot;
  parts: string[];
  started: boolean;
  /** Answered by the worker (done or error): nothing more comes for this id. */
  released: boolean;
  done: boolean;
  value: unknown;
  error: unknown;
  wake: (() => void) | undefined;
  timer: NodeJS.Timeout | undefined;
  timeoutMs: number;
}

const DEFAULT_GRACE_MS = 10_000;

/**
 * The built-in engine's worker threads (decision 076), in the shape of the content and import pools:
 * started on the first job (the server starts without them), jobs sent to the least busy thread,
 * a new thread only while every running one has work. A job past its time limit or given up by its
 * caller (client gone) is cancelled in the thread; a thread that does not let go of it within
 * `graceMs`, or that dies, is terminated and its jobs fail (the route answers AI_FAILED); the next job
 * starts a new one.
 */
export function createEnginePool(options: EnginePoolOptions) {
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const slots: Slot[] = [];
  let nextId = 1;

  const settle = (job: Job, outcome: { error: unknown } | { value: unknown }) => {
    if (job.done || job.error) return;
    if ('error' in outcome) job.error = outcome.error;
    else {
      job.done = true;
      job.value = outcome.value;
    }
    clearTimeout(job.timer);
    job.timer = undefined;
    job.wake?.();
  };

  const release = (job: Job) => {
    job.released = true;
    clearTimeout(job.timer);
    job.slot.jobs.delete(job.id);
    // An idle thread does not keep the process alive; one with work does.
    if (job.slot.jobs.size === 0) job.slot.worker.unref();
  };

  const retire = (slot: Slot, reason: string) => {
    const at = slots.indexOf(slot);
    if (at < 0) return;
    slots.splice(at, 1);
    for (const job of slot.jobs.values()) {
      release(job);
      settle(job, { error: new Error(`AI engine worker ${reason}`) });
    }
    void slot.worker.terminate();
  };

  /** Stops a job: the caller gets `error` now, the thread is told to stop and watched until it does. */
  const stop = (job: Job, error: AiError) => {
    settle(job, { error });
    if (job.released) return;
    job.slot.worker.postMessage({ id: job.id, cancel: true } satisfies EngineRequest);
    if (!job.started) return; // still loading the engines: bounded, and it checks the cancel after
    job.timer = setTimeout(() => retire(job.slot, 'did not stop a cancelled job'), graceMs);
    job.timer.unref();
  };

  const answer = (slot: Slot, message: EngineAnswer) => {
    const job = slot.jobs.get(message.id);
    if (!job) return;
    if ('started' in message) {
      job.started = true;
      if (job.error) {
        stop(job, job.error as AiError);
        return;
      }
      job.timer = setTimeout(() => stop(job, timeoutError()), job.timeoutMs);
      job.timer.unref();
    } else if ('part' in message) {
      if (job.error) return;
      job.parts.push(message.part);
      job.wake?.();
    } else {
      release(job);
      if ('done' in message) settle(job, { value: message.value });
      else if (message.aiError)
        settle(job, { error: new AiError(message.aiError.status, message.aiError.code, message.error) });
      else settle(job, { error: new Error(message.error) });
    }
  };

  const spawn = (): Slot => {
    const worker = startWorker({
      source: new URL('./engine-worker.ts', import.meta.url),
      bundle: 'ai-engine-worker.js',
    });
    const slot: Slot = { worker, jobs: new Map() };
    worker.on('message', (message: EngineAnswer) => answer(slot, message));
    worker.on('error', (error) => retire(slot, `failed: ${error.message}`));
    worker.on('exit', (code) => retire(slot, `exited (${code})`));
    worker.unref();
    slots.push(slot);
    return slot;
  };

  const pick = (): Slot => {
    const idlest = slots.reduce<Slot | undefined>(
      (best, slot) => (!best || slot.jobs.size < best.jobs.size ? slot : best),
      undefined,
    );
    if (idlest && (idlest.jobs.size === 0 || slots.length >= Math.max(1, options.workers))) return idlest;
    return spawn();
  };

  return {
    /**
     * Runs a job in a thread: yields its text parts as they come, returns its value (voice notes).
     * Throws AI_CANCELLED when `signal` aborts, AI_TIMEOUT past the time limit, an Error if the
     * thread died. Leaving the loop early cancels the job in its thread. `timeoutMs`: AI_TIMEOUT_MS.
     */
    async *run(
      job: EngineJob,
      signal?: AbortSignal,
      timeoutMs = options.timeoutMs,
    ): AsyncGenerator<string, unknown> {
      if (signal?.aborted) throw cancelledError();
      const slot = pick();
      const entry: Job = {
        id: nextId++,
        slot,
        parts: [],
        started: false,
        released: false,
        done: false,
        value: undefined,
        error: undefined,
        wake: undefined,
        timer: undefined,
        timeoutMs,
      };
      slot.jobs.set(entry.id, entry);
      slot.worker.ref();
      slot.worker.postMessage({ id: entry.id, job } satisfies EngineRequest);
      const onAbort = () => stop(entry, cancelledError());
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        for (;;) {
          if (entry.error) throw entry.error;
          const part = entry.parts.shift();
          if (part !== undefined) yield part;
          else if (entry.done) return entry.value;
          else {
            await new Promise<void>((resolve) => (entry.wake = resolve));
            entry.wake = undefined;
          }
        }
      } finally {
        signal?.removeEventListener('abort', onAbort);
        if (!entry.done && !entry.error) stop(entry, cancelledError());
      }
    },

    /** The running threads (tests end one mid-job). */
    threads: (): Worker[] => slots.map((slot) => slot.worker),

    async close() {
      for (const slot of [...slots]) retire(slot, 'closed');
    },
  };
}

export type EnginePool = ReturnType<typeof createEnginePool>;

let shared: { pool: EnginePool; options: EnginePoolOptions } | undefined;

/**
 * The process's one pool: every app built in the process (tests build several) shares its threads,
 * so the engines load once per process as they did on the request thread. The latest thread count
 * wins; each provider passes its own time limit with each job.
 */
export function sharedEnginePool(options: EnginePoolOptions): EnginePool {
  if (shared) Object.assign(shared.options, options);
  else {
    const current = { ...options };
    shared = { pool: createEnginePool(current), options: current };
  }
  return shared.pool;
}

/** The process's pool if anything made one yet (tests: none before the first AI request). */
export const currentEnginePool = (): EnginePool | undefined => shared?.pool;
