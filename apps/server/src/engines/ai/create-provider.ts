import { createBuiltinProvider } from './builtin';
import type { OpenAICompatibleOptions } from './openai-compatible';
import type { AiConfig, AiProvider } from './types';

/** The OpenAI-compatible provider when AI_BASE_URL is set, otherwise the built-in offline engine. */
export function createAiProvider(config: AiConfig, options: OpenAICompatibleOptions = {}): AiProvider {
  return config.baseUrl
    ? createLazyOpenAICompatibleProvider(config, options)
    : createBuiltinProvider({ workers: config.workers, timeoutMs: config.timeoutMs });
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
