import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage, UPLOADS_FOLDER } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { ObjectStorage } from './storage';

export type { ObjectStorage, StoredObject } from './storage';

/** S3 when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): ObjectStorage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage(path.join(config.dataDir, UPLOADS_FOLDER));
}
