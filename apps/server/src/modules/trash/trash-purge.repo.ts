import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/**
 * The queries of deleting for good; batching, the order (rows before files) and the stored files
 * are trash-purge.ts's. Each takes at most one chunk of ids (DELETE_CHUNK).
 */
export const trashPurgeRepo = {
  /** Images linked from these notes. */
  async imagesOfNotes(db: Kysely<Database>, noteIds: string[]): Promise<string[]> {
    const rows = await db
      .selectFrom('note_images')
      .select('image_id')
      .where('note_id', 'in', noteIds)
      .execute();
    return rows.map((row) => row.image_id);
  },

  /** Images linked from the notes of these projects. */
  async imagesOfProjects(db: Kysely<Database>, projectIds: string[]): Promise<string[]> {
    const rows = await db
      .selectFrom('note_images as ni')
      .innerJoin('notes as n', 'n.id', 'ni.note_id')
      .select('ni.image_id')
      .where('n.project_id', 'in', projectIds)
      .execute();
    return rows.map((row) => row.image_id);
  },

  /** Deletes those of these images that no note links any more; their storage keys. */
  async deleteUnlinkedImages(db: Kysely<Database>, imageIds: string[]): Promise<string[]> {
    const gone = await db
      .deleteFrom('images')
      .where('id', 'in', imageIds)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('note_images as ni').select('ni.image_id').whereRef('ni.image_id', '=', 'images.id'),
          ),
        ),
      )
      .returning('storage_key')
      .execute();
    return gone.map((row) => row.storage_key);
  },

  async deleteNotes(db: Kysely<Database>, noteIds: string[]): Promise<void> {
    await db.deleteFrom('notes').where('id', 'in', noteIds).execute();
  },

  async deleteProjects(db: Kysely<Database>, projectIds: string[]): Promise<void> {
    await db.deleteFrom('projects').where('id', 'in', projectIds).execute();
  },

  /** Ids of projects (or notes) in Trash since before `cutoff`, a batch at a time. */
  async expired(db: Kysely<Database>, table: 'projects' | 'notes', cutoff: string, limit: number) {
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  },
};
