import {
  InvalidStorageKeyError,
  type ObjectStorage,
  StorageConfigError,
  StorageUnavailableError,
} from './storage';

/**
 * Every failure of the storage itself becomes a StorageUnavailableError naming the storage and the
 * operation. Without it an S3 endpoint refusing connections (ECONNREFUSED) read as the database
 * being away, and a missing bucket as an unexplained 500. A refused key stays what it is (a bug in
 * the caller, not an outage). Methods added to the storage later pass through unchanged.
 */
export function withStorageErrors(storage: ObjectStorage): ObjectStorage {
  const guard = async <T>(operation: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (
        error instanceof InvalidStorageKeyError ||
        error instanceof StorageUnavailableError ||
        error instanceof StorageConfigError
      ) {
        throw error;
      }
      throw new StorageUnavailableError(storage.description, operation, { cause: error });
    }
  };
  return {
    ...storage,
    description: storage.description,
    put: (key, data, contentType) => guard('store a file', () => storage.put(key, data, contentType)),
    get: (key) => guard('read a file', () => storage.get(key)),
    delete: (key) => guard('delete a file', () => storage.delete(key)),
    check: () => guard('answer', () => storage.check()),
  };
}
