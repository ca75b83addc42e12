import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { createStorage } from '../storage';
import { assertStorageKey } from '../storage/storage';
import { listStoredObjects } from '../storage/storage-listing';

export class BackupError extends Error {
  override name = 'BackupError';
}

/** The folder in a backup that holds the uploaded files, by storage key. */
export const BACKUP_UPLOADS = 'uploads';

export interface UploadsSummary {
  /** Where they came from: `local folder /data/uploads` or `S3 bucket notewise at http://…`. */
  source: string;
  count: number;
  bytes: number;
  /** Bucket keys that are not Notewise uploads (a shared bucket): left out. */
  skipped: number;
}

/** A backup holds notes and the auth secret: owner only, whatever the umask. */
export function makePrivate(target: string): void {
  const stat = fs.statSync(target);
  if (stat.isDirectory()) {
    fs.chmodSync(target, 0o700);
    for (const name of fs.readdirSync(target)) makePrivate(path.join(target, name));
  } else {
    fs.chmodSync(target, 0o600);
  }
}

export function privateFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chmodSync(folder, 0o700);
}

type StorageConfig = Pick<Config, 'dataDir' | 's3'>;

/** Copies every stored upload (local folder or S3 bucket) into `<target>/uploads/<key>`. */
export async function backupUploads(config: StorageConfig, target: string): Promise<UploadsSummary> {
  const storage = await createStorage(config);
  const summary: UploadsSummary = { source: storage.description, count: 0, bytes: 0, skipped: 0 };
  // Present even when empty: restoring it empties the uploads, as they were.
  privateFolder(path.join(target, BACKUP_UPLOADS));
  for await (const { key } of listStoredObjects(config)) {
    try {
      assertStorageKey(key);
    } catch {
      summary.skipped += 1;
      continue;
    }
    const stored = await storage.get(key);
    // Deleted between the listing and the read: it is not part of the data any more.
    if (!stored) continue;
    const file = path.join(target, BACKUP_UPLOADS, key);
    privateFolder(path.dirname(file));
    await pipeline(stored.body, fs.createWriteStream(file, { mode: 0o600 }));
    summary.count += 1;
    summary.bytes += fs.statSync(file).size;
  }
  return summary;
}

function* filesUnder(root: string, prefix = ''): Generator<string> {
  const entries = fs.readdirSync(path.join(root, prefix), { withFileTypes: true });
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    // A half-written temporary copied by an older backup (local storage renames it when complete).
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* filesUnder(root, key);
    else if (entry.isFile()) yield key;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
};

/**
 * Puts the backup's uploads back. Into a local folder: the current folder is moved aside first
 * (`moveAside`), so the folder afterwards is exactly the backup's. Into S3: every object is uploaded
 * again under its key; objects the backup does not know stay in the bucket.
 */
export async function restoreUploads(
  config: StorageConfig,
  backup: string,
  moveAside: (name: string) => void,
): Promise<UploadsSummary | null> {
  const source = path.join(backup, BACKUP_UPLOADS);
  if (!fs.existsSync(source)) return null;
  const storage = await createStorage(config);
  const summary: UploadsSummary = { source: storage.description, count: 0, bytes: 0, skipped: 0 };
  if (!config.s3) moveAside(BACKUP_UPLOADS);
  for (const key of filesUnder(source)) {
    const data = await fs.promises.readFile(path.join(source, key));
    await storage.put(key, data, CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream');
    summary.count += 1;
    summary.bytes += data.length;
  }
  return summary;
}
