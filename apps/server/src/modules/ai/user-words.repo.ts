import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** The reads behind a user's own words: the notes they wrote, not in Trash. */
export function createUserWordsRepo(db: Kysely<Database>) {
  return {
    /** Count, summed versions and newest update: changes whenever any of those notes changes. */
    notesVersion(userId: string) {
      return db
        .selectFrom('notes')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.sum<number | string>('version').as('edits'),
          eb.fn.max('updated_at').as('newest'),
        ])
        .where('author_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** One page of those notes' text, by id after `after`. */
    notesPage(userId: string, after: string, limit: number) {
      return db
        .selectFrom('notes')
        .select(['id', 'title', 'plain_text', 'tags'])
        .where('author_id', '=', userId)
        .where('deleted_at', 'is', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}
