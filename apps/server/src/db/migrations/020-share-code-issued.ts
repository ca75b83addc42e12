import type { Kysely } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/**
 * Share codes expire (decision 041): each code remembers when it was made. Codes that exist already
 * count from the upgrade, so none stops working the moment the server is updated.
 */
export function shareCodeIssuedMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('projects').addColumn('share_code_issued_at', t.timestamp).execute();
      await (db as Kysely<{ projects: { share_code: string | null; share_code_issued_at: string | null } }>)
        .updateTable('projects')
        .set({ share_code_issued_at: new Date().toISOString() })
        .where('share_code', 'is not', null)
        .execute();
    },
  };
}
