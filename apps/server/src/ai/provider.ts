import type { AiStatus, VoiceNotes } from '@notewise/shared';
import type { Config } from '../config';
import { createBuiltinProvider } from './builtin';
import type { OpenAICompatibleOptions } from './openai-compatible';

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

/** The OpenAI-compatible provider when AI_BASE_URL is set, otherwise the built-in offline engine. */
export function createAiProvider(config: AiConfig, options: OpenAICompatibleOptions = {}): AiProvider {
  return config.baseUrl ? createLazyOpenAICompatibleProvider(config, options) : createBuiltinProvider();
}

/**
 * The model SDK loads on the first AI request, not at start: the embedded default never needs it and
 * start-up stays within its 1 s budget.
 */
function createLazyOpenAICompatibleProvider(config: AiConfig, options: OpenAICompatibleOptions): AiProvider {
  let loading: Promise<AiProvider> | undefined;
  const load = () => {
    loading ??= import('./openai-compatible').then((module) =>
      module.createOpenAICompatibleProvider(config, options),
    );
    return loading;
  };
  return {
    kind: 'openai-compatible',
    model: config.model,
    capabilities: { summarize: true, grammar: true, translate: true, structure: true, capture: true },
    async *summarize(text, callOptions) {
      yield* (await load()).summarize(text, callOptions);
    },
    async *grammar(text, callOptions) {
      yield* (await load()).grammar(text, callOptions);
    },
    async *translate(text, language, callOptions) {
      yield* (await load()).translate(text, language, callOptions);
    },
    async *structure(text, callOptions) {
      yield* (await load()).structure(text, callOptions);
    },
    async capture(text, projects, callOptions) {
      return (await load()).capture(text, projects, callOptions);
    },
    async voiceNotes(transcript, callOptions) {
      return (await load()).voiceNotes(transcript, callOptions);
    },
    async voiceAnswer(question, transcript, notes, callOptions) {
      return (await load()).voiceAnswer(question, transcript, notes, callOptions);
    },
  };
}
