import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, request, startTestApp, type TestDatabase } from './helpers';
import { startServerProcess } from './server-process';
import { START_WALL_CEILING_CAP_MS } from './support/process-start';
import { serverCommand } from './support/server-entry';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const CLI = serverCommand('cli');
const MAIN = serverCommand('main');

function admin(dataDir: string, ...args: string[]) {
  return run(CLI.command, [...CLI.args, ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '' },
  });
}

describe('admin CLI', () => {
  let testDb: TestDatabase;
  afterAll(async () => testDb?.destroy());

  it('creates a user, sets a plan and resets a password', async () => {
    testDb = await createTestDatabase('sqlite');
    const created = await admin(
      testDb.dataDir,
      'create-user',
      '--email',
      'Cli@Example.com',
      '--password',
      'first-secret-1',
      '--name',
      'Cli User',
    );
    expect(created.stdout).toContain('Created cli@example.com');

    await expect(
      admin(testDb.dataDir, 'create-user', '--email', 'x@example.com', '--password', 'abc', '--name', 'X'),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('Password must be at least 8 characters long'),
    });

    // `plan <email> <PLAN>` (README, decision 022) and `set-plan --email E --plan P` are one command.
    const planned = await admin(testDb.dataDir, 'plan', 'CLI@example.com', 'unlimited');
    expect(planned.stdout).toContain('cli@example.com is now on UNLIMITED.');
    await expect(
      admin(testDb.dataDir, 'set-plan', '--email', 'nobody@example.com', '--plan', 'FREE'),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('No user with email nobody@example.com'),
    });

    const reset = await admin(
      testDb.dataDir,
      'reset-password',
      '--email',
      'cli@example.com',
      '--password',
      'second-secret-2',
    );
    expect(reset.stdout).toContain('Password reset');

    const t = await startTestApp('sqlite', {}, testDb);
    try {
      const old = await request(t.app, 'POST', '/api/auth/sign-in/email', {
        body: { email: 'cli@example.com', password: 'first-secret-1' },
      });
      expect(old.statusCode).toBe(401);
      const fresh = await request(t.app, 'POST', '/api/auth/sign-in/email', {
        body: { email: 'cli@example.com', password: 'second-secret-2' },
      });
      expect(fresh.statusCode).toBe(200);
      const cookie = String(fresh.headers['set-cookie']).split(';')[0];
      const me = await request(t.app, 'GET', '/api/me', { cookie });
      expect(me.json()).toMatchObject({ name: 'Cli User', plan: 'UNLIMITED', access: true });
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('server process', () => {
  it(
    'starts on the embedded default, answers health, and shuts down cleanly on SIGTERM',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-proc-'));
      // Waits for the listen line (or the process dying first), with ceilings that follow the load.
      const server = await startServerProcess({ DATA_DIR: dataDir });
      try {
        const health = await fetch(`${server.address}/api/health`);
        expect(health.status).toBe(200);
        expect(fs.existsSync(path.join(dataDir, 'notewise.db'))).toBe(true);
        expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o077).toBe(0);

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(server.output()).toContain('shutting down');
      } finally {
        server.child.kill('SIGKILL');
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    START_WALL_CEILING_CAP_MS + 60_000,
  );

  it('refuses to start with a malformed DATABASE_URL and says why', async () => {
    const result = await run(MAIN.command, MAIN.args, {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: 'postgres//oops', NODE_ENV: 'test' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(result).toMatchObject({
      code: 78,
      stderr: expect.stringContaining('DATABASE_URL: must be a PostgreSQL URL'),
    });
  }, 30_000);

  it('backup prints what it holds; restore --force is listed; a backup of the other database is refused', async () => {
    const help = await admin(os.tmpdir(), '--help');
    expect(help.stdout).toContain('restore <path> [--force]');
    const source = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-cli-backup-'));
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-cli-restore-'));
    try {
      await admin(source, 'migrate');
      const target = path.join(source, 'backups', 'first');
      const backup = await admin(source, 'backup', target);
      expect(backup.stdout).toMatch(/database\s+notewise\.db \(embedded SQLite/);
      expect(backup.stdout).toMatch(/uploads\s+0 file\(s\), 0 B, from local folder/);
      const manifestFile = path.join(target, 'backup.json');
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
      fs.writeFileSync(
        manifestFile,
        JSON.stringify({ ...manifest, database: { ...manifest.database, kind: 'postgres' } }),
      );
      await expect(admin(other, 'restore', target)).rejects.toMatchObject({
        stderr: expect.stringContaining('holds a PostgreSQL database: restore it with DATABASE_URL set'),
      });
      expect(fs.existsSync(path.join(other, 'notewise.db'))).toBe(false);
    } finally {
      fs.rmSync(source, { recursive: true, force: true });
      fs.rmSync(other, { recursive: true, force: true });
    }
  }, 60_000);
});
