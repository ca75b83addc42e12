import { setTimeout as sleep } from 'node:timers/promises';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { voiceNotesSchema } from '@notewise/shared';
import { APICallError, streamText } from 'ai';
import { z } from 'zod';
import { AiError, busyError, cancelledError, failedError, timeoutError, unreachableError } from '../errors';
import { captureNote, cleanTitle } from '../heuristics/capture';
import { answerFromNotes, extractVoiceNotes } from '../heuristics/voice';
import { capturePrompt } from '../prompts/capture';
import type { Prompt } from '../prompts/common';
import { grammarPrompt } from '../prompts/grammar';
import { structurePrompt } from '../prompts/structure';
import { summarizePrompt } from '../prompts/summarize';
import { translatePrompt } from '../prompts/translate';
import { transcriptText, voiceAnswerPrompt, voiceNotesPrompt } from '../prompts/voice';
import type { AiCallOptions, AiConfig, AiProvider, CaptureProject, CaptureProposal } from '../types';
import { stripCodeFence } from './code-fence';

export interface OpenAICompatibleOptions {
  /** Retries after a 429 or 5xx answer (before any text arrived). At most 2. */
  maxRetries?: number;
  /** First back-off delay; doubles on each retry (default 1 s). */
  retryDelayMs?: number;
  /** A Retry-After up to this long is honoured; a longer one falls back to the back-off (default 10 s). */
  maxRetryAfterMs?: number;
  /** No chunk for this long aborts the stream (default: the smaller of 15 s and a quarter of the time-out). */
  inactivityMs?: number;
  /** Where fallbacks and unexpected failures are reported (the app's pino logger). */
  logger?: { warn(object: object, message: string): void } | undefined;
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

function causeCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

function isConnectionError(error: unknown): boolean {
  if (APICallError.isInstance(error) && error.statusCode !== undefined) return false;
  if (causeCodes(error).some((code) => CONNECTION_ERROR_CODES.has(code))) return true;
  return error instanceof Error && /cannot connect to api|fetch failed/i.test(error.message);
}

function statusOf(error: unknown): number | undefined {
  return APICallError.isInstance(error) ? error.statusCode : undefined;
}

/** Retry-After (seconds or an HTTP date) or retry-after-ms, in milliseconds; undefined when absent. */
export function retryAfterMs(error: unknown): number | undefined {
  const headers = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  if (!headers) return undefined;
  const header = (name: string) =>
    Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1] ?? undefined;
  const ms = header('retry-after-ms');
  if (ms !== undefined && Number.isFinite(Number.parseFloat(ms))) return Math.max(0, Number.parseFloat(ms));
  const value = header('retry-after');
  if (value === undefined) return undefined;
  const seconds = Number(value.trim());
  if (value.trim() !== '' && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function rejectedError(status: number, model: string, error: unknown): AiError {
  if (status === 401 || status === 403) {
    return failedError(`The AI model server refused the request (HTTP ${status}): check AI_API_KEY.`);
  }
  if (status === 404) {
    return failedError(
      `The AI model server does not know the model "${model}" (HTTP 404): check AI_MODEL and AI_BASE_URL.`,
    );
  }
  // The server's own words (e.g. "context length exceeded") help whoever configures the model.
  const detail = error instanceof Error ? error.message.replace(/\s+/g, ' ').trim().slice(0, 200) : '';
  return failedError(
    `The AI model server rejected the request (HTTP ${status})${detail ? `: ${detail}` : '.'}`,
  );
}

const captureAnswerSchema = z.object({
  title: z.string().trim().min(1).max(300),
  project: z.string().nullable().optional(),
});

/** The JSON object of a capture answer, tolerating a code fence or stray text around it. */
export function parseCaptureAnswer(
  answer: string,
  projects: readonly CaptureProject[],
): { title: string; projectId: string | null | undefined } | undefined {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return undefined;
  }
  const parsed = captureAnswerSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const title = cleanTitle(parsed.data.title);
  if (!title) return undefined;
  const name = parsed.data.project?.trim().toLowerCase();
  if (!name || name === 'null' || name === 'none') return { title, projectId: null };
  const match = projects.find((project) => project.name.trim().toLowerCase() === name);
  // A name that is not in the list: undefined lets the caller choose by word overlap instead.
  return { title, projectId: match ? match.id : undefined };
}

/** The JSON object of a voice-notes answer, tolerating a code fence or stray text; undefined when unusable. */
export function parseVoiceNotesAnswer(answer: string) {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    const parsed = voiceNotesSchema.safeParse(JSON.parse(answer.slice(start, end + 1)));
    if (!parsed.success) return undefined;
    const clean = (items: string[]) =>
      items
        .map((item) => item.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .slice(0, 20);
    return {
      summary: parsed.data.summary.trim().slice(0, 2000),
      decisions: clean(parsed.data.decisions),
      actionItems: clean(parsed.data.actionItems),
    };
  } catch {
    return undefined;
  }
}

/**
 * Any OpenAI-compatible chat-completions server (Ollama, llama.cpp server, vLLM, LM Studio, OpenAI)
 * through the Vercel AI SDK, streaming. Time-outs: the whole call (AI_TIMEOUT_MS, retries included)
 * and inactivity once the answer has started (no chunk for min(15 s, AI_TIMEOUT_MS / 4)). 429 and
 * 5xx answers are retried up to twice with exponential back-off, honouring a short Retry-After.
 */
export function createOpenAICompatibleProvider(
  config: AiConfig,
  options: OpenAICompatibleOptions = {},
): AiProvider {
  if (!config.baseUrl) throw new Error('AI_BASE_URL is not set');
  const baseUrl: string = config.baseUrl;
  const maxRetries = Math.min(2, Math.max(0, options.maxRetries ?? 2));
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
  const inactivityMs = options.inactivityMs ?? Math.min(15_000, Math.floor(config.timeoutMs / 4));
  const provider = createOpenAICompatible({
    baseURL: baseUrl,
    name: 'openai-compatible',
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
  });
  const model = provider.chatModel(config.model);

  async function* complete(prompt: Prompt, signal: AbortSignal | undefined): AsyncGenerator<string> {
    const deadline = Date.now() + config.timeoutMs;
    for (let attempt = 0; ; attempt += 1) {
      if (signal?.aborted) throw cancelledError();
      const controller = new AbortController();
      let reason: 'timeout' | 'cancelled' | undefined;
      const abort = (why: 'timeout' | 'cancelled') => {
        reason ??= why;
        controller.abort();
      };
      const onCancel = () => abort('cancelled');
      signal?.addEventListener('abort', onCancel, { once: true });
      const total = setTimeout(() => abort('timeout'), Math.max(0, deadline - Date.now()));
      let idle: NodeJS.Timeout | undefined;
      const touch = () => {
        clearTimeout(idle);
        idle = setTimeout(() => abort('timeout'), inactivityMs);
      };

      let failure: unknown;
      let completed = false;
      let yielded = false;
      try {
        const result = streamText({
          model,
          system: prompt.system,
          prompt: prompt.prompt,
          maxRetries: 0,
          abortSignal: controller.signal,
          // Failures are read from the stream below; the SDK's default would print them to stderr.
          onError: () => {},
        });
        for await (const part of result.fullStream) {
          if (part.type === 'start') continue;
          // Every part after the response began counts as activity (reasoning models think first).
          touch();
          if (part.type === 'text-delta') {
            if (part.text) {
              yielded = true;
              yield part.text;
            }
          } else if (part.type === 'error') {
            failure = part.error;
            break;
          } else if (part.type === 'abort') {
            failure = new Error('aborted');
            break;
          }
        }
        completed = failure === undefined && reason === undefined;
      } catch (error) {
        failure = error;
      } finally {
        clearTimeout(total);
        clearTimeout(idle);
        signal?.removeEventListener('abort', onCancel);
        // Also reached when the consumer stops early: end the HTTP request to the model.
        if (!completed) controller.abort();
      }
      if (completed) return;

      if (reason === 'cancelled' || signal?.aborted) throw cancelledError();
      if (reason === 'timeout') throw timeoutError();
      if (isConnectionError(failure) && !yielded) throw unreachableError(baseUrl);
      const status = statusOf(failure);
      if (status !== undefined && (status === 429 || status >= 500)) {
        if (!yielded && attempt < maxRetries) {
          const hinted = retryAfterMs(failure);
          const delay =
            hinted !== undefined && hinted <= maxRetryAfterMs ? hinted : retryDelayMs * 2 ** attempt;
          if (Date.now() + delay < deadline) {
            try {
              await sleep(delay, undefined, { signal });
            } catch {
              throw cancelledError();
            }
            continue;
          }
        }
        throw busyError(status);
      }
      if (status !== undefined) throw rejectedError(status, config.model, failure);
      options.logger?.warn({ err: failure }, 'AI model call failed');
      throw failedError('The AI model call failed. Please try again.');
    }
  }

  async function* run(prompt: Prompt, note: string, options: AiCallOptions | undefined) {
    let any = false;
    for await (const chunk of stripCodeFence(complete(prompt, options?.signal), /^\s*(```|~~~)/.test(note))) {
      any = true;
      yield chunk;
    }
    if (!any) throw failedError('The AI model returned an empty answer. Please try again.');
  }

  /** The whole answer as one string; a failure other than cancellation gives undefined (fall back). */
  async function collect(prompt: Prompt, signal: AbortSignal | undefined, what: string) {
    let answer = '';
    try {
      for await (const chunk of complete(prompt, signal)) answer += chunk;
      return answer;
    } catch (error) {
      if (error instanceof AiError && error.aiCode === 'AI_CANCELLED') throw error;
      options.logger?.warn({ err: error }, `AI ${what} failed; using the built-in engine`);
      return undefined;
    }
  }

  return {
    kind: 'openai-compatible',
    model: config.model,
    capabilities: { summarize: true, grammar: true, translate: true, structure: true, capture: true },
    summarize: (text, callOptions) => run(summarizePrompt(text), text, callOptions),

    /** Falls back to the built-in extractive notes when the model fails or its JSON is unusable. */
    async voiceNotes(transcript, callOptions) {
      const answer = await collect(
        voiceNotesPrompt(transcriptText(transcript)),
        callOptions?.signal,
        'voice notes',
      );
      const parsed = answer === undefined ? undefined : parseVoiceNotesAnswer(answer);
      if (answer !== undefined && !parsed) {
        options.logger?.warn(
          { answer: answer.slice(0, 500) },
          'AI voice notes unusable; using the built-in notes',
        );
      }
      return parsed ?? extractVoiceNotes(transcript);
    },

    async voiceAnswer(question, transcript, notes, callOptions) {
      const answer = await collect(
        voiceAnswerPrompt(question, transcriptText(transcript), notes),
        callOptions?.signal,
        'voice answer',
      );
      const clean = answer?.replace(/\s+/g, ' ').trim().slice(0, 600);
      return clean || answerFromNotes(question, transcript, notes);
    },
    grammar: (text, callOptions) => run(grammarPrompt(text), text, callOptions),
    translate: (text, language, callOptions) => run(translatePrompt(text, language), text, callOptions),
    structure: (text, callOptions) => run(structurePrompt(text), text, callOptions),

    /** Falls back to the built-in capture when the model fails or its answer is unusable. */
    async capture(text, projects, callOptions): Promise<CaptureProposal> {
      const fallback = captureNote(text, projects);
      let answer = '';
      try {
        for await (const chunk of complete(capturePrompt(text, projects), callOptions?.signal))
          answer += chunk;
      } catch (error) {
        if (error instanceof AiError && error.aiCode === 'AI_CANCELLED') throw error;
        options.logger?.warn({ err: error }, 'AI capture failed; using the built-in capture');
        return fallback;
      }
      const parsed = parseCaptureAnswer(answer, projects);
      if (!parsed) {
        options.logger?.warn(
          { answer: answer.slice(0, 500) },
          'AI capture answer unusable; using the built-in capture',
        );
        return fallback;
      }
      return {
        title: parsed.title,
        projectId: parsed.projectId === undefined ? fallback.projectId : parsed.projectId,
      };
    },
  };
}
