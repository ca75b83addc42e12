import type { Kysely } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/**
 * The co-editing update log (decision 018): every change a client sends to a shared note is written
 * here before the server acknowledges it, and folded into notes.ydoc when the document is stored.
 * Rows go with the note.
 */
export function noteUpdatesMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  const postgres = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('note_updates')
        .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
          postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('note_id', 'text', (c) => c.notNull().references('notes.id').onDelete('cascade'))
        .addColumn('update', postgres ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('note_updates_note_idx')
        .on('note_updates')
        .columns(['note_id', 'id'])
        .execute();
    },
  };
}
