import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from '../src/db/data-dir-lock';
import { testConfig } from './helpers';
import { serverCommand } from './support/server-entry';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const MAIN = serverCommand('main');

describe('one server per embedded data folder', () => {
  const folders: string[] = [];
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-lock-'));
    folders.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second server on the same folder, and frees the folder when the first closes', async () => {
    const dataDir = freshDir();
    const config = testConfig(dataDir, { DEMO_ACCOUNT: 'false' });
    const first = await buildApp(config, { logger: false });
    const own = fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8');
    try {
      const holder = JSON.parse(own);
      expect(holder).toMatchObject({ pid: process.pid, host: os.hostname() });
      // The same process counts as stale (a container restarts with pid 1 every time), so the
      // second holder here must look like another live process: the parent of this test worker.
      fs.writeFileSync(
        path.join(dataDir, LOCK_FILE),
        JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: 'earlier' }),
      );
      await expect(buildApp(config, { logger: false })).rejects.toThrow(DataDirLockedError);
      await expect(buildApp(config, { logger: false })).rejects.toThrow(
        new RegExp(`process ${process.ppid}.*is using the data folder`),
      );
    } finally {
      fs.writeFileSync(path.join(dataDir, LOCK_FILE), own);
      await first.app.close();
    }
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const again = await buildApp(config, { logger: false });
    await again.app.close();
  });

  it('takes over a lock left by a process that was killed', async () => {
    const dataDir = freshDir();
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = gone.pid;
    await new Promise((resolve) => gone.on('exit', resolve));
    fs.writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid, host: os.hostname(), startedAt: 'before the crash' }),
    );
    const built = await buildApp(testConfig(dataDir, { DEMO_ACCOUNT: 'false' }), { logger: false });
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await built.app.close();
  });

  it('a second server process exits with a message naming the holder', async () => {
    const dataDir = freshDir();
    const first = await buildApp(testConfig(dataDir, { DEMO_ACCOUNT: 'false' }), { logger: false });
    try {
      const result = await run(MAIN.command, MAIN.args, {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          NODE_ENV: 'test',
          DATABASE_URL: '',
        },
      }).catch((error: { code: number; stderr: string }) => error);
      expect(result).toMatchObject({
        code: 75,
        stderr: expect.stringContaining(`Another Notewise server (process ${process.pid}`),
      });
    } finally {
      await first.app.close();
    }
  }, 30_000);

  it('creates the data folder for the owner only, and the database files 0600', async () => {
    const dataDir = path.join(freshDir(), 'data');
    const built = await buildApp(testConfig(dataDir, { DEMO_ACCOUNT: 'false' }), { logger: false });
    try {
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      for (const name of ['notewise.db', 'notewise.db-wal', 'auth-secret', LOCK_FILE]) {
        expect(fs.statSync(path.join(dataDir, name)).mode & 0o077, name).toBe(0);
      }
    } finally {
      await built.app.close();
    }
  });

  // A container re-created by compose gets a new host name; its predecessor's pid means nothing
  // here. The lease decides: renewed recently, the holder may still run; expired, it is gone.
  describe('a lock from another host', () => {
    const lockFrom = (dataDir: string, refreshedAgoMs: number | null) => {
      const refreshedAt = new Date(Date.now() - (refreshedAgoMs ?? 0)).toISOString();
      const holder = { pid: 1, host: 'old-container-3f2a', startedAt: '2026-01-01T00:00:00.000Z' };
      fs.writeFileSync(
        path.join(dataDir, LOCK_FILE),
        JSON.stringify(refreshedAgoMs === null ? holder : { ...holder, refreshedAt }),
      );
    };
    const holderOf = (dataDir: string) => JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));

    it('is taken over once its lease expired, and the server starts', async () => {
      const dataDir = freshDir();
      lockFrom(dataDir, 10 * 60_000);
      const built = await buildApp(testConfig(dataDir, { DEMO_ACCOUNT: 'false' }), { logger: false });
      try {
        expect(holderOf(dataDir)).toMatchObject({ pid: process.pid, host: os.hostname() });
      } finally {
        await built.app.close();
      }
    });

    it('is refused while its lease is fresh, naming the host and when it expires', async () => {
      const dataDir = freshDir();
      lockFrom(dataDir, 1_000);
      await expect(
        buildApp(testConfig(dataDir, { DEMO_ACCOUNT: 'false' }), { logger: false }),
      ).rejects.toThrow(/process 1 on host old-container-3f2a.*takes over 30 s after it/s);
      expect(holderOf(dataDir).host).toBe('old-container-3f2a');
    });

    it('a lock written before leases counts from its file time', () => {
      const dataDir = freshDir();
      lockFrom(dataDir, null);
      const old = new Date(Date.now() - 5 * 60_000);
      fs.utimesSync(path.join(dataDir, LOCK_FILE), old, old);
      const lock = acquireDataDirLock(dataDir);
      expect(lock.tookOver?.holder.host).toBe('old-container-3f2a');
      expect(lock.tookOver?.reason).toMatch(/lease not renewed for 3\d\d s/);
      lock.release();
    });

    it('the holder renews its lease, so a live server on another host is never taken over', async () => {
      const dataDir = freshDir();
      const lost: unknown[] = [];
      const lock = acquireDataDirLock(dataDir, { refreshMs: 50, onLost: (h) => lost.push(h) });
      const first = holderOf(dataDir).refreshedAt;
      await new Promise((resolve) => setTimeout(resolve, 400));
      const renewed = holderOf(dataDir).refreshedAt;
      expect(Date.parse(renewed) - Date.parse(first)).toBeGreaterThanOrEqual(50);
      expect(fs.statSync(path.join(dataDir, LOCK_FILE)).mode & 0o077).toBe(0);
      // Seen from another host, that lease is fresh: refused.
      const seenElsewhere = { ...holderOf(dataDir), host: 'other-host' };
      fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify(seenElsewhere));
      // (judged with the default 30 s lease, so a stall of this busy machine cannot expire it meanwhile)
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
      // The renewing holder notices the file no longer names it, and says so once.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(lost).toHaveLength(1);
      lock.release();
      expect(holderOf(dataDir).host).toBe('other-host');
      // 150 ms (three periods) without renewal: expired, taken over.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const next = acquireDataDirLock(dataDir, { refreshMs: 50 });
      expect(next.tookOver?.holder.host).toBe('other-host');
      next.release();
    });
  });
});
