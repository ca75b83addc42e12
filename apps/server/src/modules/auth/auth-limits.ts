import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimited } from '../../http/errors';
import { addressKey } from '../../rate-limit/address-key';
import type { RateLimiter, RateLimitRule } from '../../rate-limit/rate-limiter';
import { createSignInLock, deviceCookie, deviceIdFrom, newDeviceId } from './sign-in-lock';

const SIGN_IN_PATH = '/api/auth/sign-in/email';
const SIGN_UP_PATH = '/api/auth/sign-up/email';
const RESET_REQUEST_PATH = '/api/auth/request-password-reset';
const RESET_PATH = '/api/auth/reset-password';
const MINUTE_MS = 60_000;
/**
 * Reset emails one address may be sent per hour, whoever asks from wherever: a reset request cannot
 * be turned into a flood of mail at someone else's inbox.
 */
export const RESET_EMAILS_PER_HOUR = 3;

export {
  SIGN_IN_ACCOUNT_LIMITS,
  SIGN_IN_ACCOUNT_RULE,
  SIGN_IN_LOCK_RULE,
  SIGN_IN_LOCKS_TAKEN_RULE,
  signInDelayMs,
} from './sign-in-lock';

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
  /** RATE_LIMIT_IPV6_PREFIX: an IPv6 client counts by this prefix (addressKey). */
  ipv6Prefix?: number | undefined;
  /** The device cookie is Secure when the app is served over https (as the session cookie). */
  secureCookies?: boolean | undefined;
}

/**
 * Limits on sign-in (per IP, then per account with a growing delay), sign-up (per IP) and password
 * resets (per IP, and reset emails per address per hour), in front of the better-auth routes. The IP is Fastify's `request.ip`, which follows TRUST_PROXY.
 */
export function registerAuthLimits(app: FastifyInstance, limiter: RateLimiter, options: AuthLimitOptions) {
  const { perIpPerMinute } = options;
  const signInPerIp: RateLimitRule = { name: 'sign-in-ip', limit: perIpPerMinute, windowMs: MINUTE_MS };
  const signUpPerIp: RateLimitRule = { name: 'sign-up-ip', limit: perIpPerMinute, windowMs: MINUTE_MS };
  const resetPerIp: RateLimitRule = { name: 'password-reset-ip', limit: perIpPerMinute, windowMs: MINUTE_MS };
  const resetPerEmail: RateLimitRule = {
    name: 'password-reset-email',
    limit: RESET_EMAILS_PER_HOUR,
    windowMs: 60 * MINUTE_MS,
  };
  const lock = createSignInLock(limiter);
  const exempt = new Set(options.exemptEmails?.map(normalizeEmail));
  const addressOf = (request: FastifyRequest) => addressKey(request.ip, options.ipv6Prefix);

  app.addHook('preHandler', async (request, reply) => {
    const path = limitedPath(request);
    if (path === SIGN_UP_PATH) {
      const byIp = await limiter.consume(signUpPerIp, addressOf(request));
      if (!byIp.allowed) throw rateLimited(reply, byIp.retryAfterSeconds);
      return;
    }
    if (path === RESET_REQUEST_PATH || path === RESET_PATH) {
      const byIp = await limiter.consume(resetPerIp, addressOf(request));
      if (!byIp.allowed) throw rateLimited(reply, byIp.retryAfterSeconds);
      const email = path === RESET_REQUEST_PATH ? emailOf(request.body) : undefined;
      if (!email) return;
      const byEmail = await limiter.consume(resetPerEmail, email);
      if (!byEmail.allowed) throw rateLimited(reply, byEmail.retryAfterSeconds);
      return;
    }
    if (path !== SIGN_IN_PATH) return;
    const byIp = await limiter.consume(signInPerIp, addressOf(request));
    if (!byIp.allowed) throw rateLimited(reply, byIp.retryAfterSeconds);
    const email = emailOf(request.body);
    if (!email || exempt.has(email)) return;
    const admitted = await lock.admit(email, addressOf(request), deviceIdFrom(request.headers.cookie));
    if (!admitted.ok) throw rateLimited(reply, admitted.retryAfter);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || limitedPath(request) !== SIGN_IN_PATH) return payload;
    const email = emailOf(request.body);
    if (!email) return payload;
    const device = deviceIdFrom(request.headers.cookie) ?? newDeviceId();
    // Set again on every success, so a device in use stays known for the cookie's whole lifetime.
    reply.header('set-cookie', deviceCookie(device, options.secureCookies ?? false));
    try {
      await lock.succeeded(email, addressOf(request), device);
    } catch (error) {
      // The sign-in itself succeeded; a stale failure count only costs this user a later delay.
      request.log.warn({ err: error }, 'could not record the successful sign-in');
    }
    return payload;
  });
}
