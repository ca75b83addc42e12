import type { Kysely } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/** Join attempts, kept to rate-limit code guessing per account, per IP and globally across restarts. */
export function sharingMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('join_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('success', t.boolean, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('join_attempts_created_idx')
        .on('join_attempts')
        .column('created_at')
        .execute();
      await db.schema
        .createIndex('join_attempts_user_idx')
        .on('join_attempts')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('join_attempts_ip_idx')
        .on('join_attempts')
        .columns(['ip', 'created_at'])
        .execute();
    },
  };
}
