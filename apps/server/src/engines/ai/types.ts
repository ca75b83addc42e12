/**
 * The AI provider contract. Engines (builtin/, openai-compatible/) and the shared heuristics import
 * only this file, never create-provider.ts, so the engines cannot form an import circle.
 */
import type { AiStatus, VoiceNotes } from '@notewise/shared';
import type { Config } from '../../config';

export type AiProviderKind = AiStatus['provider'];
export type AiCapabilities = AiStatus['actions'];

export interface CaptureProject {
  id: string;
  name: string;
  description: string;
}

export interface CaptureProposal {
  title: string;
  /** One of the given projects' ids, or null when none fits. */
  projectId: string | null;
}

/** One turn of a voice call, as the assistant reads it. */
export interface VoiceLine {
  speaker: 'user' | 'assistant';
  text: string;
}

export interface AiCallOptions {
  /** Aborts the model call (the client went away); the iterable then throws a 'Cancelled' AiError. */
  signal?: AbortSignal | undefined;
  /** Grammar: words the user writes in their other notes, never corrected (the built-in engine). */
  userWords?: Iterable<string> | undefined;
}

/**
 * An AI engine. The text actions stream their result as chunks of text (concatenated they are the
 * whole answer); a failure is thrown as an AiError while iterating.
 */
export interface AiProvider {
  readonly kind: AiProviderKind;
  /** The model name, null for the built-in engine. */
  readonly model: string | null;
  readonly capabilities: AiCapabilities;
  summarize(text: string, options?: AiCallOptions): AsyncIterable<string>;
  grammar(text: string, options?: AiCallOptions): AsyncIterable<string>;
  /** The built-in engine throws AI_MODEL_REQUIRED (422) at once: it never fakes a translation. */
  translate(text: string, language: string, options?: AiCallOptions): AsyncIterable<string>;
  structure(text: string, options?: AiCallOptions): AsyncIterable<string>;
  /** A title and the best-fitting project (or null) for a new note. */
  capture(
    text: string,
    projects: readonly CaptureProject[],
    options?: AiCallOptions,
  ): Promise<CaptureProposal>;
  /** The live notes of a voice call (summary, decisions, action items) from its transcript. */
  voiceNotes(transcript: readonly VoiceLine[], options?: AiCallOptions): Promise<VoiceNotes>;
  /** A short spoken answer to a question asked during the call. */
  voiceAnswer(
    question: string,
    transcript: readonly VoiceLine[],
    notes: VoiceNotes,
    options?: AiCallOptions,
  ): Promise<string>;
}

export type AiConfig = Config['ai'];
