import { z } from 'zod';

/** The AI engine: unset AI_BASE_URL keeps the built-in offline engine. */
export const aiEnv = {
  AI_BASE_URL: z
    .url({ message: 'must be the base URL of an OpenAI-compatible API, like http://localhost:11434/v1' })
    .optional()
    .describe(
      'OpenAI-compatible API for the AI actions (`http://localhost:11434/v1`). Unset: the built-in offline engine.',
    ),
  AI_API_KEY: z.string().optional().describe('API key sent to `AI_BASE_URL`, if it needs one.'),
  AI_MODEL: z.string().min(1).default('llama3.1').describe('Model name asked of `AI_BASE_URL`.'),
  AI_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(60_000)
    .describe('How long to wait for the model, or for the built-in engine once loaded, in milliseconds.'),
  AI_WORKERS: z.coerce
    .number()
    .int()
    .min(0)
    .max(16)
    .default(1)
    .describe(
      'Threads that run the built-in engine, started on first use (each loads its own engines, harper alone ~200 MB); 0: on the request thread.',
    ),
  AI_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(30)
    .describe('AI requests allowed per user per minute.'),
};
