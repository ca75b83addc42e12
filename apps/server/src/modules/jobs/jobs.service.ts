import crypto from 'node:crypto';
import { type BackgroundJob, JOB_MESSAGES, JOB_RETENTION_DAYS, type JobError } from '@notewise/shared';
import type { Kysely } from 'kysely';
import { toIso } from '../../db/time';
import type { Database } from '../../db/types';
import { createJobsRepo, type JobRow, UNFINISHED } from './jobs.repo';

const DAY_MS = 86_400_000;
/** A running job's row is touched this often by the process running it... */
const KEEPALIVE_MS = 20_000;
/** ...so one untouched for this long was left by a process that stopped (another instance's too). */
export const JOB_STALE_MS = 90_000;

/** This process, as written in the rows of the jobs it runs. */
const THIS_RUNNER = crypto.randomUUID();

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

type Row = JobRow;

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
  const repo = createJobsRepo(db);
  const runner = options.runner ?? THIS_RUNNER;
  const now = options.now ?? (() => new Date());
  const retentionMs = (options.retentionDays ?? JOB_RETENTION_DAYS) * DAY_MS;
  const active = new Set<string>();
  let keepalive: NodeJS.Timeout | undefined;

  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  /** A row's update time and its expiry from one clock reading: exactly the retention apart. */
  const updatedAndExpiry = () => {
    const at = now().getTime();
    return { updated_at: new Date(at).toISOString(), expires_at: new Date(at + retentionMs).toISOString() };
  };

  function keepAlive() {
    if (keepalive || active.size === 0) return;
    keepalive = setInterval(() => {
      if (active.size === 0) {
        clearInterval(keepalive);
        keepalive = undefined;
        return;
      }
      void repo.touch([...active], iso()).catch(() => {});
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
      const failed = await repo.failIfUnchanged(row.id, row.updated_at, {
        error: JSON.stringify(interruptedError(job)),
        ...updatedAndExpiry(),
      });
      if (failed) count += 1;
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
      const again = await repo.byIds(stale.map((row) => row.id));
      const fresh = new Map(again.map((row) => [row.id, row]));
      rows = rows.map((row) => fresh.get(row.id) ?? row);
    }
    return rows.map(toJob);
  }

  async function end(id: string, set: { status: 'done' | 'failed'; result?: string; error?: string }) {
    active.delete(id);
    await repo.end(id, { ...set, ...updatedAndExpiry() });
  }

  return {
    /** A new job of this kind for this user, running in this process. */
    async create(userId: string, kind: string, init: { total?: number | null } = {}): Promise<BackgroundJob> {
      const stamps = updatedAndExpiry();
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
        created_at: stamps.updated_at,
        ...stamps,
      };
      await repo.insert(row);
      active.add(row.id);
      keepAlive();
      return toJob(row);
    },

    /** Work done so far (and the total once known). */
    async progress(id: string, done: number, total?: number | null): Promise<void> {
      await repo.progress(id, {
        progress_done: done,
        ...(total !== undefined ? { progress_total: total } : {}),
        updated_at: iso(),
      });
    },

    /** Done: the result (JSON-serializable) is kept until the job expires. */
    finish: (id: string, result: unknown) => end(id, { status: 'done', result: JSON.stringify(result) }),

    fail: (id: string, error: JobError) => end(id, { status: 'failed', error: JSON.stringify(error) }),

    /** The job if this user owns it (anyone else's id reads as not found). */
    async getForOwner(userId: string, id: string): Promise<BackgroundJob | null> {
      const row = await repo.forOwner(userId, id);
      if (!row) return null;
      const [job] = await settle([row]);
      return job ?? null;
    },

    /** The user's most recent jobs (of one kind), newest first. */
    async listRecent(
      userId: string,
      query: { kind?: string; limit?: number } = {},
    ): Promise<BackgroundJob[]> {
      return settle(await repo.recent(userId, iso(), { kind: query.kind, limit: query.limit ?? 10 }));
    },

    /**
     * At start (and hourly): unfinished jobs whose process stopped are marked failed as interrupted.
     * Returns how many.
     */
    async failInterrupted(atStart = false): Promise<number> {
      const rows = await repo.unfinished();
      return failRows(rows.filter((row) => abandoned(row, atStart)));
    },

    /** Deletes finished jobs past their expiry (after the kind's clean-up). Returns how many. */
    async purgeExpired(): Promise<number> {
      const rows = await repo.expired(iso(), 500);
      let purged = 0;
      for (const row of rows) {
        const cleanup = options.onPurge?.[row.kind];
        if (cleanup) await cleanup(toJob(row));
        await repo.delete(row.id);
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
