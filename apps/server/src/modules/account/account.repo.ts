import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { memberOf } from '../projects/membership.repo';

/** The account's own reads: its password sign-in, and what its data download holds. */
export function createAccountRepo(db: Kysely<Database>) {
  return {
    /** The password sign-in's hash, if the account has one. */
    async passwordHash(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('accounts')
        .select('password')
        .where('user_id', '=', userId)
        .where('provider_id', '=', 'credential')
        .executeTakeFirst();
      return row?.password ?? null;
    },

    /** Every picture a live note the user may read shows (their own and co-authors' in shared projects). */
    readableImages(userId: string) {
      return db
        .selectFrom('note_images as ni')
        .innerJoin('notes as n', 'n.id', 'ni.note_id')
        .innerJoin('project_members as m', (join) => join.on(memberOf('n.project_id', userId)))
        .innerJoin('projects as p', 'p.id', 'n.project_id')
        .innerJoin('images as i', 'i.id', 'ni.image_id')
        .select(['i.id', 'i.hash', 'i.storage_key'])
        .where('n.deleted_at', 'is', null)
        .where('p.deleted_at', 'is', null)
        .distinct()
        .orderBy('i.id')
        .execute();
    },

    /** The live notes the user may read (the data download's progress total). */
    async readableNoteCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('notes as n')
        .innerJoin('project_members as m', (join) => join.on(memberOf('n.project_id', userId)))
        .innerJoin('projects as p', 'p.id', 'n.project_id')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('n.deleted_at', 'is', null)
        .where('p.deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
