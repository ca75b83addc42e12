import type { FastifyBaseLogger } from 'fastify';
import { startHourlyJob } from '../../ops/hourly-job';
import type { Jobs } from './jobs.service';

/**
 * At start, jobs a stopped server left unfinished are marked failed (interrupted); then hourly,
 * expired jobs are purged and stale unfinished ones (another instance's crash) marked failed.
 * Returns the function that stops the hourly part.
 */
export async function startJobUpkeep(jobs: Jobs, log: FastifyBaseLogger): Promise<() => void> {
  try {
    const interrupted = await jobs.failInterrupted(true);
    if (interrupted > 0)
      log.warn({ interrupted }, 'background jobs interrupted by the last stop marked failed');
  } catch (err) {
    log.error({ err }, 'could not mark interrupted background jobs; tried again in an hour');
  }
  const stop = startHourlyJob(
    'jobs-purge',
    async () => ({ interrupted: await jobs.failInterrupted(), purged: await jobs.purgeExpired() }),
    log,
  );
  return () => {
    stop();
    jobs.close();
  };
}
