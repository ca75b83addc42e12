import {
  BACKGROUND_IMPORT_THRESHOLD,
  type BackgroundJob,
  ERROR_CODES,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportJob,
  type ImportLayout,
  type ImportResult,
  JOB_MESSAGES,
  type JobError,
} from '@notewise/shared';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../http/errors';
import type { Jobs } from '../jobs/jobs.service';
import type { ImportPlan } from './import-files';
import { importNotices } from './import-notes';
import { extensionOf } from './import-text';
import type { Importer } from './importer';
import { readZipDirectory, ZipUnreadable } from './zip-reader';

/** Files of a zip that become notes (the rest are images, skipped or refused). */
const NOTE_FILE = /\.(md|markdown|mdown|txt|text|docx|enex|json)$/i;
/** Progress is written at most this often (one UPDATE per note of a 2,000-note zip is too many). */
const PROGRESS_EVERY_MS = 250;
/** A background import has no request waiting: its Word conversions may take this long in all. */
const BACKGROUND_DEADLINE_MS = 10 * 60_000;

/**
 * An import job's progress is files read while planning (total still null), then notes written out
 * of the planned total: a job stopped while planning wrote nothing.
 */
export function importInterrupted(job: BackgroundJob): JobError {
  const written = job.progress.total == null ? 0 : job.progress.done;
  return { code: 'INTERRUPTED', message: JOB_MESSAGES.importInterrupted(written) };
}

/** An .enex is refused in the request unless this opens the export within its first bytes. */
const ENEX_ROOT = Buffer.from('<en-export');
const ENEX_NOTE = Buffer.from('<note>');
const ENEX_ROOT_WITHIN = 64 * 1024;

/**
 * An Evernote export is one file of many notes, which are known only once the XML is read: its notes
 * are counted here by their start tag (a `<note>` quoted inside a note's text counts too, which only
 * sends a file to the background), and its size counts as a zip's would.
 */
function enexInBackground(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const root = text.indexOf(ENEX_ROOT);
  if (root < 0 || root > ENEX_ROOT_WITHIN) return false;
  if (bytes.length > BACKGROUND_IMPORT_THRESHOLD.bytes) return true;
  let notes = 0;
  for (let at = text.indexOf(ENEX_NOTE, root); at >= 0; at = text.indexOf(ENEX_NOTE, at + 1))
    if (++notes > BACKGROUND_IMPORT_THRESHOLD.files) return true;
  return false;
}

/**
 * Whether an upload is imported in the background (decision 060): a zip with more than 50 note
 * files, or larger than 2 MB packed (images to store, Word files to convert), or holding .enex files
 * over 2 MB unpacked; an .enex alone with more than 50 notes or over 2 MB. Another single file makes
 * one note and stays in the request; so does an upload the request will refuse anyway (an unreadable
 * zip, too many entries, too large unpacked; an .enex without `<en-export>`), so its refusal keeps
 * its status code and message.
 */
export function runsInBackground(fileName: string, bytes: Uint8Array): boolean {
  if (extensionOf(fileName) === 'enex') return enexInBackground(bytes);
  if (extensionOf(fileName) !== 'zip') return false;
  try {
    const { entries, tooMany } = readZipDirectory(bytes, IMPORT_LIMITS.maxZipEntries);
    if (tooMany) return false;
    const unpacked = entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
    if (unpacked > IMPORT_LIMITS.maxTotalUncompressedBytes) return false;
    const noteFiles = entries.filter((entry) => NOTE_FILE.test(entry.name)).length;
    const enexBytes = entries
      .filter((entry) => extensionOf(entry.name) === 'enex')
      .reduce((sum, entry) => sum + entry.declaredSize, 0);
    return (
      noteFiles > BACKGROUND_IMPORT_THRESHOLD.files ||
      bytes.length > BACKGROUND_IMPORT_THRESHOLD.bytes ||
      enexBytes > BACKGROUND_IMPORT_THRESHOLD.bytes
    );
  } catch (error) {
    if (error instanceof ZipUnreadable) return false;
    throw error;
  }
}

export interface ImportJobsDeps {
  jobs: Jobs;
  importer: Pick<Importer, 'plan'>;
  /** Writes the planned notes (createImportedNotes with the route's dependencies). */
  write: (
    userId: string,
    projectId: string,
    plan: ImportPlan,
    layout: ImportLayout,
    onNote: (written: number, total: number) => Promise<void>,
  ) => Promise<ImportResult['imported']>;
  log: FastifyBaseLogger;
}

/**
 * Runs imports in the background: the job is created and answered at once (202), then the upload
 * is read in the import worker and its notes written, the progress kept on the job row, and the
 * summary kept as its result. One import per user at a time, background or not.
 */
export function createImportJobs(deps: ImportJobsDeps) {
  const running = new Map<string, Promise<void>>();
  let closing = false;

  async function run(
    job: BackgroundJob,
    userId: string,
    projectId: string,
    fileName: string,
    bytes: Uint8Array,
    layout: ImportLayout,
  ) {
    let lastWrite = 0;
    let progress = { done: 0, total: null as number | null };
    const report = async (done: number, total: number | null, force = false) => {
      progress = { done, total };
      // A server closing stops writing between two notes; the job says how far it got.
      if (closing) throw new Error('server closing');
      const now = Date.now();
      if (!force && now - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = now;
      await deps.jobs.progress(job.id, done, total);
    };
    try {
      const plan = await deps.importer.plan(userId, fileName, bytes, {
        deadlineMs: BACKGROUND_DEADLINE_MS,
        onProgress: (read) => void report(read, null).catch(() => {}),
      });
      await report(0, plan.notes.length, true);
      const imported = await deps.write(userId, projectId, plan, layout, (written, total) =>
        report(written, total, written === total),
      );
      const result: ImportResult = { projectId, imported, skipped: plan.skipped, ...importNotices(plan) };
      await deps.jobs.finish(job.id, result);
    } catch (error) {
      const failure: JobError = closing
        ? importInterrupted({ ...job, progress })
        : error instanceof ApiError
          ? { code: error.code, message: error.message }
          : { code: ERROR_CODES.internal, message: JOB_MESSAGES.importFailed };
      if (!(error instanceof ApiError) && !closing)
        deps.log.error({ err: error, jobId: job.id }, 'background import failed');
      await deps.jobs
        .fail(job.id, failure)
        .catch((err) => deps.log.error({ err, jobId: job.id }, 'could not record a failed import'));
    }
  }

  return {
    /** The user already has an import running in the background. */
    busy: (userId: string) => running.has(userId),

    /** Creates the job and starts it; answers at once with the job. */
    async start(
      userId: string,
      projectId: string,
      fileName: string,
      bytes: Uint8Array,
      layout: ImportLayout,
    ): Promise<ImportJob> {
      if (running.has(userId))
        throw new ApiError(429, ERROR_CODES.rateLimited, IMPORT_MESSAGES.alreadyRunning);
      const job = await deps.jobs.create(userId, 'import');
      const work = run(job, userId, projectId, fileName, bytes, layout).finally(() => running.delete(userId));
      running.set(userId, work);
      return job as ImportJob;
    },

    /**
     * Server closing: running imports end as interrupted (their rows say how far they got). Call
     * before the importer closes, so its refusals are read as the interruption they are.
     */
    stopping() {
      closing = true;
    },
    async close() {
      closing = true;
      await Promise.allSettled(running.values());
    },
  };
}

export type ImportJobs = ReturnType<typeof createImportJobs>;
