import crypto from 'node:crypto';
import {
  type AuthOptions,
  authOptionsSchema,
  changePasswordBodySchema,
  ERROR_CODES,
  MESSAGES,
  type PasswordResetOptions,
  passwordResetOptionsSchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  type SignUpBody,
  type SignUpResponse,
  signInBodySchema,
  signUpBodySchema,
} from '@notewise/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../http/errors';
import { type SessionCache, toHeaders } from '../../http/session';
import { type Auth, CLIENT_IP_HEADER } from './auth';

/** better-auth codes whose wording (and status) we replace with the product's own. */
const MESSAGE_FOR_CODE: Record<string, { status?: number; code: string; message: string }> = {
  INVALID_EMAIL_OR_PASSWORD: {
    status: 401,
    code: ERROR_CODES.unauthorized,
    message: MESSAGES.invalidCredentials,
  },
  PASSWORD_TOO_SHORT: { code: ERROR_CODES.validation, message: MESSAGES.passwordTooShort },
  INVALID_EMAIL: { code: ERROR_CODES.validation, message: MESSAGES.emailInvalid },
  // change-password: the current password does not match.
  INVALID_PASSWORD: { status: 400, code: ERROR_CODES.validation, message: MESSAGES.currentPasswordWrong },
  // reset-password: unknown, expired or already used token.
  INVALID_TOKEN: { status: 400, code: ERROR_CODES.validation, message: MESSAGES.resetLinkInvalid },
  UNAUTHORIZED: { status: 401, code: ERROR_CODES.unauthorized, message: MESSAGES.notSignedIn },
  ACCOUNT_DISABLED: { status: 403, code: ERROR_CODES.forbidden, message: MESSAGES.accountDisabled },
};

/** The session token lives only in the HttpOnly cookie; scripts never see it in a body. */
function withoutSessionToken(text: string): string {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown> | null;
    if (!parsed || typeof parsed !== 'object') return text;
    const { token: _token, ...rest } = parsed;
    // get-session nests it: { session: { token, ... }, user }.
    if (rest.session && typeof rest.session === 'object' && 'token' in rest.session) {
      const { token: _nested, ...session } = rest.session as Record<string, unknown>;
      rest.session = session;
    } else if (!('token' in parsed)) {
      return text;
    }
    return JSON.stringify(rest);
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

const SIGN_UP = 'POST /api/auth/sign-up/email';
const SIGN_IN = 'POST /api/auth/sign-in/email';
const RESET_PASSWORD = 'POST /api/auth/reset-password';
const CHANGE_PASSWORD = 'POST /api/auth/change-password';
const REVOKE_OTHER_SESSIONS = 'POST /api/auth/revoke-other-sessions';
const SIGN_OUT = 'POST /api/auth/sign-out';
const REQUEST_PASSWORD_RESET = 'POST /api/auth/request-password-reset';

/**
 * Our rules for each body, checked before better-auth sees it so bad input never reaches the
 * database, and what better-auth is then sent (change-password always ends the other sessions).
 */
const BODY_RULES: Record<string, (body: unknown) => z.ZodSafeParseResult<unknown>> = {
  [SIGN_UP]: (body) => signUpBodySchema.safeParse(body),
  [SIGN_IN]: (body) => signInBodySchema.safeParse(body),
  [CHANGE_PASSWORD]: (body) =>
    changePasswordBodySchema.transform((valid) => ({ ...valid, revokeOtherSessions: true })).safeParse(body),
  [REVOKE_OTHER_SESSIONS]: (body) => z.strictObject({}).safeParse(body),
  [REQUEST_PASSWORD_RESET]: (body) => requestPasswordResetBodySchema.safeParse(body),
  [RESET_PASSWORD]: (body) => resetPasswordBodySchema.safeParse(body),
};

/** Endpoints of better-auth that the product uses; everything else under /api/auth stays closed. */
const ALLOWED = new Set([
  SIGN_UP,
  SIGN_IN,
  SIGN_OUT,
  'GET /api/auth/get-session',
  CHANGE_PASSWORD,
  REVOKE_OTHER_SESSIONS,
  REQUEST_PASSWORD_RESET,
  RESET_PASSWORD,
]);

/** Endpoints that act on the signed-in user's other sessions: the user's cached sessions are dropped. */
const ENDS_OTHER_SESSIONS = new Set([CHANGE_PASSWORD, REVOKE_OTHER_SESSIONS]);

/**
 * How long a sign-up that creates an account usually takes here (moving average): the answer for an
 * existing email is held back as long, so its timing does not tell the two apart. Creating the
 * account writes several rows, which costs more than the lookup that finds an existing one.
 */
class TypicalDuration {
  private average: number | undefined;

  record(ms: number) {
    this.average = this.average === undefined ? ms : this.average * 0.8 + ms * 0.2;
  }

  async padFrom(startedAt: number) {
    const remaining = (this.average ?? 0) - (performance.now() - startedAt);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  }
}

export interface AuthRouteOptions {
  /** SMTP is configured: "Forgot password?" may email a link. */
  resetByEmail: boolean;
  /** ALLOW_SIGNUP: anyone may create an account; off, the sign-up endpoint answers 403. */
  allowSignUp: boolean;
}

export interface AuthRoutesDeps extends AuthRouteOptions {
  auth: Auth;
  sessions: SessionCache;
}

export function registerAuthRoutes(app: FastifyInstance, { auth, sessions, ...options }: AuthRoutesDeps) {
  /**
   * The sign-up answer is the same for a new and an existing email: status 200 and `{ user }` with
   * the submitted email and name. Only a new account gets its session cookie (better-auth signs it in);
   * an existing email gets a random id, no cookie, and a password hash's worth of work so the timing
   * matches. What stays visible (the cookie) is the residual of docs/decisions/009.
   */
  const signUpDuration = new TypicalDuration();
  const uniformSignUpReply = async (
    reply: FastifyReply,
    body: SignUpBody,
    response: Response,
    text: string,
    startedAt: number,
  ) => {
    let user: SignUpResponse['user'] | undefined;
    if (response.status < 400) {
      const created = JSON.parse(text) as { user: { id: string } };
      user = { id: created.user.id, email: body.email, name: body.name };
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      signUpDuration.record(performance.now() - startedAt);
    } else if (betterAuthCode(text).startsWith('USER_ALREADY_EXISTS')) {
      await (await auth.$context).password.hash(body.password);
      await signUpDuration.padFrom(startedAt);
      user = { id: crypto.randomUUID(), email: body.email, name: body.name };
    }
    if (!user) return false;
    // A boolean, not the reply: a reply is thenable, so awaiting it would yield undefined and the
    // caller would answer a second time.
    reply.status(200).send({ user } satisfies SignUpResponse);
    return true;
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const startedAt = performance.now();
    const path = request.url.split('?')[0] ?? '';
    const endpoint = `${request.method} ${path}`;
    if (!ALLOWED.has(endpoint)) {
      return reply
        .status(404)
        .send(errorBody(ERROR_CODES.notFound, `No route for ${request.method} ${path}`));
    }
    let body: unknown;
    if (request.method === 'POST') {
      const rule = BODY_RULES[endpoint];
      const checked = rule ? rule(request.body ?? {}) : { success: true as const, data: request.body ?? {} };
      if (!checked.success) return validationReply(reply, checked.error);
      body = checked.data;
    }
    if (endpoint === SIGN_UP && !options.allowSignUp) {
      return reply.status(403).send(errorBody(ERROR_CODES.forbidden, MESSAGES.signUpClosed));
    }
    if (endpoint === REQUEST_PASSWORD_RESET && !options.resetByEmail) {
      return reply.status(404).send(errorBody(ERROR_CODES.notFound, MESSAGES.resetAskAdministrator));
    }
    // Read before the call: afterwards the session may be gone or replaced. A sign-out names its user
    // too, so every instance forgets the cached session at once.
    const signedInUser =
      ENDS_OTHER_SESSIONS.has(endpoint) || endpoint === SIGN_OUT ? await app.loadSessionUser(request) : null;
    if (ENDS_OTHER_SESSIONS.has(endpoint) && !signedInUser) {
      return reply.status(401).send(errorBody(ERROR_CODES.unauthorized, MESSAGES.notSignedIn));
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
    if (signedInUser && response.status < 400) sessions.forgetUser(signedInUser.id);
    const text = await response.text();
    if (endpoint === SIGN_UP && response.status !== 429) {
      const answered = await uniformSignUpReply(reply, body as SignUpBody, response, text, startedAt);
      if (answered) return reply;
    }
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    if (response.status < 400) {
      reply.status(response.status);
      if (!text) return reply.send();
      return reply.type('application/json').send(withoutSessionToken(text));
    }
    return errorReply(reply, response, text);
  };

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', bodyLimit: 16 * 1024, handler });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/password-reset',
      { schema: { response: { 200: passwordResetOptionsSchema } } },
      async (): Promise<PasswordResetOptions> => ({ byEmail: options.resetByEmail }),
    )
    .get(
      '/api/auth-options',
      { schema: { response: { 200: authOptionsSchema } } },
      async (): Promise<AuthOptions> => ({ signUp: options.allowSignUp }),
    );
}

function betterAuthCode(text: string): string {
  try {
    return (JSON.parse(text) as { code?: string }).code ?? '';
  } catch {
    return '';
  }
}

/** better-auth's error answer in our `{ error: { code, message } }` shape and words. */
function errorReply(reply: FastifyReply, response: Response, text: string) {
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
  return reply
    .status(mapped?.status ?? response.status)
    .send(
      errorBody(
        mapped?.code ?? (code || ERROR_CODES.validation),
        mapped?.message ?? (message || MESSAGES.unexpected),
      ),
    );
}
