import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/**
 * Draft slots (decision 103): the composer keeps one draft per browser tab, so the key gains `slot`
 * ('' for the draft saved without one, which every existing row becomes). A primary key cannot be
 * changed in place on SQLite: the table is rebuilt on both databases, one code path.
 */
export function draftSlotsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('drafts_slotted')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('slot', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('note_id', 'text')
        .addColumn('project_id', 'text')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('drafts_slot_pk', ['user_id', 'kind', 'slot'])
        .execute();
      await sql`INSERT INTO drafts_slotted (user_id, kind, slot, note_id, project_id, content, updated_at)
        SELECT user_id, kind, '', note_id, project_id, content, updated_at FROM drafts`.execute(db);
      await db.schema.dropTable('drafts').execute();
      await db.schema.alterTable('drafts_slotted').renameTo('drafts').execute();
    },
  };
}
