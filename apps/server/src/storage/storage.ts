import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (decision 021): the local data folder by default, an S3-compatible
 * bucket when S3_BUCKET is set. Keys are relative paths of lowercase letters, digits, '-', '_' and
 * '.', with '/' between segments (`avatars/<user>-<hash>.webp`); anything else is refused, so no key
 * can name a file outside the storage.
 */
export interface ObjectStorage {
  /** For the start-up log: where files go. */
  readonly description: string;
  /** Stores the bytes under the key, replacing what was there; readers never see a partial file. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or undefined when there is no such key. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Whether files can be stored now (readiness, start): the bucket answers, or the folder is
   * writable. Throws when not; `StorageConfigError` when waiting will not help (no such bucket).
   */
  check(): Promise<void>;
}

export interface StoredObject {
  body: Readable;
  size: number | undefined;
}

const KEY = /^[a-z0-9][a-z0-9._-]{0,127}(\/[a-z0-9][a-z0-9._-]{0,127}){0,3}$/;

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}

/** Throws unless the key is one this storage may hold (no '..', no absolute path, no backslash). */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((segment) => segment === '.' || segment.startsWith('..'))) {
    throw new InvalidStorageKeyError(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

/**
 * The storage failed (unreachable, refused, out of space): the request that needed it is answered
 * 503 "File storage is unavailable", or 507 when the cause is a full disk (http/errors.ts).
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  constructor(
    readonly storage: string,
    readonly operation: string,
    options: { cause: unknown },
  ) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(`file storage (${storage}) failed to ${operation}: ${reason}`, options);
  }
}

/** The storage is set up wrongly (no such bucket, access denied): the server refuses to start. */
export class StorageConfigError extends Error {
  override name = 'StorageConfigError';
}
