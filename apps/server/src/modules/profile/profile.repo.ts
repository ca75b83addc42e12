import type { Plan } from '@notewise/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time';
import type { Database } from '../../db/types';

export function createProfileRepo(db: Kysely<Database>) {
  return {
    async updateName(userId: string, name: string) {
      await db.updateTable('users').set({ name, updated_at: nowIso() }).where('id', '=', userId).execute();
    },

    async getLastPage(userId: string) {
      return db
        .selectFrom('user_prefs')
        .select(['last_path', 'last_title'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async saveLastPage(userId: string, path: string, title: string) {
      const updatedAt = nowIso();
      await db
        .insertInto('user_prefs')
        .values({ user_id: userId, last_path: path, last_title: title, updated_at: updatedAt })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ last_path: path, last_title: title, updated_at: updatedAt }),
        )
        .execute();
    },

    async getTutorialCompletedAt(userId: string) {
      const row = await db
        .selectFrom('user_prefs')
        .select('tutorial_completed_at')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.tutorial_completed_at ?? null;
    },

    /** Sets (finished or skipped) or clears (restarted) the tutorial's completion; returns the stored value. */
    async setTutorialCompleted(userId: string, completed: boolean) {
      const completedAt = completed ? nowIso() : null;
      const updatedAt = nowIso();
      await db
        .insertInto('user_prefs')
        .values({ user_id: userId, tutorial_completed_at: completedAt, updated_at: updatedAt })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ tutorial_completed_at: completedAt, updated_at: updatedAt }),
        )
        .execute();
      return completedAt;
    },

    /** Sets an account's plan by id or (lower-cased) email; false when no account matched. */
    async setPlan(target: { userId: string } | { email: string }, plan: Plan, expiresAt: string | null) {
      const result = await db
        .updateTable('users')
        .set({ plan, plan_expires_at: expiresAt, updated_at: nowIso() })
        .where('userId' in target ? 'id' : 'email', '=', 'userId' in target ? target.userId : target.email)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Every PRO trial that ended before `at` becomes FREE; how many. */
    async expireTrials(at: string): Promise<number> {
      const result = await db
        .updateTable('users')
        .set({ plan: 'FREE' })
        .where('plan', '=', 'PRO')
        .where('plan_expires_at', '<', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
