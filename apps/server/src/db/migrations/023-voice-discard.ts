import type { Kysely } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/**
 * Discarded voice calls can be restored for 30 days (decision 057): Discard sets `discarded_at`
 * instead of deleting the call; the voice module's hourly purge deletes calls discarded longer ago
 * (their turns cascade). Live lists filter on it being null.
 */
export function voiceDiscardMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('voice_calls').addColumn('discarded_at', t.timestamp).execute();
      // The purge and the "Recently discarded" list read only discarded rows.
      await db.schema
        .createIndex('voice_calls_discarded_idx')
        .on('voice_calls')
        .columns(['discarded_at', 'user_id'])
        .execute();
    },
  };
}
