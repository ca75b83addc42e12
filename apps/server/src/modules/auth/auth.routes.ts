import { ERROR_CODES, MESSAGES, signInBodySchema, signUpBodySchema } from '@notewise/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorBody } from '../../http/errors';
import { type SessionCache, toHeaders } from '../../http/session';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { isCommonPassword } from './common-passwords';

/** better-auth codes whose wording we replace with the product's own texts. */
const MESSAGE_FOR_CODE: Record<string, { code: string; message: string }> = {
  USER_ALREADY_EXISTS: { code: ERROR_CODES.conflict, message: MESSAGES.emailTaken },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: ERROR_CODES.conflict, message: MESSAGES.emailTaken },
  INVALID_EMAIL_OR_PASSWORD: { code: ERROR_CODES.unauthorized, message: MESSAGES.invalidCredentials },
  PASSWORD_TOO_SHORT: { code: ERROR_CODES.validation, message: MESSAGES.passwordTooShort },
  INVALID_EMAIL: { code: ERROR_CODES.validation, message: MESSAGES.emailInvalid },
};

/** The session token lives only in the HttpOnly cookie; scripts never see it in a body. */
function withoutSessionToken(text: string): string {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown> | null;
    if (parsed && typeof parsed === 'object' && 'token' in parsed) {
      const { token: _token, ...rest } = parsed;
      return JSON.stringify(rest);
    }
  } catch {
    // not JSON: pass through untouched
  }
  return text;
}

function validationReply(reply: FastifyReply, error: z.ZodError) {
  const first = error.issues[0];
  const issues = error.issues.map((issue) => ({ path: `/${issue.path.join('/')}`, message: issue.message }));
  return reply
    .status(400)
    .send(errorBody(ERROR_CODES.validation, first?.message ?? 'Invalid request.', issues));
}

/** Checks our rules before better-auth sees the body, so bad input never reaches the database. */
function validateAuthBody(
  path: string,
  body: unknown,
): { ok: true; body: unknown } | { ok: false; error: z.ZodError | string } {
  if (path === '/api/auth/sign-up/email') {
    const parsed = signUpBodySchema.safeParse(body);
    if (!parsed.success) return { ok: false, error: parsed.error };
    if (isCommonPassword(parsed.data.password)) return { ok: false, error: MESSAGES.passwordTooCommon };
    return { ok: true, body: parsed.data };
  }
  if (path === '/api/auth/sign-in/email') {
    const parsed = signInBodySchema.safeParse(body);
    if (!parsed.success) return { ok: false, error: parsed.error };
    return { ok: true, body: parsed.data };
  }
  return { ok: true, body };
}

/** Endpoints of better-auth that the product uses; everything else under /api/auth stays closed. */
const ALLOWED = new Set([
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'GET /api/auth/get-session',
]);

export function registerAuthRoutes(app: FastifyInstance, auth: Auth, sessions: SessionCache) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!ALLOWED.has(`${request.method} ${path}`)) {
      return reply
        .status(404)
        .send(errorBody(ERROR_CODES.notFound, `No route for ${request.method} ${path}`));
    }
    let body: unknown;
    if (request.method === 'POST') {
      const checked = validateAuthBody(path, request.body ?? {});
      if (!checked.ok) {
        if (typeof checked.error === 'string') {
          return reply.status(400).send(errorBody(ERROR_CODES.validation, checked.error));
        }
        return validationReply(reply, checked.error);
      }
      body = checked.body;
    }

    const headers = toHeaders(request);
    headers.delete('content-length');
    headers.set(CLIENT_IP_HEADER, request.ip);
    if (body !== undefined) headers.set('content-type', 'application/json');
    const response = await auth.handler(
      new Request(`${request.protocol}://${request.host}${request.url}`, {
        method: request.method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    );

    // Any session change (sign-in, sign-out) makes this browser's cached session stale.
    sessions.forgetKey(request.headers.cookie);
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    const text = await response.text();
    if (response.status < 400) {
      reply.status(response.status);
      if (!text) return reply.send();
      return reply.type('application/json').send(withoutSessionToken(text));
    }

    let code = '';
    let message = '';
    try {
      const parsed = JSON.parse(text) as { code?: string; message?: string };
      code = parsed.code ?? '';
      message = parsed.message ?? '';
    } catch {
      message = text;
    }
    if (response.status === 429) {
      return reply
        .status(429)
        .header('retry-after', response.headers.get('x-retry-after') ?? '60')
        .send(errorBody(ERROR_CODES.rateLimited, MESSAGES.tooManyRequests));
    }
    const mapped = MESSAGE_FOR_CODE[code];
    const status =
      code === 'INVALID_EMAIL_OR_PASSWORD'
        ? 401
        : code.startsWith('USER_ALREADY_EXISTS')
          ? 409
          : response.status;
    return reply
      .status(status)
      .send(
        errorBody(
          mapped?.code ?? code ?? ERROR_CODES.validation,
          mapped?.message ?? (message || MESSAGES.unexpected),
        ),
      );
  };

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', bodyLimit: 16 * 1024, handler });
}
