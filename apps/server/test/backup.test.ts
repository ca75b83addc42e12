import { type ChildProcess, execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const TSX = path.resolve(SERVER_DIR, '../../node_modules/.bin/tsx');
const temp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

function admin(dataDir: string, ...args: string[]) {
  return run(TSX, ['src/cli.ts', ...args], {
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

    const before = [...acknowledged];
    const target = path.join(backupRoot, 'nightly');
    const backup = await admin(dataDir, 'backup', target);
    const duringBackup = acknowledged.length - before.length;
    writing = false;
    await writers;
    expect(backup.stdout).toContain(`Backed up ${dataDir} to ${target}`);
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
