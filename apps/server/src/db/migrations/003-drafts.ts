import type { Kysely } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/** The drafts of docs/product.md §3 (current_input): one draft per user and kind, saved while typing, restored after a reload. */
export function draftsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('drafts')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('note_id', 'text')
        .addColumn('project_id', 'text')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('drafts_pk', ['user_id', 'kind'])
        .execute();
    },
  };
}
