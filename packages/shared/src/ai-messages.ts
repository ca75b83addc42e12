import { AI_ACTIONS, MAX_AI_INPUT_LENGTH } from './constants';

/** Error codes of the AI endpoints, beside the general ERROR_CODES (same `{ error: { code, message } }`). */
export const AI_ERROR_CODES = {
  /** The built-in engine cannot do this (translation): an OpenAI-compatible model must be configured. 422. */
  modelRequired: 'AI_MODEL_REQUIRED',
  /** The model server refused the connection or its address does not resolve. */
  unreachable: 'AI_UNREACHABLE',
  /** No answer (or no further chunk) within the configured time. */
  timeout: 'AI_TIMEOUT',
  /** The model server kept answering 429 or 5xx after the retries. */
  busy: 'AI_BUSY',
  /** Any other failure of the model call (bad key, unknown model, empty answer...). */
  failed: 'AI_FAILED',
  /** The client went away (or the server shut down) before the answer was complete. */
  cancelled: 'AI_CANCELLED',
} as const;
export type AiErrorCode = (typeof AI_ERROR_CODES)[keyof typeof AI_ERROR_CODES];

/** User-facing texts of the AI endpoints, kept once so server and web say the same words. */
export const AI_MESSAGES = {
  /** For API clients (the 422's message); the web shows translateNeedsModel to its users instead. */
  modelRequired:
    'Translation needs an AI model. Set AI_BASE_URL and AI_MODEL on the server (see “AI configuration” in the README).',
  /** What the web's language list says to an end user when the server has no model (no server variables). */
  translateNeedsModel:
    'Translation needs an AI model, which this server does not have yet. Ask your admin to add one.',
  translateSetupLink: 'How to set up translation',
  contentRequired: 'Write something first: the note is empty.',
  contentTooLong: `This note is too long for AI actions (at most ${MAX_AI_INPUT_LENGTH.toLocaleString('en-US')} characters).`,
  captureTooLong: 'This note is too long to save.',
  languageRequired: 'Choose a language to translate to.',
  languageUnsupported: 'This language is not supported for translation. Choose one from the list.',
  languageNotAllowed: 'Only the translate action takes a language.',
  actionInvalid: `Action must be one of ${AI_ACTIONS.join(', ')}.`,
  rateLimited: 'Too many AI requests. Please wait a moment and try again.',
  timeout: 'The AI model took too long to answer.',
  busy: 'The AI model server is busy. Please try again in a moment.',
  emptyAnswer: 'The AI model returned an empty answer. Please try again.',
  cancelled: 'Cancelled',
  interrupted: 'The AI request was interrupted. Please try again.',
} as const;

export function aiUnreachableMessage(baseUrl: string): string {
  return `The AI model server at ${baseUrl} is not reachable.`;
}
