import { type ChildProcess, execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import S3rver from 's3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createStorage } from '../src/storage';
import { listStoredObjects } from '../src/storage/storage-listing';
import { signUp, startTestApp, testConfig } from './helpers';
import { startServerProcess } from './server-process';
import { adminCli, notPrivate, readImages, uploadImages } from './support/backup-fixtures';
import { serverCommand } from './support/server-entry';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const CLI = serverCommand('cli');
const temp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

function admin(dataDir: string, ...args: string[]) {
  return run(CLI.command, [...CLI.args, ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '' },
  });
}

/** The real server process on `dataDir` (node with tsx's loader, so a kill reaches the server). */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; address: string }> {
  const { child, address } = await startServerProcess({ DATA_DIR: dataDir });
  return { child, address };
}

describe('backup and restore of the embedded database', () => {
  const folders: string[] = [];
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('backs up while the server writes; the restore has every acknowledged note and passes integrity_check', async () => {
    const dataDir = temp('notewise-live-');
    const backupRoot = temp('notewise-backups-');
    const restoredDir = temp('notewise-restored-');
    folders.push(dataDir, backupRoot, restoredDir);
    fs.mkdirSync(path.join(dataDir, 'uploads', 'images'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'images', 'cat.txt'), 'not really a cat');

    const started = await startServer(dataDir);
    server = started.child;
    const { address } = started;
    const headers = { 'content-type': 'application/json', origin: address };
    const signUp = await fetch(`${address}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Writer',
        email: 'writer@example.com',
        password: 'correct-horse-battery',
      }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const project = (await (
      await fetch(`${address}/api/projects`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ name: 'Log' }),
      })
    ).json()) as { id: string };

    // Two writers create notes without pause; an id counts once the server has answered 201.
    const acknowledged: string[] = [];
    let writing = true;
    const writer = async (name: string) => {
      for (let i = 0; writing; i += 1) {
        const response = await fetch(`${address}/api/notes`, {
          method: 'POST',
          headers: { ...headers, cookie },
          body: JSON.stringify({
            projectId: project.id,
            title: `${name} ${i}`,
            content: `${name} ${i} `.repeat(200),
          }),
        });
        if (response.status !== 201)
          throw new Error(`note not created: ${response.status} ${await response.text()}`);
        acknowledged.push(((await response.json()) as { id: string }).id);
      }
    };
    const writers = Promise.all([writer('a'), writer('b')]);
    while (acknowledged.length < 300) await new Promise((resolve) => setTimeout(resolve, 20));
    // A note in Trash is an ordinary row with its mark: the restore keeps it in Trash.
    const trashed = acknowledged[0] ?? '';
    const deleted = await fetch(`${address}/api/notes/${trashed}`, {
      method: 'DELETE',
      headers: { origin: address, cookie },
    });
    expect(deleted.status).toBe(204);

    const before = [...acknowledged];
    const target = path.join(backupRoot, 'nightly');
    const backup = await admin(dataDir, 'backup', target);
    const duringBackup = acknowledged.length - before.length;
    writing = false;
    await writers;
    expect(backup.stdout).toContain(`Backed up to ${target}`);
    expect(backup.stdout).toMatch(/database\s+notewise\.db \(embedded SQLite/);
    expect(backup.stdout).toMatch(/uploads\s+1 file\(s\), 16 B, from local folder/);
    expect(notPrivate(target)).toEqual([]);
    // The server really was writing while the backup ran.
    expect(duringBackup).toBeGreaterThan(0);

    // A running server holds the data folder: restoring under it is refused, and nothing changes.
    await expect(admin(dataDir, 'restore', target)).rejects.toMatchObject({
      stderr: expect.stringContaining('Another Notewise server'),
    });

    const restore = await admin(restoredDir, 'restore', target);
    expect(restore.stdout).toContain(`Restored ${target}`);
    const restored = new SQLite(path.join(restoredDir, 'notewise.db'), { readonly: true });
    try {
      expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set(
        (restored.prepare('select id from notes').all() as { id: string }[]).map((row) => row.id),
      );
      const missing = before.filter((id) => !ids.has(id));
      expect(missing).toEqual([]);
      const mark = restored.prepare('select deleted_at from notes where id = ?').get(trashed);
      expect(mark).toEqual({ deleted_at: expect.any(String) });
    } finally {
      restored.close();
    }
    expect(fs.readFileSync(path.join(restoredDir, 'uploads', 'images', 'cat.txt'), 'utf8')).toBe(
      'not really a cat',
    );
    expect(fs.statSync(path.join(restoredDir, 'notewise.db')).mode & 0o077).toBe(0);

    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;

    // The restored folder serves: the writer signs in and sees the notes (auth secret restored too).
    const again = await startServer(restoredDir);
    server = again.child;
    const signIn = await fetch(`${again.address}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: again.address },
      body: JSON.stringify({ email: 'writer@example.com', password: 'correct-horse-battery' }),
    });
    expect(signIn.status).toBe(200);
    const oldSession = await fetch(`${again.address}/api/me`, { headers: { cookie } });
    expect(oldSession.status).toBe(200);
    const trash = (await (await fetch(`${again.address}/api/trash`, { headers: { cookie } })).json()) as {
      items: { id: string }[];
    };
    expect(trash.items.map((item) => item.id)).toEqual([trashed]);
    expect((await fetch(`${again.address}/api/notes/${trashed}`, { headers: { cookie } })).status).toBe(404);
  }, 120_000);

  it('refuses a path that is not a backup, and an existing target', async () => {
    const dataDir = temp('notewise-empty-');
    folders.push(dataDir);
    await expect(admin(dataDir, 'restore', dataDir)).rejects.toMatchObject({
      stderr: expect.stringContaining('is not a Notewise backup folder'),
    });
    await admin(dataDir, 'migrate');
    await expect(admin(dataDir, 'backup', dataDir)).rejects.toMatchObject({
      stderr: expect.stringContaining('already exists'),
    });
  }, 60_000);
});

// Before decision 045 a backup with S3_BUCKET set held the database only and said nothing of the
// bucket: a lost bucket meant every picture 404 after the restore.
describe('backup and restore with uploads in S3 (s3rver)', () => {
  const BUCKET = 'notewise-backup';
  const folders: string[] = [];
  let s3: S3rver | undefined;
  afterAll(async () => {
    await s3?.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('copies every object of the bucket into the backup, counted, and puts them back: every image reads again', async () => {
    const s3Dir = temp('notewise-s3rver-');
    const backups = temp('notewise-s3-backups-');
    const restoredDir = temp('notewise-s3-restored-');
    folders.push(s3Dir, backups, restoredDir);
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await s3.run();
    const s3Env = {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const t = await startTestApp('sqlite', { ...s3Env, DEMO_ACCOUNT: 'false' });
    const writer = await signUp(t.app);
    const urls = await uploadImages(t.app, writer.cookie, 4);
    const before = await readImages(t.app, writer.cookie, urls);
    const config = loadConfig({ DATA_DIR: t.testDb.dataDir, ...s3Env });
    const inBucket = [];
    for await (const object of listStoredObjects(config)) inBucket.push(object);
    expect(inBucket).toHaveLength(4);
    const bucketBytes = inBucket.reduce((sum, o) => sum + o.size, 0);
    await t.close();

    const target = path.join(backups, 'with-s3');
    const backup = await adminCli({ ...s3Env, DATA_DIR: t.testDb.dataDir }, 'backup', target);
    expect(backup.stdout).toMatch(
      new RegExp(`uploads\\s+4 file\\(s\\), [0-9.]+ (B|KiB), from S3 bucket ${BUCKET}`),
    );
    expect(notPrivate(target)).toEqual([]);
    const manifest = JSON.parse(fs.readFileSync(path.join(target, 'backup.json'), 'utf8'));
    expect(manifest.uploads).toMatchObject({ count: 4, bytes: bucketBytes });

    // The bucket is lost: every object deleted.
    const storage = await createStorage(config);
    for (const { key } of inBucket) await storage.delete(key);
    const emptied = [];
    for await (const object of listStoredObjects(config)) emptied.push(object);
    expect(emptied).toEqual([]);

    const restore = await adminCli({ ...s3Env, DATA_DIR: restoredDir }, 'restore', target);
    expect(restore.stdout).toContain(`Restored 4 uploaded file(s)`);
    const back = [];
    for await (const object of listStoredObjects(config)) back.push(object);
    expect(back.map((o) => o.key).sort()).toEqual(inBucket.map((o) => o.key).sort());
    expect(back.reduce((sum, o) => sum + o.size, 0)).toBe(bucketBytes);

    // A server on the restored folder: the writer's session (auth secret restored) reads every image.
    const again = await buildApp(testConfig(restoredDir, { ...s3Env, DEMO_ACCOUNT: 'false' }), {
      logger: false,
    });
    try {
      const after = await readImages(again.app, writer.cookie, urls);
      expect(after.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(after.every((a, i) => a.bytes.equals(before[i]?.bytes ?? Buffer.alloc(0)))).toBe(true);
    } finally {
      await again.app.close();
      await t.testDb.destroy();
    }
  }, 120_000);
});
