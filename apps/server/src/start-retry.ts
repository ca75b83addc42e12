import pino from 'pino';
import type { Config } from './config';
import { isDatabaseUnavailable } from './http/faults';
import { redactUrl } from './startup-summary';

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** Past this the start gives up: a supervisor restarting us says more than one more retry line. */
export const DATABASE_START_DEADLINE_MS = 5 * 60_000;

/**
 * Starts `build`, waiting for a database that is not reachable yet (a compose stack whose database
 * starts after us, a failover): one clear line per attempt with the next delay, doubling from 1 s to
 * 30 s, for at most `deadlineMs`. Any other error, or a database still away at the deadline, throws.
 */
export async function withDatabaseRetry<T>(
  config: Config,
  stream: { write(line: string): void } | undefined,
  build: () => Promise<T>,
  deadlineMs = DATABASE_START_DEADLINE_MS,
): Promise<T> {
  if (!config.databaseUrl) return build();
  const log = pino({ level: config.logLevel }, stream ?? pino.destination({ fd: 1, sync: true }));
  const startedAt = Date.now();
  let delay = FIRST_DELAY_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await build();
    } catch (error) {
      const waited = Date.now() - startedAt;
      if (!isDatabaseUnavailable(error) || waited + delay > deadlineMs) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      log.warn(
        { database: redactUrl(config.databaseUrl), attempt, retryInSeconds: delay / 1000, reason },
        `database ${redactUrl(config.databaseUrl)} unreachable (${reason}); retrying in ${delay / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
  }
}
