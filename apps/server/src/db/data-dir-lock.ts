import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'notewise.lock';

/** How often a holder renews its lease; a lease not renewed for three periods has expired. */
export const LEASE_REFRESH_MS = 10_000;
export const LEASE_EXPIRY_FACTOR = 3;

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  /** When the holder last renewed its lease (absent in locks written before leases: the file's mtime). */
  refreshedAt: string;
}

export interface DataDirLock {
  /** The holder whose expired lock this one replaced (for the start-up log), or null. */
  readonly tookOver: { holder: LockHolder; reason: string } | null;
  release(): void;
}

export interface LockOptions {
  refreshMs?: number;
  /** Called once when the lock file no longer names this holder (someone took over an expired lease). */
  onLost?: (holder: LockHolder | null) => void;
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
    const refreshedAt = parsed.refreshedAt ?? fs.statSync(file).mtime.toISOString();
    return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? ''), refreshedAt };
  } catch {
    return null;
  }
}

const sameHolder = (a: LockHolder | null, b: LockHolder) =>
  a !== null && a.pid === b.pid && a.host === b.host && a.startedAt === b.startedAt;

/** Temp file + rename: a reader never sees half a lock. */
function writeHolder(file: string, holder: LockHolder): void {
  const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
}

/**
 * Why the holder no longer holds the folder, or null while it does. On this host the process table
 * answers exactly. Another host's process cannot be asked (a re-created container has a new host
 * name and the old one is gone for good), so there the lease decides: a holder that has not renewed
 * it for three periods is taken to be gone.
 */
function staleReason(holder: LockHolder | null, me: LockHolder, refreshMs: number): string | null {
  if (holder === null) return 'unreadable lock file';
  if (holder.host === me.host) {
    if (holder.pid === me.pid) return 'left by an earlier process with this pid';
    return isAlive(holder.pid) ? null : `process ${holder.pid} is not running`;
  }
  const age = Date.now() - Date.parse(holder.refreshedAt);
  const expiry = refreshMs * LEASE_EXPIRY_FACTOR;
  if (!Number.isFinite(age) || age > expiry) {
    return `lease not renewed for ${Math.round(age / 1000)} s (expires after ${expiry / 1000} s)`;
  }
  return null;
}

/**
 * The embedded SQLite database belongs to one server process: two servers on one folder would each
 * keep their own co-editing documents and overwrite each other's edits. The lock file names its
 * holder and carries a lease the holder renews every `refreshMs`; a lock left by a process that no
 * longer runs on this host, or by another host whose lease expired, is taken over.
 */
export function acquireDataDirLock(dataDir: string, options: LockOptions = {}): DataDirLock {
  const refreshMs = options.refreshMs ?? LEASE_REFRESH_MS;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  const now = new Date().toISOString();
  const me: LockHolder = { pid: process.pid, host: os.hostname(), startedAt: now, refreshedAt: now };
  let tookOver: DataDirLock['tookOver'] = null;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(me)}\n`, { flag: 'wx', mode: 0o600 });
      return holdLock(file, me, refreshMs, tookOver, options.onLost);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    const reason = staleReason(holder, me, refreshMs);
    if (reason === null && holder) {
      const where =
        holder.host === me.host ? `process ${holder.pid}` : `process ${holder.pid} on host ${holder.host}`;
      const lease =
        holder.host === me.host
          ? ''
          : ` Its lease was renewed at ${holder.refreshedAt}; if that server is gone, this one takes over ${
              (refreshMs * LEASE_EXPIRY_FACTOR) / 1000
            } s after it.`;
      throw new DataDirLockedError(
        `Another Notewise server (${where}, started ${holder.startedAt}) is using the data folder ${dataDir}.${lease}\n` +
          'Stop it first, or give this server its own DATA_DIR (several instances need DATABASE_URL and REDIS_URL).\n' +
          `If no such server runs, delete ${file} and start again.`,
      );
    }
    if (holder) tookOver = { holder, reason: reason ?? '' };
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}; another server is starting.`);
}

function holdLock(
  file: string,
  me: LockHolder,
  refreshMs: number,
  tookOver: DataDirLock['tookOver'],
  onLost: LockOptions['onLost'],
): DataDirLock {
  let released = false;
  const timer = setInterval(() => {
    const current = readHolder(file);
    if (!sameHolder(current, me)) {
      clearInterval(timer);
      onLost?.(current);
      return;
    }
    try {
      writeHolder(file, { ...me, refreshedAt: new Date().toISOString() });
    } catch {
      // A full or read-only disk: the next period tries again; the lease has three.
    }
  }, refreshMs);
  // The lease never keeps a process alive that has nothing else to do (the admin CLI's restore).
  timer.unref();
  return {
    tookOver,
    release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      if (sameHolder(readHolder(file), me)) fs.rmSync(file, { force: true });
    },
  };
}
