import { noteImageRefs } from '@notewise/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time';
import type { Database, ImagesTable } from '../../db/types';
import { allows } from '../projects/policy';

/** A note's Markdown may point at many images; more than this many are not linked (nor shown to others). */
const MAX_LINKED_IMAGES = 200;

export function createUploadsRepo(db: Kysely<Database>) {
  return {
    async insertImage(row: ImagesTable) {
      await db.insertInto('images').values(row).execute();
    },

    async findImage(id: string) {
      return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertLink(noteId: string, imageId: string) {
      await db
        .insertInto('note_images')
        .values({ note_id: noteId, image_id: imageId, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['note_id', 'image_id']).doNothing())
        .execute();
    },

    /** True when the user may read a note that shows the image (project policy 'read'). */
    async readableThroughNote(imageId: string, userId: string): Promise<boolean> {
      const rows = await db
        .selectFrom('note_images as ni')
        .innerJoin('notes as n', 'n.id', 'ni.note_id')
        .innerJoin('projects as p', 'p.id', 'n.project_id')
        .innerJoin('project_members as m', (join) =>
          join.onRef('m.project_id', '=', 'n.project_id').on('m.user_id', '=', userId),
        )
        .select(['p.kind', 'm.role'])
        .where('ni.image_id', '=', imageId)
        // Through a live note only: an image of a note in Trash is readable again once it is restored.
        .where('n.deleted_at', 'is', null)
        .execute();
      return rows.some((row) => allows({ role: row.role, kind: row.kind }, 'read'));
    },

    async avatarKey(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('users')
        .select('avatar_key')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.avatar_key ?? null;
    },

    async setAvatar(userId: string, key: string | null, url: string | null) {
      await db
        .updateTable('users')
        .set({ avatar_key: key, image: url, updated_at: nowIso() })
        .where('id', '=', userId)
        .execute();
    },

    /** Every stored file of the account: its picture and the note images it uploaded. */
    async storageKeysOf(userId: string): Promise<string[]> {
      const avatar = await this.avatarKey(userId);
      const images = await db
        .selectFrom('images')
        .select('storage_key')
        .where('uploader_id', '=', userId)
        .execute();
      return [...(avatar ? [avatar] : []), ...images.map((row) => row.storage_key)];
    },
  };
}

export type UploadsRepo = ReturnType<typeof createUploadsRepo>;

/**
 * Keeps note_images equal to the images the note's Markdown shows (images-contract). Called on every
 * note write path: REST create and update (notes.repo.ts) and the co-editing store (collab.ts). An
 * image is linked only when its uploader may edit the note, so pasting a stranger's image id into
 * one's own note grants nobody anything.
 */
export async function syncNoteImages(db: Kysely<Database>, noteId: string, markdown: string): Promise<void> {
  const refs = noteImageRefs(markdown).slice(0, MAX_LINKED_IMAGES);
  const hashes = new Map(refs.map((ref) => [ref.id, ref.hash]));
  const wanted = new Set<string>();
  if (refs.length > 0) {
    const rows = await db
      .selectFrom('images as i')
      .innerJoin('project_members as m', 'm.user_id', 'i.uploader_id')
      .innerJoin('projects as p', 'p.id', 'm.project_id')
      .innerJoin('notes as n', 'n.project_id', 'p.id')
      .select(['i.id', 'i.hash', 'i.uploader_id', 'm.role', 'p.kind', 'n.author_id'])
      .where('n.id', '=', noteId)
      .where('i.id', 'in', [...hashes.keys()])
      .execute();
    for (const row of rows) {
      const subject = { role: row.role, kind: row.kind, isAuthor: row.author_id === row.uploader_id };
      if (hashes.get(row.id) === row.hash && allows(subject, 'editText')) wanted.add(row.id);
    }
  }
  const existing = await db
    .selectFrom('note_images')
    .select('image_id')
    .where('note_id', '=', noteId)
    .execute();
  const have = new Set(existing.map((row) => row.image_id));
  const gone = [...have].filter((id) => !wanted.has(id));
  const added = [...wanted].filter((id) => !have.has(id));
  if (gone.length > 0) {
    await db.deleteFrom('note_images').where('note_id', '=', noteId).where('image_id', 'in', gone).execute();
  }
  if (added.length > 0) {
    const at = nowIso();
    await db
      .insertInto('note_images')
      .values(added.map((imageId) => ({ note_id: noteId, image_id: imageId, created_at: at })))
      .onConflict((oc) => oc.columns(['note_id', 'image_id']).doNothing())
      .execute();
  }
}
