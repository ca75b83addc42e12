import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/time';
import type { Database } from '../../db/types';

type Executor = Kysely<Database> | Transaction<Database>;

/** The account deletion and disabling queries; what they mean for the account is user-admin.ts's. */
export const userAdminRepo = {
  /** Who inherits a shared project when its owner's account goes: its oldest other member. */
  heirOf(executor: Executor, projectId: string, userId: string) {
    return executor
      .selectFrom('project_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'u.email', 'u.name'])
      .where('m.project_id', '=', projectId)
      .where('m.user_id', '!=', userId)
      .orderBy('m.joined_at')
      .orderBy('m.user_id')
      .executeTakeFirst();
  },

  /** The projects the user owns (in Trash too), each with its note count (live and in Trash). */
  ownedWithNoteCounts(db: Kysely<Database>, userId: string) {
    return db
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
  },

  /** Notes the user wrote outside these projects. */
  async authoredOutside(db: Kysely<Database>, userId: string, projectIds: string[]): Promise<number> {
    const row = await db
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where('author_id', '=', userId)
      .$if(projectIds.length > 0, (query) => query.where('project_id', 'not in', projectIds))
      .executeTakeFirst();
    return Number(row?.c ?? 0);
  },

  async uploadedImages(db: Kysely<Database>, userId: string): Promise<number> {
    const row = await db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where('uploader_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.c ?? 0);
  },

  owned(executor: Executor, userId: string) {
    return executor
      .selectFrom('projects')
      .select(['id', 'name', 'kind', 'deleted_at'])
      .where('owner_id', '=', userId)
      .execute();
  },

  /** The heir becomes the project's owner. */
  async handOver(executor: Executor, projectId: string, heirId: string): Promise<void> {
    await executor
      .updateTable('projects')
      .set({ owner_id: heirId, updated_at: nowIso() })
      .where('id', '=', projectId)
      .execute();
    await executor
      .updateTable('project_members')
      .set({ role: 'owner' })
      .where('project_id', '=', projectId)
      .where('user_id', '=', heirId)
      .execute();
  },

  /** The account row; the foreign keys cascade to what is only theirs. */
  async deleteUser(executor: Executor, userId: string): Promise<void> {
    await executor.deleteFrom('users').where('id', '=', userId).execute();
  },

  /** Disables (or enables) an account; disabling also ends every session it has. */
  async setDisabled(db: Kysely<Database>, userId: string, disabled: boolean): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ disabled_at: disabled ? nowIso() : null })
        .where('id', '=', userId)
        .execute();
      if (disabled) await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    });
  },

  /** The CLI's user lookup by (lower-cased) email. */
  userIdByEmail(db: Kysely<Database>, email: string) {
    return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  },

  listUsers(db: Kysely<Database>) {
    return db
      .selectFrom('users')
      .select(['email', 'name', 'plan', 'plan_expires_at', 'disabled_at'])
      .orderBy('email')
      .execute();
  },
};
