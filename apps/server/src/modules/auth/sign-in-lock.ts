import crypto from 'node:crypto';
import type { RateLimiter, RateLimitRule } from '../../rate-limit/rate-limiter';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Sign-in per account (ADR 007, 041): the first FREE_FAILURES attempts of a window go through at
 * once; from then on each attempt starts a lock twice as long as the one before (30 s, 1 min, 2 min
 * ... at most 15 min), and while it stands the email is refused before the password is checked,
 * whatever the IP. The account-wide locks of one window add up to at most `maxTotalLockMs`; past that
 * the account is limited per address instead, so a stranger cannot keep its owner out all day. A
 * device that signed in to the account before has a window of its own that strangers cannot touch.
 */
export const SIGN_IN_ACCOUNT_LIMITS = {
  freeFailures: 5,
  failureWindowMs: DAY_MS,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * MINUTE_MS,
  maxTotalLockMs: 60 * MINUTE_MS,
  /** How long a device stays known to an account after its last successful sign-in. */
  deviceMs: 365 * DAY_MS,
} as const;

/** Counter names; tests use them to fast-forward a lock. */
export const SIGN_IN_ACCOUNT_RULE = 'sign-in-account';
export const SIGN_IN_LOCK_RULE = 'sign-in-lock';
export const SIGN_IN_LOCKS_TAKEN_RULE = 'sign-in-locks-taken';
const KNOWN_DEVICE_RULE = 'sign-in-device';

/** The `n`-th lock of a window (1-based), before any cap. */
function nthLockMs(n: number): number {
  const { firstDelayMs, maxDelayMs } = SIGN_IN_ACCOUNT_LIMITS;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(Math.max(0, n - 1), 20));
}

/** The lock that follows the `attempt`-th attempt of an email in its failure window (one at a time). */
export function signInDelayMs(attempt: number): number {
  return nthLockMs(attempt - SIGN_IN_ACCOUNT_LIMITS.freeFailures);
}

/** The `n`-th account-wide lock, cut so the window's locks add up to at most `maxTotalLockMs`; 0 once spent. */
export function cappedLockMs(n: number): number {
  let before = 0;
  for (let k = 1; k < n && before < SIGN_IN_ACCOUNT_LIMITS.maxTotalLockMs; k++) before += nthLockMs(k);
  return Math.max(0, Math.min(nthLockMs(n), SIGN_IN_ACCOUNT_LIMITS.maxTotalLockMs - before));
}

export type Admission = { ok: true } | { ok: false; retryAfter: number };

/**
 * One window of sign-in attempts and locks per subject: the account (the email), a known device of
 * it, or, once the account's lock budget is spent, one address trying it. Lengths follow the number of
 * locks taken, not of attempts, so a refused burst cannot spend the account's lock budget early.
 */
export function createSignInLock(limiter: RateLimiter) {
  const { freeFailures, failureWindowMs } = SIGN_IN_ACCOUNT_LIMITS;
  const attempts: RateLimitRule = {
    name: SIGN_IN_ACCOUNT_RULE,
    limit: freeFailures,
    windowMs: failureWindowMs,
  };
  // Only read and cleared through this rule; each lock's length is set when an attempt takes it.
  const standing: RateLimitRule = { name: SIGN_IN_LOCK_RULE, limit: 1, windowMs: 0 };
  const locksTaken: RateLimitRule = {
    name: SIGN_IN_LOCKS_TAKEN_RULE,
    limit: Number.MAX_SAFE_INTEGER,
    windowMs: failureWindowMs,
  };
  const knownDevice: RateLimitRule = {
    name: KNOWN_DEVICE_RULE,
    limit: Number.MAX_SAFE_INTEGER,
    windowMs: SIGN_IN_ACCOUNT_LIMITS.deviceMs,
  };

  /** Counts the attempt before the password is checked, so bursts cannot race; 'spent' past the cap. */
  const admit = async (subject: string, capped: boolean): Promise<Admission | 'spent'> => {
    const lock = await limiter.check(standing, subject);
    if (!lock.allowed) return { ok: false, retryAfter: lock.retryAfterSeconds };
    const counted = await limiter.consume(attempts, subject);
    if (counted.allowed) return { ok: true };
    const next = (await limiter.check(locksTaken, subject)).count + 1;
    const lockMs = capped ? cappedLockMs(next) : nthLockMs(next);
    if (lockMs === 0) return 'spent';
    // Past the free attempts: this one goes through only if it is first to take the next lock.
    const slot = await limiter.consume({ name: SIGN_IN_LOCK_RULE, limit: 1, windowMs: lockMs }, subject);
    if (!slot.allowed) return { ok: false, retryAfter: slot.retryAfterSeconds };
    await limiter.consume(locksTaken, subject);
    return { ok: true };
  };

  const deviceSubject = (email: string, device: string) => `${email}\ndevice:${device}`;
  const addressSubject = (email: string, address: string) => `${email}\naddress:${address}`;

  return {
    /** Whether this sign-in may check its password. */
    async admit(email: string, address: string, device: string | undefined): Promise<Admission> {
      if (device && (await limiter.check(knownDevice, deviceSubject(email, device))).count > 0) {
        return (await admit(deviceSubject(email, device), false)) as Admission;
      }
      const account = await admit(email, true);
      if (account !== 'spent') return account;
      return (await admit(addressSubject(email, address), false)) as Admission;
    },

    /**
     * A successful sign-in: its failures are forgiven and the device becomes (or stays) known. The
     * count of account-wide locks taken stays, so the lock budget is per window, not per success.
     */
    async succeeded(email: string, address: string, device: string) {
      const own = [deviceSubject(email, device), addressSubject(email, address)];
      await Promise.all([
        ...[email, ...own].flatMap((subject) => [
          limiter.reset(attempts, subject),
          limiter.reset(standing, subject),
        ]),
        ...own.map((subject) => limiter.reset(locksTaken, subject)),
      ]);
      await limiter.reset(knownDevice, deviceSubject(email, device));
      await limiter.consume(knownDevice, deviceSubject(email, device));
    },
  };
}

export const DEVICE_COOKIE = 'notewise.device';
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

export function newDeviceId(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The device id from a Cookie header, if it holds a well-formed one. */
export function deviceIdFrom(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== DEVICE_COOKIE) continue;
    const id = value.join('=');
    if (DEVICE_ID.test(id)) return id;
  }
  return undefined;
}

/** Sent only to the auth routes; the browser keeps it as long as the server remembers the device. */
export function deviceCookie(id: string, secure: boolean): string {
  const maxAge = Math.floor(SIGN_IN_ACCOUNT_LIMITS.deviceMs / 1000);
  return `${DEVICE_COOKIE}=${id}; Path=/api/auth; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
