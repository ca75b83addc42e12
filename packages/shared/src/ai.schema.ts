import { z } from 'zod';
import { AI_ACTIONS, MAX_AI_INPUT_LENGTH, MAX_NOTE_CONTENT_LENGTH, TRANSLATION_LANGUAGES } from './constants';
import { noteClientIdSchema, noteSchema, noteTitleSchema } from './notes.schema';
import { projectSchema } from './projects.schema';

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
  modelRequired:
    'Translation needs an AI model. Set AI_BASE_URL and AI_MODEL on the server (see “AI configuration” in the README).',
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
  jobNotFound: 'AI job not found',
} as const;

export function aiUnreachableMessage(baseUrl: string): string {
  return `The AI model server at ${baseUrl} is not reachable.`;
}

/** Capture files a note here when no project fits (created on first use). */
export const INBOX_PROJECT_NAME = 'Inbox';

export const aiActionSchema = z.enum(AI_ACTIONS, { message: AI_MESSAGES.actionInvalid });

/** SPEC 9: the composer's 23 languages and Quick View's 12 (their union). */
export const translationLanguageSchema = z.enum(TRANSLATION_LANGUAGES as [string, ...string[]], {
  message: AI_MESSAGES.languageUnsupported,
});

/**
 * POST /api/ai/enhance. `language` only with translate (and then required). Content longer than
 * MAX_AI_INPUT_LENGTH is answered 413 by the server.
 */
export const aiEnhanceBodySchema = z
  .strictObject({
    action: aiActionSchema,
    content: z
      .string({ message: AI_MESSAGES.contentRequired })
      .refine((value) => value.trim().length > 0, { message: AI_MESSAGES.contentRequired }),
    language: translationLanguageSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'translate') {
      if (body.language === undefined) {
        ctx.addIssue({ code: 'custom', path: ['language'], message: AI_MESSAGES.languageRequired });
      }
    } else if (body.language !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['language'], message: AI_MESSAGES.languageNotAllowed });
    }
  });
export type AiEnhanceBody = z.infer<typeof aiEnhanceBodySchema>;

/** GET /api/ai/status: which engine answers and what it can do (the built-in engine cannot translate). */
export const aiStatusSchema = z.object({
  provider: z.enum(['builtin', 'openai-compatible']),
  model: z.string().nullable(),
  actions: z.object({
    summarize: z.boolean(),
    grammar: z.boolean(),
    translate: z.boolean(),
    structure: z.boolean(),
    capture: z.boolean(),
  }),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

export const AI_JOB_STATUSES = ['PENDING', 'DONE', 'ERROR'] as const;
export type AiJobStatus = (typeof AI_JOB_STATUSES)[number];

/** GET /api/ai/jobs/latest and /api/ai/jobs/:id: SPEC's enhanced_notes status model. */
export const aiJobSchema = z.object({
  id: z.string(),
  action: aiActionSchema,
  language: z.string().nullable(),
  status: z.enum(AI_JOB_STATUSES),
  output: z.string().nullable(),
  error: z.string().nullable(),
  updatedAt: z.string(),
});
export type AiJob = z.infer<typeof aiJobSchema>;

/** POST /api/ai/capture: SPEC's Add Note; the AI (or the built-in engine) picks title and project. */
export const aiCaptureBodySchema = z.strictObject({
  content: z
    .string({ message: AI_MESSAGES.contentRequired })
    .refine((value) => value.trim().length > 0, { message: AI_MESSAGES.contentRequired })
    .refine((value) => value.length <= MAX_NOTE_CONTENT_LENGTH, { message: AI_MESSAGES.captureTooLong }),
  /**
   * The project the user picked (personal or shared, issue 18.4); without it the AI proposes one and
   * 'Inbox' takes what fits nowhere.
   */
  projectId: z.string().min(1).max(64).optional(),
  /** The title the user wrote (/editor); without it the engine proposes one from the text. */
  title: noteTitleSchema.optional(),
  /** Generated by the browser (offline queue): a replay returns the note the first request made. */
  clientId: noteClientIdSchema.optional(),
});
export type AiCaptureBody = z.infer<typeof aiCaptureBodySchema>;

export const aiCaptureResponseSchema = z.object({ note: noteSchema, project: projectSchema });
export type AiCaptureResponse = z.infer<typeof aiCaptureResponseSchema>;

/**
 * POST /api/ai/capture/proposal: where Add Note would file this text, asked while the user writes so
 * the composer's picker shows the AI's choice before adding (issue 18.4). Nothing is stored.
 */
export const aiCaptureProposalBodySchema = z.strictObject({
  content: aiCaptureBodySchema.shape.content,
});
export type AiCaptureProposalBody = z.infer<typeof aiCaptureProposalBodySchema>;

/** `project` null: nothing fits, so Add Note files the text in 'Inbox'. */
export const aiCaptureProposalSchema = z.object({
  title: z.string(),
  project: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AiCaptureProposal = z.infer<typeof aiCaptureProposalSchema>;

/**
 * The Server-Sent Events of POST /api/ai/enhance, in order: one `job`, any number of `delta`
 * (append `text`), then `done` (the whole `output`) or `error`.
 */
export const AI_STREAM_EVENTS = ['job', 'delta', 'done', 'error'] as const;
export type AiStreamEventName = (typeof AI_STREAM_EVENTS)[number];

export const aiStreamEventSchemas = {
  job: z.object({ jobId: z.string() }),
  delta: z.object({ text: z.string() }),
  done: z.object({ jobId: z.string(), output: z.string() }),
  error: z.object({ code: z.string(), message: z.string() }),
} as const;
export type AiStreamEvent = {
  [K in AiStreamEventName]: { event: K; data: z.infer<(typeof aiStreamEventSchemas)[K]> };
}[AiStreamEventName];
