import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/** The session layer's own queries (better-auth reads and writes sessions itself). */
export const sessionRepo = {
  /** Stores an expired PRO trial as FREE (only if it is still PRO). */
  async expireTrial(db: Kysely<Database>, userId: string): Promise<void> {
    await db
      .updateTable('users')
      .set({ plan: 'FREE' })
      .where('id', '=', userId)
      .where('plan', '=', 'PRO')
      .execute();
  },

  /** One session (by token) and its user as stored now: the session cache's re-check (decision 084). */
  standingOf(db: Kysely<Database>, token: string) {
    return db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.expires_at',
        'u.id as user_id',
        'u.email',
        'u.name',
        'u.image',
        'u.created_at',
        'u.plan',
        'u.plan_expires_at',
      ])
      .where('s.token', '=', token)
      .executeTakeFirst();
  },

  /** The sessions of these tokens with their users' plans. */
  byTokens(db: Kysely<Database>, tokens: string[]) {
    return db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.token', 's.expires_at', 'u.id as user_id', 'u.plan', 'u.plan_expires_at'])
      .where('s.token', 'in', tokens)
      .execute();
  },
};
