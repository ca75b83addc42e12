import { ERROR_CODES, MESSAGES } from '@notewise/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../http/errors';
import type { RateLimiter, RateLimitRule } from '../../rate-limit/rate-limiter';

const SIGN_IN_PATH = '/api/auth/sign-in/email';
const SIGN_UP_PATH = '/api/auth/sign-up/email';
const MINUTE_MS = 60_000;

/**
 * Sign-in per account: the first FREE_FAILURES attempts of an email go through at once; from then on
 * each attempt starts a lock twice as long as the one before (30 s, 1 min, 2 min ... at most 15 min),
 * and while it stands the email is refused before the password is checked, whatever the IP. A
 * successful sign-in clears both. The count runs for a day from the first failure.
 */
export const SIGN_IN_ACCOUNT_LIMITS = {
  freeFailures: 5,
  failureWindowMs: 24 * 60 * MINUTE_MS,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * MINUTE_MS,
} as const;

/** Counter names; tests use them to fast-forward a lock. */
export const SIGN_IN_ACCOUNT_RULE = 'sign-in-account';
export const SIGN_IN_LOCK_RULE = 'sign-in-lock';

/** The lock that follows the `attempt`-th attempt of an email in its failure window. */
export function signInDelayMs(attempt: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = SIGN_IN_ACCOUNT_LIMITS;
  const doublings = Math.max(0, attempt - freeFailures - 1);
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(doublings, 20));
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function emailOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('email' in body)) return undefined;
  const { email } = body;
  return typeof email === 'string' && email.trim() ? normalizeEmail(email) : undefined;
}

function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .status(429)
    .header('retry-after', String(retryAfterSeconds))
    .send(errorBody(ERROR_CODES.rateLimited, MESSAGES.tooManyRequests));
}

/**
 * Limits on sign-in (per account with a growing delay, then per IP) and sign-up (per IP), in front
 * of the better-auth routes. `perIpPerMinute` is AUTH_RATE_LIMIT: attempts per IP per minute, for
 * sign-in and sign-up separately. The IP is Fastify's `request.ip`, which follows TRUST_PROXY.
 */
export function registerAuthLimits(app: FastifyInstance, limiter: RateLimiter, perIpPerMinute: number) {
  const signInPerIp: RateLimitRule = { name: 'sign-in-ip', limit: perIpPerMinute, windowMs: MINUTE_MS };
  const signUpPerIp: RateLimitRule = { name: 'sign-up-ip', limit: perIpPerMinute, windowMs: MINUTE_MS };
  const accountAttempts: RateLimitRule = {
    name: SIGN_IN_ACCOUNT_RULE,
    limit: SIGN_IN_ACCOUNT_LIMITS.freeFailures,
    windowMs: SIGN_IN_ACCOUNT_LIMITS.failureWindowMs,
  };
  const lockStanding: RateLimitRule = { name: SIGN_IN_LOCK_RULE, limit: 1, windowMs: 0 };

  const pathOf = (request: FastifyRequest) => (request.method === 'POST' ? request.url.split('?')[0] : '');

  /** Whether this sign-in may check its password; the attempt is counted before, so bursts cannot race. */
  const admitSignIn = async (email: string): Promise<{ ok: true } | { ok: false; retryAfter: number }> => {
    const lock = await limiter.check(lockStanding, email);
    if (!lock.allowed) return { ok: false, retryAfter: lock.retryAfterSeconds };
    const attempts = await limiter.consume(accountAttempts, email);
    if (attempts.allowed) return { ok: true };
    // Past the free attempts: this one goes through only if it is first to take the next lock.
    const slot = await limiter.consume(
      { name: SIGN_IN_LOCK_RULE, limit: 1, windowMs: signInDelayMs(attempts.count) },
      email,
    );
    return slot.allowed ? { ok: true } : { ok: false, retryAfter: slot.retryAfterSeconds };
  };

  app.addHook('preHandler', async (request, reply) => {
    const path = pathOf(request);
    if (path === SIGN_UP_PATH) {
      const byIp = await limiter.consume(signUpPerIp, request.ip);
      if (!byIp.allowed) return tooManyRequests(reply, byIp.retryAfterSeconds);
      return;
    }
    if (path !== SIGN_IN_PATH) return;
    const byIp = await limiter.consume(signInPerIp, request.ip);
    if (!byIp.allowed) return tooManyRequests(reply, byIp.retryAfterSeconds);
    const email = emailOf(request.body);
    if (!email) return;
    const admitted = await admitSignIn(email);
    if (!admitted.ok) return tooManyRequests(reply, admitted.retryAfter);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || pathOf(request) !== SIGN_IN_PATH) return payload;
    const email = emailOf(request.body);
    if (email) await Promise.all([limiter.reset(accountAttempts, email), limiter.reset(lockStanding, email)]);
    return payload;
  });
}
