import { JOIN_MESSAGES } from '@notewise/shared';
import { addressKey } from '../../../rate-limit/address-key';
import type { RateLimiter, RateLimitRule } from '../../../rate-limit/rate-limiter';

/**
 * Limits on joining by code (ADR 007, 041). A 6-digit code has a million values, so guessing must be
 * slow for every account and every address, without a global budget that strangers could exhaust to
 * lock everyone out. Every attempt counts before its code is read (parallel guesses cannot race past
 * a limit) and is given back when the code exists, so only wrong codes spend a budget.
 */
export const JOIN_LIMITS = {
  windowMs: 10 * 60 * 1000,
  /** Wrong codes per account per window; past it, joins are refused before the code is read. */
  perAccount: 10,
  /**
   * Wrong codes per address (an IPv6 client by its prefix) per window, all accounts together. Past
   * it, every account from there is refused, a colleague behind the same NAT with the right code too:
   * a fresh account must not buy a fresh guess.
   */
  perAddress: 20,
  /** Wrong codes per address per day, all accounts together: the instance-wide guessing rate. */
  perAddressPerDay: 50,
  dayMs: 24 * 60 * 60 * 1000,
} as const;

/** Counter names; tests use them to fast-forward a window. */
export const JOIN_RULES = { account: 'join-account', address: 'join-ip', addressDay: 'join-ip-day' } as const;

export interface JoinGuardOptions {
  /** RATE_LIMIT_IPV6_PREFIX */
  ipv6Prefix?: number | undefined;
  limits?: typeof JOIN_LIMITS;
}

export type JoinWait = { retryAfter: number; message: string };

export function createJoinGuard(limiter: RateLimiter, options: JoinGuardOptions = {}) {
  const limits = options.limits ?? JOIN_LIMITS;
  const perAccount: RateLimitRule = {
    name: JOIN_RULES.account,
    limit: limits.perAccount,
    windowMs: limits.windowMs,
  };
  const perAddress: RateLimitRule = {
    name: JOIN_RULES.address,
    limit: limits.perAddress,
    windowMs: limits.windowMs,
  };
  const perAddressDay: RateLimitRule = {
    name: JOIN_RULES.addressDay,
    limit: limits.perAddressPerDay,
    windowMs: limits.dayMs,
  };
  const addressOf = (ip: string) => addressKey(ip, options.ipv6Prefix);

  return {
    /** Null when this join may look at its code; the attempt is then counted against both. */
    async admit(userId: string, ip: string): Promise<JoinWait | null> {
      const account = await limiter.consume(perAccount, userId);
      if (!account.allowed) {
        return { retryAfter: account.retryAfterSeconds, message: JOIN_MESSAGES.tooManyAttempts };
      }
      const address = await limiter.consume(perAddress, addressOf(ip));
      if (!address.allowed) {
        return { retryAfter: address.retryAfterSeconds, message: JOIN_MESSAGES.tooManyAttempts };
      }
      const day = await limiter.consume(perAddressDay, addressOf(ip));
      if (!day.allowed) {
        return { retryAfter: day.retryAfterSeconds, message: JOIN_MESSAGES.tooManyFromNetwork };
      }
      return null;
    },

    /** The code existed: the attempt was no guess, so every budget gets it back. */
    async found(userId: string, ip: string) {
      await Promise.all([
        limiter.refund(perAccount, userId),
        limiter.refund(perAddress, addressOf(ip)),
        limiter.refund(perAddressDay, addressOf(ip)),
      ]);
    },
  };
}

export type JoinGuard = ReturnType<typeof createJoinGuard>;
