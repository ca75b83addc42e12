import { type BackgroundJob, JOB_MESSAGES, type JobError } from '@notewise/shared';

/**
 * An import job's progress is files read while planning (total still null), then notes written out
 * of the planned total: a job stopped while planning wrote nothing.
 */
export function importInterrupted(job: BackgroundJob): JobError {
  const written = job.progress.total == null ? 0 : job.progress.done;
  return { code: 'INTERRUPTED', message: JOB_MESSAGES.importInterrupted(written) };
}
