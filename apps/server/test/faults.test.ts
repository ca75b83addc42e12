import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERROR_CODES, OUTAGE_MESSAGES } from '@notewise/shared';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createFaultLog } from '../src/http/faults';
import { multipart, request, signUp, TEST_ORIGIN } from './helpers';
import { type LoggedApp, startAppWithLogs } from './support/app-with-logs';
import { startRelay } from './support/tcp-relay';

/** Words, so the search index grows with the note as it would for a real one. */
const longText = (words: number) =>
  Array.from({ length: words }, (_, i) => `word${i.toString(36)}`).join(' ');

async function newProject(t: LoggedApp, cookie: string): Promise<string> {
  const project = await request(t.app, 'POST', '/api/projects', { cookie, body: { name: 'Faults' } });
  expect(project.statusCode).toBe(201);
  return project.json().id;
}

async function uploadAvatar(t: LoggedApp, cookie: string) {
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0af' } })
    .png()
    .toBuffer();
  const { payload, contentType } = multipart([
    { name: 'file', filename: 'me.png', type: 'image/png', data: image },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/me/avatar',
    headers: { host: 'localhost:3000', origin: TEST_ORIGIN, cookie, 'content-type': contentType },
    payload,
  });
}

const DISK_FULL_BODY = { error: { code: ERROR_CODES.diskFull, message: OUTAGE_MESSAGES.diskFull } };

describe('disk full on SQLite (SQLITE_FULL)', () => {
  it('answers 507 with the disk-full message, logs it once a minute, says so in readiness, and reads go on', async () => {
    const t = await startAppWithLogs();
    try {
      const { cookie } = await signUp(t.app);
      const projectId = await newProject(t, cookie);
      const kept = await request(t.app, 'POST', '/api/notes', { cookie, body: { projectId, title: 'Kept' } });
      expect(kept.statusCode).toBe(201);

      // SQLite's own limit on the file's pages: the real SQLITE_FULL a full disk gives.
      const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(t.database.db);
      await sql.raw(`PRAGMA max_page_count = ${rows[0]?.page_count}`).execute(t.database.db);
      for (let i = 0; i < 30; i += 1) {
        const refused = await request(t.app, 'POST', '/api/notes', {
          cookie,
          body: { projectId, title: `Note ${i}`, content: longText(3_000) },
        });
        expect(refused.statusCode, `request ${i}`).toBe(507);
        expect(refused.json()).toEqual(DISK_FULL_BODY);
      }

      const lines = t.logs();
      expect(lines.filter((line) => line.fault === 'disk-full')).toHaveLength(1);
      expect(lines.find((line) => line.fault === 'disk-full')?.msg).toMatch(/^disk full/);
      // The masking error of before: SQLite had rolled back already and a second ROLLBACK failed.
      expect(JSON.stringify(lines)).not.toContain('cannot rollback');

      const ready = await request(t.app, 'GET', '/api/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'degraded', checks: { database: 'ok', disk: 'failed' } });
      expect((await request(t.app, 'GET', '/api/health')).statusCode).toBe(200);
      const list = await request(t.app, 'GET', `/api/notes?projectId=${projectId}`, { cookie });
      expect(list.statusCode).toBe(200);
      expect(list.json().notes.map((note: { title: string }) => note.title)).toEqual(['Kept']);

      // Space again: the next write works at once.
      await sql.raw('PRAGMA max_page_count = 1073741823').execute(t.database.db);
      const saved = await request(t.app, 'POST', '/api/notes', {
        cookie,
        body: { projectId, title: 'After' },
      });
      expect(saved.statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe('the fault log', () => {
  it('logs a fault at once, then at most once per minute with the count of failures in between', () => {
    let now = 1_000_000;
    const faults = createFaultLog({ now: () => now });
    const lines: { fields: Record<string, unknown>; msg: string }[] = [];
    const log = {
      error: (fields: Record<string, unknown>, msg: string) => lines.push({ fields, msg }),
    } as never;
    const error = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    for (let second = 0; second < 60; second += 1) {
      now = 1_000_000 + second * 1_000;
      faults.report('disk-full', error, log);
    }
    expect(lines).toHaveLength(1);
    expect(faults.lastSeen('disk-full')).toBe(1_059_000);
    now = 1_060_000;
    faults.report('disk-full', error, log);
    faults.report('storage-unavailable', new Error('connect ECONNREFUSED'), log);
    expect(lines).toHaveLength(3);
    expect(lines[1]?.fields).toMatchObject({ fault: 'disk-full', sameFailuresSinceLastLine: 59 });
    expect(lines[2]?.fields).toMatchObject({ fault: 'storage-unavailable' });
    expect(faults.lastSeen('database-unavailable')).toBeUndefined();
  });
});

/** A small tmpfs as the data folder: a real full disk (ENOSPC), which needs root to mount. */
function mountSmallDisk(): string | undefined {
  if (process.platform !== 'linux') return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0700', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

const smallDisk = mountSmallDisk();
afterAll(() => {
  if (!smallDisk) return;
  execFileSync('umount', [smallDisk]);
  fs.rmSync(smallDisk, { recursive: true, force: true });
});

describe.skipIf(!smallDisk)('a full disk under the data folder (tmpfs, ENOSPC)', () => {
  it('refuses notes and uploads with 507, logs it once, readiness says the disk is full, and writes work once space is freed', async () => {
    const dataDir = path.join(smallDisk as string, 'data');
    const t = await startAppWithLogs({ DATA_DIR: dataDir });
    const filler = path.join(smallDisk as string, 'filler');
    try {
      const { cookie } = await signUp(t.app);
      const projectId = await newProject(t, cookie);
      // The log file's slack would take the next writes: empty it, as a checkpoint does.
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(t.database.db);
      // Fill what is left, to the last byte the file system gives.
      const handle = fs.openSync(filler, 'w');
      const block = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) fs.writeSync(handle, block);
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      try {
        for (;;) fs.writeSync(handle, block.subarray(0, 512));
      } catch {
        // Full to the block.
      } finally {
        fs.closeSync(handle);
      }

      // A real full disk makes SQLite end the transaction itself; Kysely's ROLLBACK then failed with
      // "cannot rollback - no transaction is active" and that error hid SQLITE_FULL (a 500).
      for (let i = 0; i < 6; i += 1) {
        const note = await request(t.app, 'POST', '/api/notes', {
          cookie,
          body: { projectId, title: `Note ${i}`, content: longText(2_000) },
        });
        expect(note.statusCode, `note ${i}`).toBe(507);
        expect(note.json()).toEqual(DISK_FULL_BODY);
      }
      const refused = await uploadAvatar(t, cookie);
      expect(refused.statusCode).toBe(507);
      expect(refused.json()).toEqual(DISK_FULL_BODY);
      const avatars = path.join(dataDir, 'uploads', 'avatars');
      expect(fs.existsSync(avatars) ? fs.readdirSync(avatars) : []).toEqual([]);
      const ready = await request(t.app, 'GET', '/api/health/ready');
      expect(ready.json()).toMatchObject({ status: 'degraded', checks: { disk: 'failed', storage: 'ok' } });
      expect(t.logs().filter((line) => line.fault === 'disk-full')).toHaveLength(1);
      expect(JSON.stringify(t.logs())).not.toContain('cannot rollback');

      fs.rmSync(filler);
      const stored = await uploadAvatar(t, cookie);
      expect(stored.statusCode).toBe(200);
      const saved = await request(t.app, 'POST', '/api/notes', {
        cookie,
        body: { projectId, title: 'After' },
      });
      expect(saved.statusCode).toBe(201);
    } finally {
      fs.rmSync(filler, { force: true });
      await t.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('Redis down', () => {
  it('keeps the instance in the load balancer (degraded, 200) and the API answering', async () => {
    const target = new URL(redisUrl ?? 'redis://127.0.0.1:6379');
    const relay = startRelay({ host: target.hostname, port: Number(target.port || 6379) });
    await relay.listen();
    const relayed = new URL(redisUrl ?? '');
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    const t = await startAppWithLogs(
      { REDIS_URL: relayed.toString(), AUTH_SECRET: 'f'.repeat(40) },
      { redisPrefix: `faults-${Date.now()}:` },
    );
    try {
      // Several instances with files in each one's own folder: said loudly at start.
      const warning = t.logs().find((line) => line.level === 40 && String(line.msg).includes('S3_BUCKET'));
      expect(warning?.msg).toContain('404');

      const { cookie } = await signUp(t.app);
      expect((await request(t.app, 'GET', '/api/health/ready')).json().status).toBe('ready');
      await relay.cut();

      const ready = await request(t.app, 'GET', '/api/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'degraded',
        checks: { database: 'ok', migrations: 'ok', redis: 'failed', storage: 'ok', disk: 'ok' },
      });
      expect((await request(t.app, 'GET', '/api/health')).statusCode).toBe(200);
      expect((await request(t.app, 'GET', '/api/notes', { cookie })).statusCode).toBe(200);
    } finally {
      // Redis back before closing, so the clients quit cleanly instead of retrying.
      await relay.listen().catch(() => undefined);
      await t.close();
    }
  }, 30_000);
});
