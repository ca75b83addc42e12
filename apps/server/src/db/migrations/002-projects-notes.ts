import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/**
 * Projects with members (one model for personal and shared projects), notes, per-user pins, and
 * each database's own full-text index over notes (SQLite FTS5, PostgreSQL tsvector + pg_trgm).
 */
export function projectsNotesMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  const postgres = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('projects')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('color', 'text', (c) => c.notNull().defaultTo('blue'))
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('personal'))
        .addColumn('share_code', 'text', (c) => c.unique())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('project_members')
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('color', 'text')
        .addColumn('joined_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('project_members_user_idx')
        .on('project_members')
        .columns(['user_id', 'project_id'])
        .execute();

      // SQLite: an INTEGER PRIMARY KEY gives FTS5 a stable rowid to point at (a plain rowid may be
      // renumbered by VACUUM); the public id stays the text UUID.
      let notes = db.schema.createTable('notes');
      notes = postgres
        ? notes.addColumn('id', 'text', (c) => c.primaryKey())
        : notes
            .addColumn('seq', 'integer', (c) => c.primaryKey())
            .addColumn('id', 'text', (c) => c.notNull().unique());
      await notes
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('plain_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('ydoc', postgres ? 'bytea' : 'blob')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notes_project_updated_idx')
        .on('notes')
        .columns(['project_id', 'updated_at'])
        .execute();

      await db.schema
        .createTable('pins')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('note_id', 'text', (c) => c.notNull().references('notes.id').onDelete('cascade'))
        .addColumn('pinned_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('pins_pk', ['user_id', 'note_id'])
        .execute();
      await db.schema.createIndex('pins_note_idx').on('pins').column('note_id').execute();

      if (postgres) {
        await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
        await sql`ALTER TABLE notes ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
            setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
            setweight(to_tsvector('simple', coalesce(tags, '')), 'A') ||
            setweight(to_tsvector('simple', coalesce(plain_text, '')), 'B')
          ) STORED`.execute(db);
        await sql`CREATE INDEX notes_search_idx ON notes USING gin (search_vector)`.execute(db);
        await sql`CREATE INDEX notes_title_trgm_idx ON notes USING gin (lower(title) public.gin_trgm_ops)`.execute(
          db,
        );
      } else {
        await sql`CREATE VIRTUAL TABLE notes_fts USING fts5(
            title, plain_text, tags, content='notes', content_rowid='seq', tokenize='unicode61 remove_diacritics 2'
          )`.execute(db);
        await sql`CREATE TRIGGER notes_fts_insert AFTER INSERT ON notes BEGIN
            INSERT INTO notes_fts(rowid, title, plain_text, tags) VALUES (new.seq, new.title, new.plain_text, new.tags);
          END`.execute(db);
        await sql`CREATE TRIGGER notes_fts_delete AFTER DELETE ON notes BEGIN
            INSERT INTO notes_fts(notes_fts, rowid, title, plain_text, tags)
              VALUES ('delete', old.seq, old.title, old.plain_text, old.tags);
          END`.execute(db);
        await sql`CREATE TRIGGER notes_fts_update AFTER UPDATE OF title, plain_text, tags ON notes BEGIN
            INSERT INTO notes_fts(notes_fts, rowid, title, plain_text, tags)
              VALUES ('delete', old.seq, old.title, old.plain_text, old.tags);
            INSERT INTO notes_fts(rowid, title, plain_text, tags) VALUES (new.seq, new.title, new.plain_text, new.tags);
          END`.execute(db);
      }
    },
  };
}
