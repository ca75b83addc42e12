import crypto from 'node:crypto';
import { type BackgroundJob, JOB_MESSAGES, JOB_RETENTION_DAYS, type JobError } from '@notewise/shared';
import type { Kysely, Selectable } from 'kysely';
import { toIso } from '../../db/time';
import type { BackgroundJobsTable, Database } from '../../db/types';

const DAY_MS = 86_400_000;
/** A running job's row is touched this often by the process running it... */
const KEEPALIVE_MS = 20_000;
/** ...so one untouched for this long was left by a process that stopped (another instance's too). */
export const JOB_STALE_MS = 90_000;

/** This process, as written in the rows of the jobs it runs. */
const THIS_RUNNER = crypto.randomUUID();

const UNFINISHED = ['queued', 'running'] as const;
const FINISHED = ['done', 'failed'] as const;

export interface JobsOptions {
  /** SQLite: one server per data folder, so at start every unfinished job was interrupted. */
  singleInstance: boolean;
  /** Days a finished job is kept (default JOB_RETENTION_DAYS). */
  retentionDays?: number;
  /** Per kind: the error an interrupted job shows, from what it had done. */
  interrupted?: Partial<Record<string, (job: BackgroundJob) => JobError>>;
  /** Per kind: called before an expired job's row is deleted (e.g. delete its stored file). */
  onPurge?: Partial<Record<string, (job: BackgroundJob) => Promise<void>>>;
  /** Tests: another process's id. */
  runner?: string;
  now?: () => Date;
}

type Row = Selectable<BackgroundJobsTable>;

function parseJson<T>(text: string | null): T | null {
  if (text == null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function toJob(row: Row): BackgroundJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: {
      done: Number(row.progress_done),
      total: row.progress_total == null ? null : Number(row.progress_total),
    },
    result: parseJson(row.result),
    error: parseJson<JobError>(row.error),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    expiresAt: toIso(row.expires_at),
  };
}

/**
 * Background jobs (decision 060): a row per job in `background_jobs` with its progress and, once it
 * ends, its result or error, kept `retentionDays` and purged hourly. The process running a job keeps
 * its row fresh; a job whose process stopped is marked failed with an honest error at the next start
 * (SQLite) or once its row is stale (PostgreSQL, where other instances may be running their own),
 * and also when its owner reads it: never left "running".
 */
export function createJobs(db: Kysely<Database>, options: JobsOptions) {
  const runner = options.runner ?? THIS_RUNNER;
  const now = options.now ?? (() => new Date());
  const retentionMs = (options.retentionDays ?? JOB_RETENTION_DAYS) * DAY_MS;
  const active = new Set<string>();
  let keepalive: NodeJS.Timeout | undefined;

  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

  function keepAlive() {
    if (keepalive || active.size === 0) return;
    keepalive = setInterval(() => {
      if (active.size === 0) {
        clearInterval(keepalive);
        keepalive = undefined;
        return;
      }
      void db
        .updateTable('background_jobs')
        .set({ updated_at: iso() })
        .where('id', 'in', [...active])
        .where('status', 'in', UNFINISHED)
        .execute()
        .catch(() => {});
    }, KEEPALIVE_MS);
    keepalive.unref();
  }

  function interruptedError(job: BackgroundJob): JobError {
    const describe = options.interrupted?.[job.kind];
    return describe ? describe(job) : { code: 'INTERRUPTED', message: JOB_MESSAGES.interrupted };
  }

  /** Marks these unfinished rows failed as interrupted (each with its own message). */
  async function failRows(rows: Row[]): Promise<number> {
    let count = 0;
    for (const row of rows) {
      const job = toJob(row);
      const result = await db
        .updateTable('background_jobs')
        .set({
          status: 'failed',
          error: JSON.stringify(interruptedError(job)),
          updated_at: iso(),
          expires_at: iso(retentionMs),
        })
        .where('id', '=', row.id)
        .where('status', 'in', UNFINISHED)
        .where('updated_at', '=', row.updated_at)
        .executeTakeFirst();
      count += Number(result.numUpdatedRows);
    }
    return count;
  }

  /** Another process's unfinished job it no longer keeps fresh (or any, single instance at start). */
  const abandoned = (row: Row, atStart: boolean) =>
    (UNFINISHED as readonly string[]).includes(row.status) &&
    row.runner !== runner &&
    ((atStart && options.singleInstance) || toIso(row.updated_at) < iso(-JOB_STALE_MS));

  async function settle(rows: Row[]): Promise<BackgroundJob[]> {
    const stale = rows.filter((row) => abandoned(row, false));
    if (stale.length > 0) {
      await failRows(stale);
      const again = await db
        .selectFrom('background_jobs')
        .selectAll()
        .where(
          'id',
          'in',
          stale.map((row) => row.id),
        )
        .execute();
      const fresh = new Map(again.map((row) => [row.id, row as Row]));
      rows = rows.map((row) => fresh.get(row.id) ?? row);
    }
    return rows.map(toJob);
  }

  async function end(id: string, set: { status: 'done' | 'failed'; result?: string; error?: string }) {
    active.delete(id);
    await db
      .updateTable('background_jobs')
      .set({ ...set, updated_at: iso(), expires_at: iso(retentionMs) })
      .where('id', '=', id)
      .execute();
  }

  return {
    /** A new job of this kind for this user, running in this process. */
    async create(userId: string, kind: string, init: { total?: number | null } = {}): Promise<BackgroundJob> {
      const at = iso();
      const row = {
        id: crypto.randomUUID(),
        user_id: userId,
        kind,
        status: 'running' as const,
        progress_done: 0,
        progress_total: init.total ?? null,
        result: null,
        error: null,
        runner,
        created_at: at,
        updated_at: at,
        expires_at: iso(retentionMs),
      };
      await db.insertInto('background_jobs').values(row).execute();
      active.add(row.id);
      keepAlive();
      return toJob(row);
    },

    /** Work done so far (and the total once known). */
    async progress(id: string, done: number, total?: number | null): Promise<void> {
      await db
        .updateTable('background_jobs')
        .set({
          progress_done: done,
          ...(total !== undefined ? { progress_total: total } : {}),
          updated_at: iso(),
        })
        .where('id', '=', id)
        .where('status', 'in', UNFINISHED)
        .execute();
    },

    /** Done: the result (JSON-serializable) is kept until the job expires. */
    finish: (id: string, result: unknown) => end(id, { status: 'done', result: JSON.stringify(result) }),

    fail: (id: string, error: JobError) => end(id, { status: 'failed', error: JSON.stringify(error) }),

    /** The job if this user owns it (anyone else's id reads as not found). */
    async getForOwner(userId: string, id: string): Promise<BackgroundJob | null> {
      const row = await db
        .selectFrom('background_jobs')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return null;
      const [job] = await settle([row as Row]);
      return job ?? null;
    },

    /** The user's most recent jobs (of one kind), newest first. */
    async listRecent(
      userId: string,
      query: { kind?: string; limit?: number } = {},
    ): Promise<BackgroundJob[]> {
      let select = db
        .selectFrom('background_jobs')
        .selectAll()
        .where('user_id', '=', userId)
        .where('expires_at', '>', iso());
      if (query.kind) select = select.where('kind', '=', query.kind);
      const rows = await select
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit ?? 10)
        .execute();
      return settle(rows as Row[]);
    },

    /**
     * At start (and hourly): unfinished jobs whose process stopped are marked failed as interrupted.
     * Returns how many.
     */
    async failInterrupted(atStart = false): Promise<number> {
      const rows = (await db
        .selectFrom('background_jobs')
        .selectAll()
        .where('status', 'in', UNFINISHED)
        .execute()) as Row[];
      return failRows(rows.filter((row) => abandoned(row, atStart)));
    },

    /** Deletes finished jobs past their expiry (after the kind's clean-up). Returns how many. */
    async purgeExpired(): Promise<number> {
      const rows = (await db
        .selectFrom('background_jobs')
        .selectAll()
        .where('status', 'in', FINISHED)
        .where('expires_at', '<', iso())
        .limit(500)
        .execute()) as Row[];
      let purged = 0;
      for (const row of rows) {
        const cleanup = options.onPurge?.[row.kind];
        if (cleanup) await cleanup(toJob(row));
        await db.deleteFrom('background_jobs').where('id', '=', row.id).execute();
        purged += 1;
      }
      return purged;
    },

    /** Stops keeping rows fresh (server close). */
    close() {
      clearInterval(keepalive);
      keepalive = undefined;
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
