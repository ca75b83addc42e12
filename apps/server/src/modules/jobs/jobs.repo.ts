import type { Kysely, Selectable } from 'kysely';
import type { BackgroundJobsTable, Database } from '../../db/types';

export type JobRow = Selectable<BackgroundJobsTable>;

export const UNFINISHED = ['queued', 'running'] as const;
const FINISHED = ['done', 'failed'] as const;

/** The `background_jobs` queries; the rules (who runs what, when a job is abandoned) are the service's. */
export function createJobsRepo(db: Kysely<Database>) {
  return {
    async insert(row: JobRow): Promise<void> {
      await db.insertInto('background_jobs').values(row).execute();
    },

    /** Keeps the unfinished ones of these jobs fresh (their process is alive). */
    async touch(ids: string[], at: string): Promise<void> {
      await db
        .updateTable('background_jobs')
        .set({ updated_at: at })
        .where('id', 'in', ids)
        .where('status', 'in', UNFINISHED)
        .execute();
    },

    /** Progress of an unfinished job. */
    async progress(
      id: string,
      set: { progress_done: number; progress_total?: number | null; updated_at: string },
    ) {
      await db
        .updateTable('background_jobs')
        .set(set)
        .where('id', '=', id)
        .where('status', 'in', UNFINISHED)
        .execute();
    },

    /**
     * Marks an unfinished job failed, only if its row is still as it was read (`updatedAt`): another
     * process that touched it meanwhile is alive. True when it was marked.
     */
    async failIfUnchanged(
      id: string,
      updatedAt: JobRow['updated_at'],
      set: { error: string; updated_at: string; expires_at: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('background_jobs')
        .set({ status: 'failed', ...set })
        .where('id', '=', id)
        .where('status', 'in', UNFINISHED)
        .where('updated_at', '=', updatedAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async end(
      id: string,
      set: {
        status: 'done' | 'failed';
        result?: string;
        error?: string;
        updated_at: string;
        expires_at: string;
      },
    ): Promise<void> {
      await db.updateTable('background_jobs').set(set).where('id', '=', id).execute();
    },

    async byIds(ids: string[]): Promise<JobRow[]> {
      return (await db
        .selectFrom('background_jobs')
        .selectAll()
        .where('id', 'in', ids)
        .execute()) as JobRow[];
    },

    async forOwner(userId: string, id: string): Promise<JobRow | undefined> {
      return (await db
        .selectFrom('background_jobs')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()) as JobRow | undefined;
    },

    /** The user's unexpired jobs (of one kind), newest first. */
    async recent(userId: string, now: string, query: { kind?: string; limit: number }): Promise<JobRow[]> {
      let select = db
        .selectFrom('background_jobs')
        .selectAll()
        .where('user_id', '=', userId)
        .where('expires_at', '>', now);
      if (query.kind) select = select.where('kind', '=', query.kind);
      return (await select
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit)
        .execute()) as JobRow[];
    },

    async unfinished(): Promise<JobRow[]> {
      return (await db
        .selectFrom('background_jobs')
        .selectAll()
        .where('status', 'in', UNFINISHED)
        .execute()) as JobRow[];
    },

    /** Finished jobs past their expiry, a batch at a time. */
    async expired(now: string, limit: number): Promise<JobRow[]> {
      return (await db
        .selectFrom('background_jobs')
        .selectAll()
        .where('status', 'in', FINISHED)
        .where('expires_at', '<', now)
        .limit(limit)
        .execute()) as JobRow[];
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('background_jobs').where('id', '=', id).execute();
    },
  };
}
