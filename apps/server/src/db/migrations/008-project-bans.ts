import type { Kysely } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/**
 * Members the owner removed: they cannot rejoin the project with its code (decision 008). Rows go
 * with the project or the account.
 */
export function projectBansMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('project_bans')
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('banned_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('banned_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('project_bans_pk', ['project_id', 'user_id'])
        .execute();
    },
  };
}
