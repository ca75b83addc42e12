import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/**
 * Note history and Trash (decision 050).
 *
 * `note_versions`: what a note said at a point in time, newest per note first. A version is a whole
 * copy of the Markdown and title (not a diff), so reading or restoring one never needs the others and
 * pruning can drop any of them. `author_ids` is a JSON array: one id for an edit, several for a
 * co-editing window. `sealed` ends coalescing: a sealed version is never overwritten by the next save.
 * `size` is the bytes it costs (title + content), summed for the per-account budget. Rows go with
 * the note when it is deleted for good.
 *
 * Trash is a mark, not a move: `deleted_at` on notes and projects. A trashed row keeps its id, project,
 * pins, images, versions and co-editing state, so a restore is one update. `deleted_with_project`
 * tells the notes a project took with it (restored with the project) from notes deleted on their own.
 */
export function historyTrashMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('note_versions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('note_id', 'text', (c) => c.notNull().references('notes.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('author_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('sealed', t.boolean, (c) => c.notNull().defaultTo(t.false))
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('note_versions_note_idx')
        .on('note_versions')
        .columns(['note_id', 'created_at', 'id'])
        .execute();
      // Pruning walks versions older than a day, oldest first.
      await db.schema
        .createIndex('note_versions_created_idx')
        .on('note_versions')
        .column('created_at')
        .execute();

      await db.schema.alterTable('notes').addColumn('deleted_at', t.timestamp).execute();
      await db.schema
        .alterTable('notes')
        .addColumn('deleted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .alterTable('notes')
        .addColumn('deleted_with_project', t.boolean, (c) => c.notNull().defaultTo(t.false))
        .execute();
      // Trash lists and the purge read only trashed rows: a partial index keeps them off the live lists.
      await db.schema
        .createIndex('notes_trash_idx')
        .on('notes')
        .columns(['project_id', 'deleted_at', 'id'])
        .where(sql.ref('deleted_at'), 'is not', null)
        .execute();

      await db.schema.alterTable('projects').addColumn('deleted_at', t.timestamp).execute();
      await db.schema
        .alterTable('projects')
        .addColumn('deleted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('projects_trash_idx')
        .on('projects')
        .columns(['owner_id', 'deleted_at', 'id'])
        .where(sql.ref('deleted_at'), 'is not', null)
        .execute();
    },
  };
}
