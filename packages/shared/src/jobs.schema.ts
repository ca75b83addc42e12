import { z } from 'zod';
import { importResultSchema } from './export-import.schema';

/**
 * Background jobs (decision 060): work that outlives its request, kept with its result for a while.
 * One table and one shape for every kind; each kind narrows `result`.
 */
export const JOB_KINDS = ['import', 'data-export'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** How long a finished job (and its result) is kept. */
export const JOB_RETENTION_DAYS = 7;

export const jobErrorSchema = z.object({ code: z.string(), message: z.string() });
export type JobError = z.infer<typeof jobErrorSchema>;

export const backgroundJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  /** Units of work done and planned (an import: files); total null while not known yet. */
  progress: z.object({
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative().nullable(),
  }),
  result: z.unknown().nullable(),
  error: jobErrorSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it is purged (finished jobs: JOB_RETENTION_DAYS after they ended). */
  expiresAt: z.string(),
});
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;

/** An import run in the background: its result is the import's summary once done. */
export const importJobSchema = backgroundJobSchema.extend({
  kind: z.literal('import'),
  result: importResultSchema.nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** POST /api/import of a large upload answers 202 with the job to follow. */
export const importAcceptedSchema = z.object({ job: importJobSchema });
export const importJobListSchema = z.object({ jobs: z.array(importJobSchema) });

/**
 * Above either, an upload is imported in the background (202 + job) instead of in the request: the
 * request would otherwise be held for many seconds (decision 060).
 */
export const BACKGROUND_IMPORT_THRESHOLD = {
  bytes: 2 * 1024 * 1024,
  files: 50,
} as const;

export const JOB_MESSAGES = {
  notFound: 'This import was not found. It may have expired (results are kept for 7 days).',
  interrupted: 'The job was interrupted when the server stopped. Start it again.',
  /** `written`: notes already created when it stopped. */
  importInterrupted: (written: number) =>
    written === 0
      ? 'The import was interrupted when the server stopped; nothing was imported. Import the file again.'
      : `The import was interrupted when the server stopped; nothing after note ${written} was imported. The ${written === 1 ? 'note' : `${written} notes`} before it are in your projects.`,
  importFailed: 'The import failed. Try again; if it fails again, split the file.',
} as const;
