import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { ObjectStorage } from '../../storage';
import { createUploadsRepo } from '../uploads/uploads.repo';
import { userAdminRepo as repo } from './user-admin.repo';

export interface DeletedUser {
  /** Personal and shared projects deleted with the account (no other member). */
  deletedProjects: number;
  /** Shared projects handed to their oldest other member. */
  handedOver: { projectId: string; name: string; newOwnerEmail: string }[];
  /** Stored files deleted with the account: its profile picture and the note images it uploaded. */
  deletedFiles: number;
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
  const owned = await repo.ownedWithNoteCounts(db, userId);
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
        ? await repo.heirOf(db, project.id, userId)
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
  plan.notesKept = await repo.authoredOutside(db, userId, deleted);
  plan.images = await repo.uploadedImages(db, userId);
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
    const owned = await repo.owned(trx, userId);
    const handedOver: DeletedUser['handedOver'] = [];
    for (const project of owned) {
      // A project its owner put in Trash goes with the account: nobody inherits what was deleted.
      if (project.kind !== 'shared' || project.deleted_at !== null) continue;
      const heir = await repo.heirOf(trx, project.id, userId);
      if (!heir) continue;
      await repo.handOver(trx, project.id, heir.user_id);
      handedOver.push({ projectId: project.id, name: project.name, newOwnerEmail: heir.email });
    }
    await repo.deleteUser(trx, userId);
    return { deletedProjects: owned.length - handedOver.length, handedOver };
  });
  for (const key of files) await storage.delete(key);
  return { ...deleted, deletedFiles: files.length };
}

/** Disables (or enables) an account; disabling also ends every session it has. */
export function setUserDisabled(db: Kysely<Database>, userId: string, disabled: boolean): Promise<void> {
  return repo.setDisabled(db, userId, disabled);
}
