import type { Kysely } from 'kysely';
import type { Dialect } from '../types';

/**
 * Fixed-window counters of the server's own rate limiter (sign-in, sign-up, join by code, AI) when
 * Redis is not configured. Keys are hashed subjects; `expires_at` is milliseconds since the epoch.
 */
export function rateLimitsMigration(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_limit_counters_expires_idx')
        .on('rate_limit_counters')
        .column('expires_at')
        .execute();
    },
  };
}
