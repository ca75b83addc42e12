import { parentPort } from 'node:worker_threads';
import type { AiErrorCode } from '@notewise/shared';
import { type EngineJob, prepareJob, runTextJob, runVoiceNotes } from './engine-jobs';

/**
 * Runs in a worker thread (engine-pool.ts, decision 076): harper's WebAssembly, Hunspell and the
 * part-of-speech model cost the request thread up to seconds per note; here they cost only this
 * thread. Jobs interleave at the engine's own yields (grammar between batches), so a short summary
 * does not wait for a long grammar check to end. The engines load on a job's first use, once.
 */
export type EngineRequest = { id: number; job: EngineJob } | { id: number; cancel: true };

export type EngineAnswer =
  /** The engines are loaded: the job's time limit starts. */
  | { id: number; started: true }
  | { id: number; part: string }
  | { id: number; done: true; value?: unknown }
  /** `aiError`: an AiError's status and code, re-thrown as one; otherwise a plain Error. */
  | { id: number; error: string; aiError?: { status: number; code: AiErrorCode } };

const running = new Map<number, AbortController>();
const post = (answer: EngineAnswer) => parentPort?.postMessage(answer);

async function run(id: number, job: EngineJob) {
  const controller = new AbortController();
  running.set(id, controller);
  const { signal } = controller;
  try {
    await prepareJob(job);
    signal.throwIfAborted();
    post({ id, started: true });
    if (job.action === 'voiceNotes') {
      post({ id, done: true, value: runVoiceNotes(job.transcript) });
      return;
    }
    const result = runTextJob(job, signal);
    if (typeof result === 'string') post({ id, part: result });
    else
      for await (const part of result) {
        signal.throwIfAborted();
        post({ id, part });
      }
    post({ id, done: true });
  } catch (error) {
    // An AiError by its shape: importing the class would load the HTTP layer into this thread.
    const { name, statusCode, aiCode } = (error ?? {}) as {
      name?: string;
      statusCode?: number;
      aiCode?: AiErrorCode;
    };
    post({
      id,
      error: error instanceof Error ? error.message : String(error),
      ...(name === 'AiError' && statusCode && aiCode
        ? { aiError: { status: statusCode, code: aiCode } }
        : {}),
    });
  } finally {
    running.delete(id);
  }
}

parentPort?.on('message', (request: EngineRequest) => {
  if ('cancel' in request) running.get(request.id)?.abort();
  else void run(request.id, request.job);
});
