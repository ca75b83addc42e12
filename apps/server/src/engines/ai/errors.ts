import {
  AI_ERROR_CODES,
  AI_MESSAGES,
  type AiErrorCode,
  aiUnreachableMessage,
  type ErrorCode,
} from '@notewise/shared';
import { ApiError } from '../../http/errors';

/**
 * An AI failure. It is an ApiError, so a route that throws it answers `{ error: { code, message } }`
 * with its status; the enhance stream sends the same code and message as its `error` event.
 */
export class AiError extends ApiError {
  constructor(
    statusCode: number,
    readonly aiCode: AiErrorCode,
    message: string,
  ) {
    // ApiError's code type lists the general codes; the AI codes extend that set.
    super(statusCode, aiCode as string as ErrorCode, message);
    this.name = 'AiError';
  }
}

export const modelRequiredError = () =>
  new AiError(422, AI_ERROR_CODES.modelRequired, AI_MESSAGES.modelRequired);
export const cancelledError = () => new AiError(499, AI_ERROR_CODES.cancelled, AI_MESSAGES.cancelled);
export const timeoutError = () => new AiError(504, AI_ERROR_CODES.timeout, AI_MESSAGES.timeout);
export const unreachableError = (baseUrl: string) =>
  new AiError(502, AI_ERROR_CODES.unreachable, aiUnreachableMessage(baseUrl));

export function busyError(status: number | undefined): AiError {
  const message =
    status === 429 || status === undefined
      ? AI_MESSAGES.busy
      : `The AI model server failed to answer (HTTP ${status}). Please try again in a moment.`;
  return new AiError(503, AI_ERROR_CODES.busy, message);
}

export function failedError(message: string): AiError {
  return new AiError(502, AI_ERROR_CODES.failed, message);
}

/** Any thrown value as an AiError; what is not one already counts as an internal failure of the call. */
export function toAiError(error: unknown): AiError {
  if (error instanceof AiError) return error;
  if (error instanceof Error && error.name === 'AbortError') return cancelledError();
  return failedError('The AI request failed. Please try again.');
}
