import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage, UPLOADS_FOLDER } from './local-storage';
import type { ObjectStorage } from './storage';
import { withStorageErrors } from './storage-errors';

export { checkStorageAtStart } from './start-checks';
export type { ObjectStorage, StoredObject } from './storage';
export { StorageConfigError, StorageUnavailableError } from './storage';

/**
 * S3 when S3_BUCKET is set, else DATA_DIR/uploads; either one's failures name the storage. The AWS SDK is loaded only for S3: it is large, and
 * every server start and admin command would pay for it.
 */
export async function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<ObjectStorage> {
  if (config.s3) {
    const { createS3Storage } = await import('./s3-storage');
    return withStorageErrors(createS3Storage(config.s3));
  }
  return withStorageErrors(createLocalStorage(path.join(config.dataDir, UPLOADS_FOLDER)));
}
