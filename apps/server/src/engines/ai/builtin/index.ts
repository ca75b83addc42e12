import { setImmediate as nextTurn } from 'node:timers/promises';
import { cancelledError, modelRequiredError } from '../errors';
import { captureNote } from '../heuristics/capture';
import { wordChunks } from '../heuristics/text';
import { answerFromNotes, extractVoiceNotes } from '../heuristics/voice';
import type { AiCallOptions, AiProvider, CaptureProject } from '../types';
import { fixGrammar } from './grammar';
import { structureText } from './structure';
import { summarizeText } from './summarize';

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

/**
 * The built-in, offline and deterministic engine: extractive summary, harper.js grammar, heuristic
 * structure and capture. It cannot translate.
 */
export function createBuiltinProvider(): AiProvider {
  return {
    kind: 'builtin',
    model: null,
    capabilities: { summarize: true, grammar: true, translate: false, structure: true, capture: true },
    summarize: (text, options) => stream(() => summarizeText(text), options),
    grammar: (text, options) => stream(() => fixGrammar(text, options?.signal, options?.userWords), options),
    translate: () => {
      throw modelRequiredError();
    },
    structure: (text, options) => stream(() => structureText(text), options),
    capture: async (text: string, projects: readonly CaptureProject[]) => captureNote(text, projects),
    voiceNotes: async (transcript) => extractVoiceNotes(transcript),
    voiceAnswer: async (question, transcript, notes) => answerFromNotes(question, transcript, notes),
  };
}
