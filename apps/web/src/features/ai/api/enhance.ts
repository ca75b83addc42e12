import { type AiAction, MESSAGES } from '@notewise/shared';
import { AI_MESSAGES } from '@notewise/shared/messages';
import { ApiError, CLIENT_ERROR_CODES } from '@/lib/api';
import { createSseParser } from '../lib/sse';

export interface EnhanceRequest {
  action: AiAction;
  content: string;
  /** Only with translate (and then required). */
  language?: string;
  signal?: AbortSignal;
  /** Each chunk of the output as it arrives (joined they are the output). */
  onDelta?: (text: string) => void;
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; details?: unknown };
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: ErrorBody | undefined;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    body = undefined;
  }
  const error = body?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string' && error.message) {
    return new ApiError(response.status, error.code, error.message, error.details);
  }
  const message = response.status === 429 ? AI_MESSAGES.rateLimited : MESSAGES.unexpected;
  return new ApiError(response.status, CLIENT_ERROR_CODES.http, message);
}

function parseJson(data: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * POST /api/ai/enhance and read its Server-Sent Events (docs/decisions/005-ai-providers.md): `job`, `delta` per chunk,
 * then `done` with the whole output (resolved) or `error` (rejected with an ApiError carrying the
 * server's code and message). Errors before the stream are the usual JSON errors (400, 403, 413, 422,
 * 429). Aborting the signal cancels the request (rejects with the AbortError).
 */
export async function streamEnhancement({
  action,
  content,
  language,
  signal,
  onDelta,
}: EnhanceRequest): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/ai/enhance', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify(language === undefined ? { action, content } : { action, content, language }),
      signal,
    });
  } catch (error) {
    if (error instanceof TypeError) {
      throw new ApiError(0, CLIENT_ERROR_CODES.network, MESSAGES.networkFailed);
    }
    throw error;
  }
  if (!response.ok) throw await errorFromResponse(response);
  if (!response.body) throw new ApiError(response.status, CLIENT_ERROR_CODES.http, MESSAGES.unexpected);

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  let streamed = '';
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new ApiError(0, CLIENT_ERROR_CODES.network, AI_MESSAGES.interrupted);
      }
      if (chunk.done) break;
      for (const event of parser.push(chunk.value)) {
        const data = parseJson(event.data);
        if (event.event === 'delta' && typeof data.text === 'string') {
          streamed += data.text;
          onDelta?.(data.text);
        } else if (event.event === 'done') {
          return typeof data.output === 'string' ? data.output : streamed;
        } else if (event.event === 'error') {
          const code = typeof data.code === 'string' ? data.code : CLIENT_ERROR_CODES.http;
          const message =
            typeof data.message === 'string' && data.message ? data.message : MESSAGES.unexpected;
          throw new ApiError(response.status, code, message);
        }
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  // The stream ended without `done` or `error`: the connection dropped.
  throw new ApiError(0, CLIENT_ERROR_CODES.network, AI_MESSAGES.interrupted);
}
