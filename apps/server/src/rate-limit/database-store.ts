import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types';
import type { RateLimitStore, WindowCount } from './store';

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * Counters in the `rate_limit_counters` table (SQLite or PostgreSQL): the embedded default, and a
 * restart does not hand anyone a fresh budget. One upsert per hit keeps the increment atomic.
 */
export function createDatabaseRateLimitStore(
  db: Kysely<Database>,
  now: () => number = Date.now,
): RateLimitStore {
  let lastPrune = now();
  const pruneNow = async () => {
    lastPrune = now();
    await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', lastPrune).execute();
  };
  const pruneSometimes = () => {
    if (now() - lastPrune < PRUNE_EVERY_MS) return;
    // Expired rows are ignored by every read; clearing them only keeps the table small.
    void pruneNow().catch(() => {});
  };
  const toCount = (row: { count: number; expires_at: number }): WindowCount => ({
    count: Number(row.count),
    resetAt: Number(row.expires_at),
  });

  return {
    kind: 'database',

    async increment(key, windowMs) {
      pruneSometimes();
      const at = now();
      const expired = sql<boolean>`rate_limit_counters.expires_at <= ${at}`;
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ key, count: 1, expires_at: at + windowMs })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when ${expired} then 1 else rate_limit_counters.count + 1 end`,
            expires_at: sql<number>`case when ${expired} then ${at + windowMs} else rate_limit_counters.expires_at end`,
          }),
        )
        .returning(['count', 'expires_at'])
        .executeTakeFirstOrThrow();
      return toCount(row);
    },

    async decrement(key) {
      await db
        .updateTable('rate_limit_counters')
        .set({ count: sql<number>`count - 1` })
        .where('key', '=', key)
        .where('expires_at', '>', now())
        .where('count', '>', 0)
        .execute();
    },

    async get(key) {
      const row = await db
        .selectFrom('rate_limit_counters')
        .select(['count', 'expires_at'])
        .where('key', '=', key)
        .where('expires_at', '>', now())
        .executeTakeFirst();
      return row ? toCount(row) : null;
    },

    async delete(key) {
      await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
    },

    close: async () => {},
  };
}
