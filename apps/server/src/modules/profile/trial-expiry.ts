import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { opsMetrics } from '../../ops/metrics';
import { createProfileRepo } from './profile.repo';

/** Turns every PRO trial past its expiry into FREE (check_and_update_expired_trials in docs/product.md §4). */
export function expireTrials(db: Kysely<Database>, now = new Date()): Promise<number> {
  return createProfileRepo(db).expireTrials(now.toISOString());
}

/** Runs at start and hourly; requests also expire a trial on sight (http/session.ts). */
export function startTrialExpirySweep(db: Kysely<Database>, log: FastifyBaseLogger) {
  const run = () =>
    expireTrials(db).then(
      (count) => count > 0 && log.info({ count }, 'expired PRO trials turned to FREE'),
      (err: unknown) => {
        opsMetrics.jobFailed('trial-expiry-sweep');
        log.warn({ err }, 'trial expiry sweep failed');
      },
    );
  void run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
