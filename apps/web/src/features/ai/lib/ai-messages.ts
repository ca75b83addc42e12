import { MAX_AI_INPUT_LENGTH } from '@notewise/shared';

/**
 * The AI_MESSAGES of @notewise/shared this feature shows itself. Copied, not imported: they live
 * beside the AI zod schemas, and the toolbar loads with the home page, where zod must not
 * (ai-messages.test.ts keeps the copies equal).
 */
export const AI_TEXT = {
  modelRequired:
    'Translation needs an AI model. Set AI_BASE_URL and AI_MODEL on the server (see “AI configuration” in the README).',
  contentTooLong: `This note is too long for AI actions (at most ${MAX_AI_INPUT_LENGTH.toLocaleString('en-US')} characters).`,
  rateLimited: 'Too many AI requests. Please wait a moment and try again.',
  interrupted: 'The AI request was interrupted. Please try again.',
  emptyAnswer: 'The AI model returned an empty answer. Please try again.',
} as const;
