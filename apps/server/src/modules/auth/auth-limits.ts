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

/**
 * The path as a router that decodes and forgives trailing slashes or case would see it, so a
 * spelling like `/api/auth/sign-%69n/email` can never reach sign-in around the limits.
 */
function limitedPath(request: FastifyRequest): string {
  if (request.method !== 'POST') return '';
  const raw = request.url.split('?')[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Malformed escapes: the raw path is all there is.
  }
  return decoded.replace(/\/+$/, '').toLowerCase();
}

export interface AuthLimitOptions {
  /** AUTH_RATE_LIMIT: sign-in attempts, and separately sign-ups, per IP per minute. */
  perIpPerMinute: number;
  /** Emails without the per-account limit: the demo account, whose password is published anyway. */
  exemptEmails?: readonly string[] | undefined;
}

function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .status(429)
    .header('retry-after', String(retryAfterSeconds))
    .send(errorBody(ERROR_CODES.rateLimited, MESSAGES.tooManyRequests));
}

/**
 * Limits on sign-in (per IP, then per account with a growing delay) and sign-up (per IP), in front
 * of the better-auth routes. The IP is Fastify's `request.ip`, which follows TRUST_PROXY.
 */
export function registerAuthLimits(app: FastifyInstance, limiter: RateLimiter, options: AuthLimitOptions) {
  const { perIpPerMinute } = options;
  const signInPerIp: RateLimitRule = { name: 'sign-in-ip', limit: perIpPerMinute, windowMs: MINUTE_MS };
  const signUpPerIp: RateLimitRule = { name: 'sign-up-ip', limit: perIpPerMinute, windowMs: MINUTE_MS };
  const accountAttempts: RateLimitRule = {
    name: SIGN_IN_ACCOUNT_RULE,
    limit: SIGN_IN_ACCOUNT_LIMITS.freeFailures,
    windowMs: SIGN_IN_ACCOUNT_LIMITS.failureWindowMs,
  };
  // Only read and cleared through this rule; each lock's length is set when an attempt takes it.
  const lockStanding: RateLimitRule = { name: SIGN_IN_LOCK_RULE, limit: 1, windowMs: 0 };

  const exempt = new Set(options.exemptEmails?.map(normalizeEmail));

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
    const path = limitedPath(request);
    if (path === SIGN_UP_PATH) {
      const byIp = await limiter.consume(signUpPerIp, request.ip);
      if (!byIp.allowed) return tooManyRequests(reply, byIp.retryAfterSeconds);
      return;
    }
    if (path !== SIGN_IN_PATH) return;
    const byIp = await limiter.consume(signInPerIp, request.ip);
    if (!byIp.allowed) return tooManyRequests(reply, byIp.retryAfterSeconds);
    const email = emailOf(request.body);
    if (!email || exempt.has(email)) return;
    const admitted = await admitSignIn(email);
    if (!admitted.ok) return tooManyRequests(reply, admitted.retryAfter);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || limitedPath(request) !== SIGN_IN_PATH) return payload;
    const email = emailOf(request.body);
    if (!email) return payload;
    try {
      await Promise.all([limiter.reset(accountAttempts, email), limiter.reset(lockStanding, email)]);
    } catch (error) {
      // The sign-in itself succeeded; a stale failure count only costs this user a later delay.
      request.log.warn({ err: error }, 'could not clear sign-in failures');
    }
    return payload;
  });
}
