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

/** Who inherits a shared project when its owner's account goes: its oldest other member. */
function heirOf(db: Kysely<Database>, projectId: string, userId: string) {
  return db
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'u.name'])
    .where('m.project_id', '=', projectId)
    .where('m.user_id', '!=', userId)
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .executeTakeFirst();
}

export interface UserDeletionPlan {
  /** Projects deleted with the account, with their notes (live and in Trash). */
  deletedProjects: { name: string; kind: 'personal' | 'shared'; notes: number }[];
  /** Shared projects that pass to another member, who becomes the owner. */
  handedOver: { name: string; newOwnerName: string }[];
  /** Notes they wrote in projects that stay (others' or handed over): kept, without an author. */
  notesKept: number;
  /** Pictures they uploaded into notes (removed from every note, also those that stay). */
  images: number;
  hasProfilePicture: boolean;
}

/** What `deleteUser` would do now, for the person to read before confirming (same heir rule). */
export async function planUserDeletion(db: Kysely<Database>, userId: string): Promise<UserDeletionPlan> {
  const owned = await db
    .selectFrom('projects as p')
    .select(['p.id', 'p.name', 'p.kind', 'p.deleted_at'])
    .select((eb) =>
      eb
        .selectFrom('notes as n')
        .select(eb.fn.countAll<number>().as('c'))
        .whereRef('n.project_id', '=', 'p.id')
        .as('notes'),
    )
    .where('p.owner_id', '=', userId)
    .orderBy('p.name')
    .execute();
  const plan: UserDeletionPlan = {
    deletedProjects: [],
    handedOver: [],
    notesKept: 0,
    images: 0,
    hasProfilePicture: false,
  };
  const kept: string[] = [];
  for (const project of owned) {
    const heir =
      project.kind === 'shared' && project.deleted_at === null
        ? await heirOf(db, project.id, userId)
        : undefined;
    if (heir) {
      plan.handedOver.push({ name: project.name, newOwnerName: heir.name });
      kept.push(project.id);
    } else {
      plan.deletedProjects.push({
        name: project.name,
        kind: project.kind,
        notes: Number(project.notes ?? 0),
      });
    }
  }
  const deleted = owned.filter((project) => !kept.includes(project.id)).map((project) => project.id);
  const authored = await db
    .selectFrom('notes')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('author_id', '=', userId)
    .$if(deleted.length > 0, (query) => query.where('project_id', 'not in', deleted))
    .executeTakeFirst();
  plan.notesKept = Number(authored?.c ?? 0);
  const images = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('uploader_id', '=', userId)
    .executeTakeFirst();
  plan.images = Number(images?.c ?? 0);
  plan.hasProfilePicture = (await createUploadsRepo(db).avatarKey(userId)) !== null;
  return plan;
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
      .select(['id', 'name', 'kind', 'deleted_at'])
      .where('owner_id', '=', userId)
      .execute();
    const handedOver: DeletedUser['handedOver'] = [];
    for (const project of owned) {
      // A project its owner put in Trash goes with the account: nobody inherits what was deleted.
      if (project.kind !== 'shared' || project.deleted_at !== null) continue;
      const heir = await heirOf(trx, project.id, userId);
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
