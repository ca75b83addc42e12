import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { UPLOADS_FOLDER } from './local-storage';
import { assertStorageKey } from './storage';

export interface ListedObject {
  key: string;
  size: number;
}

/**
 * Every object the storage holds (backups copy them). Apart from `ObjectStorage` because only the
 * admin tools list: the server itself never walks the whole store.
 */
export async function* listStoredObjects(
  config: Pick<Config, 'dataDir' | 's3'>,
): AsyncGenerator<ListedObject> {
  if (config.s3) {
    yield* listBucket(config.s3);
    return;
  }
  yield* listFolder(path.resolve(config.dataDir, UPLOADS_FOLDER), '');
}

async function* listFolder(root: string, prefix: string): AsyncGenerator<ListedObject> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    // Dot files are local storage's half-written temporaries (renamed into place when complete).
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* listFolder(root, key);
    else if (entry.isFile()) {
      assertStorageKey(key);
      yield { key, size: (await fs.promises.stat(path.join(root, key))).size };
    }
  }
}

async function* listBucket(options: NonNullable<Config['s3']>): AsyncGenerator<ListedObject> {
  const { ListObjectsV2Command, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  try {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: options.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
}
