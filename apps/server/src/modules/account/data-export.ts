import { DATA_EXPORT_MESSAGES, type DataExportJob, type DataExportResult } from '@notewise/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { ObjectStorage } from '../../storage';
import type { ExportRepo } from '../export-import/export-import.repo';
import type { Jobs } from '../jobs/jobs.service';
import { createAccountRepo } from './account.repo';
import { streamAccountData } from './account-data';

export const DATA_EXPORT_KIND = 'data-export';

/** Where a finished export's zip is kept until its job expires (7 days, then the hourly purge). */
export const dataExportKey = (jobId: string) => `exports/${jobId}.zip`;

/** The progress row is written at most this often (and at the end), not once per note. */
const PROGRESS_EVERY_MS = 250;

export interface AccountUser {
  id: string;
  name: string;
  email: string;
  plan: string;
  createdAt: Date;
}

export interface DataExportDeps {
  db: Kysely<Database>;
  storage: ObjectStorage;
  jobs: Jobs;
  exportRepo: ExportRepo;
  log: FastifyBaseLogger;
}

/** The job's clean-up before the purge deletes its row: the kept zip goes with it. */
export function dataExportPurge(storage: ObjectStorage) {
  return (job: { id: string }) => storage.delete(dataExportKey(job.id));
}

async function readAll(stream: AsyncIterable<Buffer | Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * "Download all my data" as a background job (decision 064): the same zip as `GET /api/me/data`,
 * written to storage while the job's progress counts notes done of the notes to write, then kept
 * for 7 days for its owner to download. One at a time per user: starting while one runs returns it.
 */
export function createDataExports(deps: DataExportDeps) {
  const { db, storage, jobs, exportRepo, log } = deps;
  /** Users whose start is being decided in this process (two quick clicks make one job). */
  const starting = new Set<string>();
  /** Runs in flight, so tests and shutdown can wait for them. */
  const runs = new Set<Promise<void>>();

  const countNotes = (userId: string) => createAccountRepo(db).readableNoteCount(userId);

  async function latest(userId: string): Promise<DataExportJob | null> {
    const [job] = await jobs.listRecent(userId, { kind: DATA_EXPORT_KIND, limit: 1 });
    return (job as DataExportJob | undefined) ?? null;
  }

  async function run(user: AccountUser, jobId: string, total: number): Promise<void> {
    let notes = 0;
    let images = 0;
    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    const report = (force = false) => {
      const at = Date.now();
      if (!force && at - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = at;
      // The total grows if notes were added meanwhile: never show more done than planned.
      const done = notes;
      writing = writing.then(() => jobs.progress(jobId, done, Math.max(total, done))).catch(() => {});
    };
    try {
      const projects = await exportRepo.projects(user.id);
      const zip = await readAll(
        streamAccountData({ db, storage, exportRepo }, user, projects, {
          onNote: () => {
            notes += 1;
            report();
          },
          onImage: () => {
            images += 1;
          },
        }),
      );
      report(true);
      await writing;
      await storage.put(dataExportKey(jobId), zip, 'application/zip');
      const date = new Date().toISOString().slice(0, 10);
      const result: DataExportResult = {
        fileName: `Notewise data ${date}.zip`,
        size: zip.length,
        notes,
        images,
      };
      await jobs.finish(jobId, result);
      log.info({ userId: user.id, jobId, notes, images, bytes: zip.length }, 'data export ready');
    } catch (err) {
      log.error({ err, userId: user.id, jobId }, 'data export failed');
      await storage.delete(dataExportKey(jobId)).catch(() => {});
      await jobs.fail(jobId, { code: 'EXPORT_FAILED', message: DATA_EXPORT_MESSAGES.failed }).catch(() => {});
    }
  }

  return {
    latest,

    async get(userId: string, id: string): Promise<DataExportJob | null> {
      const job = await jobs.getForOwner(userId, id);
      return job?.kind === DATA_EXPORT_KIND ? (job as DataExportJob) : null;
    },

    /** Starts an export, or returns the one still running (`started` false). */
    async start(user: AccountUser): Promise<{ job: DataExportJob; started: boolean }> {
      while (starting.has(user.id)) await new Promise((resolve) => setTimeout(resolve, 20));
      starting.add(user.id);
      try {
        const current = await latest(user.id);
        if (current && (current.status === 'running' || current.status === 'queued'))
          return { job: current, started: false };
        const total = await countNotes(user.id);
        const job = (await jobs.create(user.id, DATA_EXPORT_KIND, { total })) as DataExportJob;
        const running = run(user, job.id, total);
        runs.add(running);
        void running.finally(() => runs.delete(running));
        return { job, started: true };
      } finally {
        starting.delete(user.id);
      }
    },

    /** Every run still in progress (tests wait on it; the server's close does too). */
    async settled(): Promise<void> {
      await Promise.all([...runs]);
    },
  };
}

export type DataExports = ReturnType<typeof createDataExports>;
