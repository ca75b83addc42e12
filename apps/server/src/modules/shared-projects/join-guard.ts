import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time';
import type { Database } from '../../db/types';

/**
 * Limits on joining by code. A 6-digit code has a million values, so guessing must be slow for one
 * account, one address and everyone together. While any limit is hit, joins are refused before the
 * code is even looked at, so a lucky correct guess during a cooldown gains nothing.
 */
export const JOIN_LIMITS = {
  windowMs: 10 * 60 * 1000,
  /** Failed attempts per account per window. */
  perAccount: 10,
  /** Failed attempts per IP address per window. */
  perIp: 20,
  /** Failed attempts from everyone together per window (the global budget). */
  global: 200,
} as const;

export function createJoinGuard(db: Kysely<Database>, limits: typeof JOIN_LIMITS = JOIN_LIMITS) {
  const failuresSince = (since: string) =>
    db
      .selectFrom('join_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>', since)
      .where('success', '=', 0);

  return {
    /** Seconds to wait, or 0 when a join attempt may proceed. */
    async retryAfter(userId: string, ip: string): Promise<number> {
      const since = new Date(Date.now() - limits.windowMs).toISOString();
      const [account, address, everyone] = await Promise.all([
        failuresSince(since).where('user_id', '=', userId).executeTakeFirstOrThrow(),
        failuresSince(since).where('ip', '=', ip).executeTakeFirstOrThrow(),
        failuresSince(since).executeTakeFirstOrThrow(),
      ]);
      const limited =
        Number(account.n) >= limits.perAccount ||
        Number(address.n) >= limits.perIp ||
        Number(everyone.n) >= limits.global;
      return limited ? Math.ceil(limits.windowMs / 1000) : 0;
    },

    async record(userId: string, ip: string, success: boolean) {
      await db
        .insertInto('join_attempts')
        .values({
          id: crypto.randomUUID(),
          user_id: userId,
          ip,
          success: success ? 1 : 0,
          created_at: nowIso(),
        })
        .execute();
    },

    /** Old attempts no longer count; keep the table small. */
    async prune() {
      const before = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
      await db.deleteFrom('join_attempts').where('created_at', '<', before).execute();
    },
  };
}

export type JoinGuard = ReturnType<typeof createJoinGuard>;
