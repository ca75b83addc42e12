import type { AiStatus } from '@notewise/shared';
import type { Config } from '../config';
import { createBuiltinProvider } from './builtin';
import { createOpenAICompatibleProvider, type OpenAICompatibleOptions } from './openai-compatible';

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
}

export type AiConfig = Config['ai'];

/** The OpenAI-compatible provider when AI_BASE_URL is set, otherwise the built-in offline engine. */
export function createAiProvider(config: AiConfig, options: OpenAICompatibleOptions = {}): AiProvider {
  return config.baseUrl ? createOpenAICompatibleProvider(config, options) : createBuiltinProvider();
}
