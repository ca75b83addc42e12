import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time';
import type { Database } from '../../db/types';

/**
 * Our own reads and writes of better-auth's tables (users, accounts, sessions, verifications):
 * better-auth runs its queries itself; these are the ones around it (demo account, disabled
 * accounts, one-time reset links, the CLI's password reset).
 */
export const authRepo = {
  /** An account's id and password hash by email, when it has a password sign-in. */
  credentialByEmail(db: Kysely<Database>, email: string) {
    return db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.user_id', 'users.id')
      .select(['users.id', 'accounts.password'])
      .where('users.email', '=', email)
      .where('accounts.provider_id', '=', 'credential')
      .executeTakeFirst();
  },

  /** Sets the password sign-in's hash; false when the account has none. */
  async setPasswordHash(db: Kysely<Database>, userId: string, hash: string): Promise<boolean> {
    const result = await db
      .updateTable('accounts')
      .set({ password: hash, updated_at: nowIso() })
      .where('user_id', '=', userId)
      .where('provider_id', '=', 'credential')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Signs the account out everywhere. */
  async endSessions(db: Kysely<Database>, userId: string): Promise<void> {
    await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  },

  /** The account's outstanding reset links (better-auth stores the user id as their value). */
  async dropVerifications(db: Kysely<Database>, userId: string): Promise<void> {
    await db.deleteFrom('verifications').where('value', '=', userId).execute();
  },

  async disabledAt(db: Kysely<Database>, userId: string): Promise<string | Date | null | undefined> {
    const row = await db
      .selectFrom('users')
      .select('disabled_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.disabled_at;
  },

  /** A plan without an end (the demo account never expires). */
  async setUnlimited(db: Kysely<Database>, userId: string): Promise<void> {
    await db
      .updateTable('users')
      .set({ plan: 'UNLIMITED', plan_expires_at: null })
      .where('id', '=', userId)
      .execute();
  },
};
