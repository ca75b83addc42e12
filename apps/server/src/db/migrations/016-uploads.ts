import type { Kysely } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/**
 * Uploaded images (decision 021). users.avatar_key names the stored profile picture (users.image
 * keeps its URL); `images` are note images, owned by their uploader; `note_images` links an image to
 * the notes that show it, which is what lets the notes' readers see it.
 */
export function uploadsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('avatar_key', 'text').execute();

      await db.schema
        .createTable('images')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('uploader_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('images_uploader_idx').on('images').column('uploader_id').execute();

      await db.schema
        .createTable('note_images')
        .addColumn('note_id', 'text', (c) => c.notNull().references('notes.id').onDelete('cascade'))
        .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('note_images_pk', ['note_id', 'image_id'])
        .execute();
      await db.schema.createIndex('note_images_image_idx').on('note_images').column('image_id').execute();
    },
  };
}
