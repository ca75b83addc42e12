import type { Kysely } from 'kysely';

/**
 * Operations bookkeeping (decision 045). `instance_heartbeats`: one row per running server, renewed
 * every few seconds, so a PostgreSQL restore can tell that instances are serving. `backup_runs`: one
 * row per scheduled backup slot; the instance whose insert wins runs it, and the last success is
 * what /metrics reports. Times are milliseconds since the epoch.
 */
export function operationsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('instance_heartbeats')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('pid', 'integer', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('beat_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('backup_runs')
        .addColumn('slot', 'text', (c) => c.primaryKey())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('ok', 'integer')
        .addColumn('detail', 'text')
        .execute();
    },
  };
}
