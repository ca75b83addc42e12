import type { Worker } from 'node:worker_threads';
import { ERROR_CODES, IMPORT_MESSAGES } from '@notewise/shared';
import { ApiError } from '../../http/errors';
import { opsMetrics } from '../../ops/metrics';
import { startWorker } from '../../workers/worker-start';
import type { DraftStep } from './import-files';
import type { ImportAnswer, ImportJob } from './import-worker';

/** A job that ran out of time or memory: the worker was stopped (and is replaced for the next). */
export class ImportOverrun extends Error {}

export interface ImportPoolOptions {
  /** Jobs that may wait behind the running one; more get 503. */
  maxWaiting?: number;
  /** One job's time, counted once the worker has started; past it the worker is terminated. */
  timeoutMs?: number;
  /** The worker's heap; a job that needs more ends the worker, not the process. */
  maxHeapMb?: number;
  /** An idle worker is stopped after this, so a big conversion's memory is given back. */
  idleMs?: number;
}

interface Pending {
  job: ImportJob;
  steps: DraftStep[];
  /** Told the steps as they arrive (a background import's progress). */
  onSteps: ((steps: readonly DraftStep[]) => void) | undefined;
  resolve: (steps: DraftStep[]) => void;
  reject: (error: unknown) => void;
}

const busy = () => new ApiError(503, ERROR_CODES.unavailable, IMPORT_MESSAGES.busy);

function refusal(status: number, message: string): ApiError {
  return new ApiError(status, status === 413 ? ERROR_CODES.payloadTooLarge : ERROR_CODES.validation, message);
}

type JobInput =
  | { kind: 'draft'; fileName: string; bytes: Uint8Array }
  | Omit<Extract<ImportJob, { kind: 'docx' }>, 'id'>
  | Omit<Extract<ImportJob, { kind: 'enex' }>, 'id'>;

/**
 * One worker thread reads uploads, one job at a time (the same shape as the export render pool):
 * a time limit per job, a heap limit for the thread, at most `maxWaiting` queued.
 */
export function createImportPool(options: ImportPoolOptions = {}) {
  const maxWaiting = options.maxWaiting ?? 8;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxHeapMb = options.maxHeapMb ?? 160;
  const idleMs = options.idleMs ?? 60_000;
  let worker: Worker | null = null;
  let current: (Pending & { sent: boolean; timer: NodeJS.Timeout | undefined }) | null = null;
  const readyWorkers = new WeakSet<Worker>();
  const waiting: Pending[] = [];
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;

  const finish = () => {
    if (current?.timer) clearTimeout(current.timer);
    current = null;
    runNext();
  };

  const failCurrent = (error: unknown) => {
    // Out of time or memory, or a crash; the busy answers of close() are not the worker's failure.
    if (!(error instanceof ApiError)) opsMetrics.jobFailed('import-worker');
    const job = current;
    finish();
    job?.reject(error);
  };

  const spawn = (): Worker => {
    const created = startWorker(
      { source: new URL('./import-worker.ts', import.meta.url), bundle: 'import-worker.js' },
      { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 16 } },
    );
    created.unref();
    created.on('message', (answer: ImportAnswer) => {
      if ('ready' in answer) {
        readyWorkers.add(created);
        if (worker === created && current && !current.sent) send(created);
        return;
      }
      if (!current || current.job.id !== answer.id) return;
      const job = current;
      if ('steps' in answer) {
        job.steps.push(...answer.steps);
        if (answer.steps.length > 0) job.onSteps?.(answer.steps);
        if (!answer.done) return;
        finish();
        job.resolve(job.steps);
        return;
      }
      finish();
      job.reject(
        'refused' in answer
          ? refusal(answer.refused.status, answer.refused.message)
          : new Error(answer.error),
      );
    });
    // Only the worker in use may fail the current job: a replaced one exits after its successor started.
    created.on('error', (error: Error & { code?: string }) => {
      if (worker !== created) return;
      worker = null;
      failCurrent(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportOverrun('out of memory') : error);
    });
    created.on('exit', () => {
      if (worker !== created) return;
      worker = null;
      if (current) failCurrent(new ImportOverrun('import worker stopped'));
    });
    return created;
  };

  /** Posts the current job and starts its time limit (the worker has loaded). */
  function send(running: Worker) {
    if (!current || current.sent) return;
    current.sent = true;
    current.timer = setTimeout(() => {
      if (worker === running) worker = null;
      void running.terminate();
      failCurrent(new ImportOverrun('out of time'));
    }, timeoutMs);
    running.postMessage(current.job);
  }

  function runNext() {
    if (current || closed) return;
    const next = waiting.shift();
    if (!next) {
      stopWhenIdle();
      return;
    }
    clearTimeout(idleTimer);
    worker ??= spawn();
    current = { ...next, sent: false, timer: undefined };
    if (readyWorkers.has(worker)) send(worker);
  }

  function stopWhenIdle() {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (current || waiting.length > 0 || !worker) return;
      const idle = worker;
      worker = null;
      void idle.terminate();
    }, idleMs);
    idleTimer.unref();
  }

  return {
    /** A job's steps; rejects with ApiError (refused, busy), ImportOverrun, or Error (a bug). */
    run(input: JobInput, onSteps?: (steps: readonly DraftStep[]) => void): Promise<DraftStep[]> {
      if (closed || waiting.length >= maxWaiting) return Promise.reject(busy());
      return new Promise<DraftStep[]>((resolve, reject) => {
        waiting.push({ job: { ...input, id: nextId++ } as ImportJob, steps: [], onSteps, resolve, reject });
        runNext();
      });
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      for (const job of waiting.splice(0)) job.reject(busy());
      if (current) failCurrent(busy());
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}

export type ImportPool = ReturnType<typeof createImportPool>;
