import type { Kysely } from 'kysely';

/**
 * Indexes for keyset pagination (decision 015): each list's sort key with its tie-breaker, so a page
 * is an index range read from the cursor on, not a sort of everything the user can see.
 * - a project's notes: (project_id, updated_at, id), read backwards; replaces (project_id, updated_at)
 * - all notes of a user: (updated_at, id), read backwards and filtered by membership
 * - a user's pins: (user_id, pinned_at, note_id)
 * - a project's members: (project_id, joined_at, user_id)
 * The same statements on SQLite and PostgreSQL (both read a b-tree in either direction).
 */
export function listIndexesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('notes_project_updated_id_idx')
        .on('notes')
        .columns(['project_id', 'updated_at', 'id'])
        .execute();
      await db.schema.dropIndex('notes_project_updated_idx').execute();
      await db.schema.createIndex('notes_updated_id_idx').on('notes').columns(['updated_at', 'id']).execute();
      await db.schema
        .createIndex('pins_user_pinned_idx')
        .on('pins')
        .columns(['user_id', 'pinned_at', 'note_id'])
        .execute();
      await db.schema
        .createIndex('project_members_joined_idx')
        .on('project_members')
        .columns(['project_id', 'joined_at', 'user_id'])
        .execute();
    },
  };
}
