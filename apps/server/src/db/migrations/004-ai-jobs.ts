import type { Kysely } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/** The AI jobs of docs/product.md §3 (enhanced_notes): one row per AI enhancement, so a reload can show its result or its failure. */
export function aiJobsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ai_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('language', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('input', 'text', (c) => c.notNull())
        .addColumn('output', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ai_jobs_user_updated_idx')
        .on('ai_jobs')
        .columns(['user_id', 'updated_at'])
        .execute();
    },
  };
}
