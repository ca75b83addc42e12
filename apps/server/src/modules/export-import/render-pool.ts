import type { Worker } from 'node:worker_threads';
import { ERROR_CODES } from '@notewise/shared';
import { ApiError } from '../../http/errors';
import { opsMetrics } from '../../ops/metrics';
import { startWorker } from '../../workers/worker-start';
import type { RenderAnswer, RenderJob } from './render-worker';

export const EXPORT_BUSY_MESSAGE = 'Exports are busy right now. Try again in a moment.';
export const EXPORT_TOO_LONG_MESSAGE =
  'This note is too long to export as PDF or Word. Export it as Markdown or plain text instead.';

/**
 * A render's time budget: the one worker is shared by every user, so no render may hold it longer.
 * A 700,000-character note takes about 11 s as PDF on a loaded 2-core machine (decision 042).
 */
export const RENDER_TIMEOUT_MS = 20_000;

/** The note was too much to lay out within the budget: retrying will not help, Markdown will. */
export const exportTooLong = () => new ApiError(413, ERROR_CODES.payloadTooLarge, EXPORT_TOO_LONG_MESSAGE);

interface Pending {
  job: RenderJob;
  resolve: (bytes: Buffer) => void;
  reject: (error: unknown) => void;
}

/**
 * One worker thread renders PDF and Word exports, one at a time, so a long note never blocks the
 * event loop and a burst of exports cannot take every core: at most `maxWaiting` wait (then 503),
 * and a render taking longer than `timeoutMs` (counted once the worker has loaded) is stopped, the
 * worker replaced and the request answered 413 (the note is too long to render, decision 042).
 */
export function createRenderPool(options: { maxWaiting?: number; timeoutMs?: number } = {}) {
  const maxWaiting = options.maxWaiting ?? 8;
  const timeoutMs = options.timeoutMs ?? RENDER_TIMEOUT_MS;
  let worker: Worker | null = null;
  let current: (Pending & { sent: boolean; timer: NodeJS.Timeout | undefined }) | null = null;
  const readyWorkers = new WeakSet<Worker>();
  const waiting: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const finish = () => {
    if (current?.timer) clearTimeout(current.timer);
    current = null;
    runNext();
  };

  const failCurrent = (error: unknown) => {
    opsMetrics.jobFailed(error instanceof ApiError ? 'export-render-timeout' : 'export-render-crash');
    const job = current;
    finish();
    job?.reject(error);
  };

  const spawn = (): Worker => {
    const created = startWorker({
      source: new URL('./render-worker.ts', import.meta.url),
      bundle: 'export-render-worker.js',
    });
    created.unref();
    created.on('message', (answer: RenderAnswer) => {
      if ('ready' in answer) {
        readyWorkers.add(created);
        if (worker === created && current && !current.sent) send(created);
        return;
      }
      if (!current || current.job.id !== answer.id) return;
      const job = current;
      finish();
      if ('bytes' in answer)
        job.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
      else job.reject(new Error(answer.error));
    });
    // Only the worker in use may fail the current job: a replaced one exits after its successor started.
    created.on('error', (error) => {
      if (worker !== created) return;
      worker = null;
      failCurrent(error);
    });
    created.on('exit', () => {
      if (worker !== created) return;
      worker = null;
      if (current) failCurrent(new Error('export render worker stopped'));
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
      failCurrent(exportTooLong());
    }, timeoutMs);
    running.postMessage(current.job);
  }

  function runNext() {
    if (current || closed) return;
    const next = waiting.shift();
    if (!next) return;
    worker ??= spawn();
    current = { ...next, sent: false, timer: undefined };
    if (readyWorkers.has(worker)) send(worker);
  }

  return {
    render(format: RenderJob['format'], title: string, markdown: string): Promise<Buffer> {
      if (closed || waiting.length >= maxWaiting) {
        return Promise.reject(new ApiError(503, ERROR_CODES.unavailable, EXPORT_BUSY_MESSAGE));
      }
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({ job: { id: nextId++, format, title, markdown }, resolve, reject });
        runNext();
      });
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0))
        job.reject(new ApiError(503, ERROR_CODES.unavailable, EXPORT_BUSY_MESSAGE));
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;
