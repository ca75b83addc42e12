import crypto from 'node:crypto';
import type { AiAction, AiJob } from '@notewise/shared';
import type { Kysely } from 'kysely';
import { nowIso, toIso } from '../../db/time';
import type { AiJobsTable, Database } from '../../db/types';

/** Jobs kept per user: the newest matter (a reload shows the latest); older ones are pruned on create. */
export const AI_JOBS_KEPT_PER_USER = 20;

type JobRow = Pick<AiJobsTable, 'id' | 'action' | 'language' | 'status' | 'output' | 'error' | 'updated_at'>;

function toJob(row: JobRow): AiJob {
  return {
    id: row.id,
    action: row.action,
    language: row.language,
    status: row.status,
    output: row.output,
    error: row.error,
    updatedAt: toIso(row.updated_at),
  };
}

const COLUMNS = ['id', 'action', 'language', 'status', 'output', 'error', 'updated_at'] as const;

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

    /** The job the user started last (a reload shows its result, its failure or that it still runs). */
    async latest(userId: string): Promise<AiJob | undefined> {
      const row = await db
        .selectFrom('ai_jobs')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('updated_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toJob(row) : undefined;
    },

    /** Only the owner's jobs: another user's id reads as missing. */
    async find(userId: string, id: string): Promise<AiJob | undefined> {
      const row = await db
        .selectFrom('ai_jobs')
        .select(COLUMNS)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? toJob(row) : undefined;
    },
  };
}

export type AiJobsRepo = ReturnType<typeof createAiJobsRepo>;
