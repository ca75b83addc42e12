import crypto from 'node:crypto';
import type { AiAction } from '@notewise/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time';
import type { AiJobsTable, Database } from '../../db/types';

/**
 * A record of each enhancement (its id is the stream's jobId); nothing reads it back since the unused
 * read-back endpoints went (decision 031). Jobs kept per user: older ones are pruned on create.
 */
export const AI_JOBS_KEPT_PER_USER = 20;

export function createAiJobsRepo(db: Kysely<Database>) {
  /** A PENDING job only ever changes once: to DONE or to ERROR. */
  const settle = async (id: string, changes: Partial<Pick<AiJobsTable, 'status' | 'output' | 'error'>>) => {
    await db
      .updateTable('ai_jobs')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .execute();
  };

  return {
    async create(userId: string, input: { action: AiAction; language: string | null; input: string }) {
      const id = crypto.randomUUID();
      const at = nowIso();
      await db
        .insertInto('ai_jobs')
        .values({
          id,
          user_id: userId,
          action: input.action,
          language: input.language,
          status: 'PENDING',
          input: input.input,
          output: null,
          error: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db
        .deleteFrom('ai_jobs')
        .where('user_id', '=', userId)
        .where('id', 'not in', (eb) =>
          eb
            .selectFrom('ai_jobs')
            .select('id')
            .where('user_id', '=', userId)
            .orderBy('created_at', 'desc')
            .limit(AI_JOBS_KEPT_PER_USER),
        )
        .execute();
      return id;
    },

    finish: (id: string, output: string) => settle(id, { status: 'DONE', output }),

    fail: (id: string, error: string) => settle(id, { status: 'ERROR', error }),
  };
}

export type AiJobsRepo = ReturnType<typeof createAiJobsRepo>;
