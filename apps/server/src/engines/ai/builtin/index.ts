import { setImmediate as nextTurn } from 'node:timers/promises';
import type { VoiceNotes } from '@notewise/shared';
import { cancelledError, modelRequiredError } from '../errors';
import { captureNote } from '../heuristics/capture';
import { wordChunks } from '../heuristics/text';
import { answerFromNotes } from '../heuristics/voice';
import type { AiCallOptions, AiProvider, CaptureProject } from '../types';
import { runTextJob, runVoiceNotes, type TextJob } from './engine-jobs';
import { sharedEnginePool } from './engine-pool';

/** Word chunks per event-loop turn, so a long result never holds the loop. */
const CHUNKS_PER_TURN = 200;

/** Streams text word by word, as a model would, so the web's typing effect works the same. */
async function* streamWords(text: string, signal: AbortSignal | undefined): AsyncGenerator<string> {
  let sent = 0;
  for (const chunk of wordChunks(text)) {
    if (signal?.aborted) throw cancelledError();
    yield chunk;
    sent += 1;
    if (sent % CHUNKS_PER_TURN === 0) await nextTurn();
  }
}

async function* stream(
  produce: () => string | Promise<string> | AsyncIterable<string>,
  options: AiCallOptions | undefined,
): AsyncGenerator<string> {
  const signal = options?.signal;
  if (signal?.aborted) throw cancelledError();
  const result = produce();
  if (typeof result === 'string' || result instanceof Promise) {
    yield* streamWords(await result, signal);
    return;
  }
  try {
    for await (const part of result) yield* streamWords(part, signal);
  } catch (error) {
    if (signal?.aborted) throw cancelledError();
    throw error;
  }
}

export interface BuiltinOptions {
  /** Worker threads (AI_WORKERS, decision 076); 0 or unset: the engine runs on the calling thread. */
  workers?: number | undefined;
  /** A job's time limit in a thread, once its engines are loaded (AI_TIMEOUT_MS). */
  timeoutMs?: number | undefined;
}

/** Drains a job that returns a value (voice notes). */
async function finalValue<T>(run: AsyncGenerator<string, unknown>): Promise<T> {
  for (;;) {
    const next = await run.next();
    if (next.done) return next.value as T;
  }
}

/**
 * The built-in, offline and deterministic engine: extractive summary, harper.js grammar, heuristic
 * structure and capture. It cannot translate. With workers, summaries, grammar, structure and voice
 * notes run in worker threads; capture and voice answers (a few regular expressions) stay here.
 */
export function createBuiltinProvider(options: BuiltinOptions = {}): AiProvider {
  const workers = options.workers ?? 0;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const pool = workers > 0 ? sharedEnginePool({ workers, timeoutMs }) : null;
  const text = (job: TextJob, callOptions: AiCallOptions | undefined) =>
    stream(
      () => (pool ? pool.run(job, callOptions?.signal, timeoutMs) : runTextJob(job, callOptions?.signal)),
      callOptions,
    );
  return {
    kind: 'builtin',
    model: null,
    capabilities: { summarize: true, grammar: true, translate: false, structure: true, capture: true },
    summarize: (content, o) => text({ action: 'summarize', text: content }, o),
    grammar: (content, o) =>
      text({ action: 'grammar', text: content, userWords: [...(o?.userWords ?? [])] }, o),
    translate: () => {
      throw modelRequiredError();
    },
    structure: (content, o) => text({ action: 'structure', text: content }, o),
    capture: async (content: string, projects: readonly CaptureProject[]) => captureNote(content, projects),
    voiceNotes: async (transcript, o) =>
      pool
        ? finalValue<VoiceNotes>(
            pool.run({ action: 'voiceNotes', transcript: [...transcript] }, o?.signal, timeoutMs),
          )
        : runVoiceNotes(transcript),
    voiceAnswer: async (question, transcript, notes) => answerFromNotes(question, transcript, notes),
  };
}
