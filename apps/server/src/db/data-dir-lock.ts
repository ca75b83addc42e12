import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'notewise.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? '') };
  } catch {
    return null;
  }
}

/**
 * The embedded SQLite database belongs to one server process: two servers on one folder would each
 * keep their own co-editing documents and overwrite each other's edits. The lock file names its
 * holder; a lock left by a process that no longer runs on this host is taken over.
 */
export function acquireDataDirLock(dataDir: string): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(me)}\n`, { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (readHolder(file)?.pid === me.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    const stale =
      holder === null || (holder.host === me.host && (holder.pid === me.pid || !isAlive(holder.pid)));
    if (!stale) {
      const where =
        holder.host === me.host ? `process ${holder.pid}` : `process ${holder.pid} on host ${holder.host}`;
      throw new DataDirLockedError(
        `Another Notewise server (${where}, started ${holder.startedAt}) is using the data folder ${dataDir}.\n` +
          'Stop it first, or give this server its own DATA_DIR (several instances need DATABASE_URL and REDIS_URL).\n' +
          `If no such server runs, delete ${file} and start again.`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}; another server is starting.`);
}
