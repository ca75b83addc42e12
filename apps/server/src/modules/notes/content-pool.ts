import type { Worker } from 'node:worker_threads';
import { ERROR_CODES } from '@notewise/shared';
import { ApiError } from '../../http/errors';
import { startWorker } from '../../workers/worker-start';
import type { ContentAnswer, ContentJob } from './content-worker';
import { type PreparedContent, prepareContent } from './note-content';

/**
 * Content up to this many characters is prepared on the request thread (a few milliseconds at most);
 * longer content goes to the worker, whatever its shape.
 */
export const INLINE_CONTENT_LENGTH = 16_000;
/** An idle worker stops after this, so its memory is given back. */
const IDLE_MS = 60_000;
/**
 * Long notes waiting for the worker at most; more answer 503 at once. A hostile note can cost the
 * worker seconds, and a queue without bound would make every long save wait behind a flood of them.
 */
const MAX_WAITING = 16;
const BUSY_MESSAGE = 'The server is busy saving long notes. Try again in a moment.';

interface Waiting {
  resolve: (prepared: PreparedContent) => void;
  reject: (error: unknown) => void;
}

/**
 * Prepares note content (sanitized Markdown, plain text, excerpt) off the event loop when it is long.
 * One worker thread, started on first use; jobs run in order. A worker that dies fails the jobs it
 * held (the requests answer 500, nothing is written) and the next job starts a new one.
 */
export function createContentPool() {
  let worker: Worker | null = null;
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;

  const failAll = (error: unknown) => {
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
  };

  const start = (): Worker => {
    const started = startWorker({
      source: new URL('./content-worker.ts', import.meta.url),
      bundle: 'content-worker.js',
    });
    started.on('message', (answer: ContentAnswer) => {
      const job = waiting.get(answer.id);
      if (!job) return;
      waiting.delete(answer.id);
      if ('prepared' in answer) job.resolve(answer.prepared);
      else job.reject(new Error(answer.error));
      if (waiting.size === 0) scheduleIdleStop();
    });
    started.on('error', (error) => {
      if (worker === started) worker = null;
      failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`content worker exited (${code})`));
    });
    started.unref();
    return started;
  };

  const scheduleIdleStop = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (waiting.size > 0 || !worker) return;
      const idle = worker;
      worker = null;
      void idle.terminate();
    }, IDLE_MS);
    idleTimer.unref();
  };

  return {
    prepare(content: string): Promise<PreparedContent> {
      if (content.length <= INLINE_CONTENT_LENGTH) return Promise.resolve(prepareContent(content));
      if (waiting.size >= MAX_WAITING) {
        return Promise.reject(new ApiError(503, ERROR_CODES.unavailable, BUSY_MESSAGE));
      }
      clearTimeout(idleTimer);
      worker ??= start();
      const id = nextId++;
      const running = worker;
      return new Promise<PreparedContent>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        running.postMessage({ id, content } satisfies ContentJob);
      });
    },

    async close() {
      clearTimeout(idleTimer);
      const running = worker;
      worker = null;
      failAll(new Error('content pool closed'));
      await running?.terminate();
    },
  };
}

/** One pool for the process: every module that writes note content shares its worker. */
export const contentPool = createContentPool();
