import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { type ObjectStorage, StorageConfigError } from './storage';

const START_CHECK_TIMEOUT_MS = 10_000;

/**
 * Before the server takes requests (decision 046): a bucket that is missing or refuses us stops the
 * start (it will not fix itself, and the first upload would only say 500); storage that does not
 * answer yet is logged and the start goes on (notes do not need it; readiness says 'degraded').
 * Several instances (REDIS_URL) with files in each one's own folder is warned about loudly: a
 * picture uploaded on one instance is missing on the others.
 */
export async function checkStorageAtStart(
  storage: ObjectStorage,
  config: Pick<Config, 'redisUrl' | 's3'>,
  log: FastifyBaseLogger,
): Promise<void> {
  if (config.redisUrl && !config.s3) {
    log.warn(
      { storage: storage.description },
      'REDIS_URL is set for several instances, but uploads are stored in this instance\'s own folder: pictures uploaded on one instance answer 404 on the others. Set S3_BUCKET (README, "Scale out"), or ignore this when only one instance runs.',
    );
  }
  try {
    await Promise.race([
      storage.check(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no answer in 10 s')), START_CHECK_TIMEOUT_MS).unref(),
      ),
    ]);
  } catch (error) {
    if (error instanceof StorageConfigError) throw error;
    log.error(
      { err: error, storage: storage.description },
      'file storage does not answer; starting anyway: uploads and pictures answer 503 until it does',
    );
  }
}
