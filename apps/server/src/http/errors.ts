import { ERROR_CODES, type ErrorCode, MESSAGES, OUTAGE_MESSAGES } from '@notewise/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type Fault, type FaultLog, faultOf } from './faults';

/** Thrown anywhere in a route; the error handler turns it into `{ error: { code, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (message = 'Not found.') => new ApiError(404, ERROR_CODES.notFound, message);
export const unauthorized = () => new ApiError(401, ERROR_CODES.unauthorized, MESSAGES.notSignedIn);
export const accessRequired = () => new ApiError(403, ERROR_CODES.accessRequired, MESSAGES.accessRequired);
/**
 * The one 429: the Retry-After header set on the reply, and the error to throw (the error handler
 * sends `{ error: { code: 'RATE_LIMITED', message } }`).
 */
export function rateLimited(
  reply: FastifyReply,
  retryAfterSeconds: number,
  message: string = MESSAGES.tooManyRequests,
): ApiError {
  reply.header('retry-after', String(retryAfterSeconds));
  return new ApiError(429, ERROR_CODES.rateLimited, message);
}
export const badRequest = (message: string, details?: unknown) =>
  new ApiError(400, ERROR_CODES.validation, message, details);

export function errorBody(code: string, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/**
 * The router's own errors (a path with a malformed percent-encoding such as `%ED%A0%80`, a path
 * parameter over its length limit) never reach the error handler: they get the same shape here.
 * The path is not echoed back; it can be 100 KB.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No hook ran for this request (routing failed first): the headers they would have set.
  reply.header('x-request-id', request.id).header('x-content-type-options', 'nosniff');
  const status = error.statusCode ?? 400;
  if (status >= 500) {
    return reply
      .status(500)
      .send(errorBody(ERROR_CODES.internal, 'Something went wrong on our side. Please try again.'));
  }
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long.' : 'The address is not valid.';
  return reply.status(status).send(errorBody(ERROR_CODES.validation, message));
}

/** Each failing part's answer: its status, code and message (decision 046). */
const FAULT_ANSWERS: Record<Fault, { status: number; code: ErrorCode; message: string }> = {
  'disk-full': { status: 507, code: ERROR_CODES.diskFull, message: OUTAGE_MESSAGES.diskFull },
  'storage-unavailable': {
    status: 503,
    code: ERROR_CODES.storageUnavailable,
    message: OUTAGE_MESSAGES.storageUnavailable,
  },
  'database-unavailable': {
    status: 503,
    code: ERROR_CODES.unavailable,
    message: OUTAGE_MESSAGES.databaseUnavailable,
  },
};

export function registerErrorHandlers(app: FastifyInstance, faults: FaultLog) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const issues = error.validation.map((issue) => ({ path: issue.instancePath, message: issue.message }));
      return reply
        .status(400)
        .send(errorBody(ERROR_CODES.validation, first?.message ?? 'Invalid request.', issues));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody(ERROR_CODES.payloadTooLarge, 'The request body is too large.'));
    }
    if (status === 429) {
      return reply.status(429).send(errorBody(ERROR_CODES.rateLimited, MESSAGES.tooManyRequests));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type...) keep their message.
      return reply.status(status).send(errorBody(ERROR_CODES.validation, error.message));
    }
    const fault = faultOf(error);
    if (fault) {
      faults.report(fault, error, request.log);
      const answer = FAULT_ANSWERS[fault];
      // Space comes back only when someone frees it; the other two usually come back by themselves.
      if (answer.status === 503) reply.header('retry-after', '5');
      return reply.status(answer.status).send(errorBody(answer.code, answer.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(errorBody(ERROR_CODES.internal, 'Something went wrong on our side. Please try again.'));
  });
}
