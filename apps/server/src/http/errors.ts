import { ERROR_CODES, type ErrorCode, MESSAGES } from '@notewise/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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
export const badRequest = (message: string, details?: unknown) =>
  new ApiError(400, ERROR_CODES.validation, message, details);

export function errorBody(code: string, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Errors that mean the database is unreachable right now (restart, failover, killed connection). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown (pg_terminate_backend, fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
]);

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (/^Connection terminated|not queryable|timeout exceeded when trying to connect/i.test(error.message)) {
    return true;
  }
  // better-auth wraps the driver's error in its own (session lookups): look through the cause.
  return isDatabaseUnavailable(error.cause, depth + 1);
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

export function registerErrorHandlers(app: FastifyInstance) {
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
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(
          errorBody(
            ERROR_CODES.unavailable,
            'The server cannot reach its database right now. Please try again in a moment.',
          ),
        );
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(errorBody(ERROR_CODES.internal, 'Something went wrong on our side. Please try again.'));
  });
}
