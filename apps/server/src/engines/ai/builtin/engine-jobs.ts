import type { VoiceNotes } from '@notewise/shared';
import { extractVoiceNotes } from '../heuristics/voice';
import type { VoiceLine } from '../types';
import { fixGrammar, loadHarper } from './grammar';
import { loadSpelling } from './spelling';
import { structureText } from './structure';
import { summarizeText } from './summarize';

/**
 * The built-in engine's CPU work as plain data in, text out: what engine-worker.ts runs in a worker
 * thread and index.ts runs on the request thread when AI_WORKERS is 0 (decision 076). The user's own
 * words travel as a list, so a job can cross to a thread.
 */
export type EngineJob =
  | { action: 'summarize' | 'structure'; text: string }
  | { action: 'grammar'; text: string; userWords: readonly string[] }
  | { action: 'voiceNotes'; transcript: readonly VoiceLine[] };

export type TextJob = Exclude<EngineJob, { action: 'voiceNotes' }>;

/** Loads what a job needs (grammar: harper and Hunspell, seconds on first use); then its time runs. */
export async function prepareJob(job: EngineJob): Promise<void> {
  if (job.action === 'grammar') await Promise.all([loadHarper(), loadSpelling()]);
}

/** A text action's result: one string, or parts in order (grammar, segment by segment). */
export function runTextJob(job: TextJob, signal?: AbortSignal): string | AsyncIterable<string> {
  switch (job.action) {
    case 'summarize':
      return summarizeText(job.text);
    case 'structure':
      return structureText(job.text);
    case 'grammar':
      return fixGrammar(job.text, signal, job.userWords);
  }
}

export function runVoiceNotes(transcript: readonly VoiceLine[]): VoiceNotes {
  return extractVoiceNotes(transcript);
}
