import type { Kysely } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/**
 * When the account finished or skipped the guided tutorial (decision 019), so a second browser does
 * not offer it again. Null: never finished; a restart from Help or Settings clears it.
 */
export function tutorialStateMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('user_prefs').addColumn('tutorial_completed_at', t.timestamp).execute();
    },
  };
}
