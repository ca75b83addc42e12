import type { Kysely } from 'kysely';

/**
 * Offline queue idempotency (decision 024): a note created from a queued offline capture carries the
 * id its browser generated. One per author: a replay of the same request finds the note it made
 * instead of creating a second one. NULL for every other note (both engines allow many NULLs).
 */
export function noteClientIdsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('notes').addColumn('client_id', 'text').execute();
      await db.schema
        .createIndex('notes_author_client_id_idx')
        .unique()
        .on('notes')
        .columns(['author_id', 'client_id'])
        .execute();
    },
  };
}
