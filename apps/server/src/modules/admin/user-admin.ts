import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time';
import type { Database } from '../../db/types';
import type { ObjectStorage } from '../../storage';
import { createUploadsRepo } from '../uploads/uploads.repo';

export interface DeletedUser {
  /** Personal and shared projects deleted with the account (no other member). */
  deletedProjects: number;
  /** Shared projects handed to their oldest other member. */
  handedOver: { projectId: string; name: string; newOwnerEmail: string }[];
  /** Stored files deleted with the account: its profile picture and the note images it uploaded. */
  deletedFiles: number;
}

/**
 * Deletes an account and what is only theirs: their projects and the notes in them, memberships,
 * pins, drafts, sessions (the foreign keys cascade). A shared project they own that others belong to
 * is not deleted under its members: it goes to its oldest other member, who becomes the owner; the
 * notes the user wrote there stay, without an author.
 */
export async function deleteUser(
  db: Kysely<Database>,
  userId: string,
  storage: ObjectStorage,
): Promise<DeletedUser> {
  // Listed before the rows go; deleted after they are gone, so no row ever names a missing file.
  const files = await createUploadsRepo(db).storageKeysOf(userId);
  const deleted = await db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom('projects')
      .select(['id', 'name', 'kind'])
      .where('owner_id', '=', userId)
      .execute();
    const handedOver: DeletedUser['handedOver'] = [];
    for (const project of owned) {
      if (project.kind !== 'shared') continue;
      const heir = await trx
        .selectFrom('project_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.user_id', 'u.email'])
        .where('m.project_id', '=', project.id)
        .where('m.user_id', '!=', userId)
        .orderBy('m.joined_at')
        .orderBy('m.user_id')
        .executeTakeFirst();
      if (!heir) continue;
      await trx
        .updateTable('projects')
        .set({ owner_id: heir.user_id, updated_at: nowIso() })
        .where('id', '=', project.id)
        .execute();
      await trx
        .updateTable('project_members')
        .set({ role: 'owner' })
        .where('project_id', '=', project.id)
        .where('user_id', '=', heir.user_id)
        .execute();
      handedOver.push({ projectId: project.id, name: project.name, newOwnerEmail: heir.email });
    }
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    return { deletedProjects: owned.length - handedOver.length, handedOver };
  });
  for (const key of files) await storage.delete(key);
  return { ...deleted, deletedFiles: files.length };
}

/** Disables (or enables) an account; disabling also ends every session it has. */
export async function setUserDisabled(db: Kysely<Database>, userId: string, disabled: boolean) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ disabled_at: disabled ? nowIso() : null })
      .where('id', '=', userId)
      .execute();
    if (disabled) await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  });
}
