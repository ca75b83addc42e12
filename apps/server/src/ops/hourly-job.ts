import type { FastifyBaseLogger } from 'fastify';
import { type BackgroundJob, opsMetrics } from './metrics';

const HOUR_MS = 3_600_000;

/**
 * A background job every instance runs hourly (first a minute after start, so start-up stays
 * quick): one run at a time, a log line when it did something, the failure counted on /metrics and
 * logged, then tried again next hour. The job must be idempotent: several instances may overlap.
 * Returns the function that stops it.
 */
export function startHourlyJob(
  name: BackgroundJob,
  job: () => Promise<Record<string, number>>,
  log: FastifyBaseLogger,
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const done = await job();
      if (Object.values(done).some((count) => count > 0)) log.info({ job: name, ...done }, `${name} done`);
    } catch (err) {
      opsMetrics.jobFailed(name);
      log.error({ err, job: name }, `${name} failed; tried again in an hour`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, HOUR_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
