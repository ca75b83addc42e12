import type { Kysely } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/** An administrator can disable an account (`npm run admin -- disable-user`): set, it cannot sign in. */
export function userDisabledMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('disabled_at', t.timestamp).execute();
    },
  };
}
