import type { RateLimiter, RateLimitRule } from '../../rate-limit/rate-limiter';

/**
 * Limits on joining by code (ADR 007). A 6-digit code has a million values, so guessing must be slow
 * for every account and every address, without a global budget that strangers could exhaust to
 * lock everyone out, and without one address locking out a colleague who types the right code.
 */
export const JOIN_LIMITS = {
  windowMs: 10 * 60 * 1000,
  /** Failed attempts per account per window; past it, joins are refused before the code is read. */
  perAccount: 10,
  /**
   * Failed attempts per IP address per window (all accounts together). Past it, only accounts that
   * already failed in their own window are refused; an account with a clean record still gets its
   * attempt, so a colleague behind the same NAT who has the right code joins.
   */
  perIp: 20,
} as const;

export function createJoinGuard(limiter: RateLimiter, limits: typeof JOIN_LIMITS = JOIN_LIMITS) {
  const perAccount: RateLimitRule = {
    name: 'join-account',
    limit: limits.perAccount,
    windowMs: limits.windowMs,
  };
  const perIp: RateLimitRule = { name: 'join-ip', limit: limits.perIp, windowMs: limits.windowMs };

  return {
    /**
     * Seconds to wait, or 0 when this join may look at its code. The attempt is counted against the
     * account here, before the code is read (parallel guesses cannot race past the limit); `record`
     * gives it back when the code turns out to exist.
     */
    async retryAfter(userId: string, ip: string): Promise<number> {
      const account = await limiter.consume(perAccount, userId);
      if (!account.allowed) return account.retryAfterSeconds;
      const address = await limiter.check(perIp, ip);
      // `account.count` includes this attempt: more than one means the account is still in a window
      // with earlier failures (or parallel attempts) of its own.
      if (!address.allowed && account.count > 1) return address.retryAfterSeconds;
      return 0;
    },

    /** After the code was looked up: a miss counts against the address, a hit refunds the account. */
    async record(userId: string, ip: string, success: boolean) {
      if (success) await limiter.refund(perAccount, userId);
      else await limiter.consume(perIp, ip);
    },
  };
}

export type JoinGuard = ReturnType<typeof createJoinGuard>;
