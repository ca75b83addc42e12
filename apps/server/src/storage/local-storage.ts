import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertStorageKey, InvalidStorageKeyError, type ObjectStorage } from './storage';

/** The folder under DATA_DIR that holds uploads (backups copy it too: db/backup.ts). */
export const UPLOADS_FOLDER = 'uploads';

/**
 * Files in a folder (DATA_DIR/uploads). A write goes to a temporary file beside its target and is
 * renamed over it, so a crash or a concurrent read never sees half a file.
 */
export function createLocalStorage(root: string): ObjectStorage {
  const base = path.resolve(root);

  const fileOf = (key: string) => {
    assertStorageKey(key);
    const file = path.resolve(base, key);
    // The key pattern already forbids it; this is the second lock on the same door.
    if (!file.startsWith(base + path.sep)) throw new InvalidStorageKeyError('storage key escapes the folder');
    return file;
  };

  return {
    description: `local folder ${base}`,

    async put(key, data) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temp = path.join(path.dirname(file), `.${crypto.randomBytes(8).toString('hex')}.tmp`);
      try {
        await fs.promises.writeFile(temp, data, { mode: 0o600, flag: 'wx' });
        await fs.promises.rename(temp, file);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileOf(key);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // The stream closes the handle when it ends or is destroyed (a client that goes away).
        return { body: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },

    async check() {
      // The folder is made on the first upload: until then its nearest existing parent must take it.
      let folder = base;
      while (!fs.existsSync(folder) && path.dirname(folder) !== folder) folder = path.dirname(folder);
      await fs.promises.access(folder, fs.constants.W_OK);
    },
  };
}
