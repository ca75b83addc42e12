import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { freePort } from './own-server';

// The README's commands as a self-hoster runs them, after `npm run build` (test:e2e builds first).
const ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no health answer:\n${output()}`);
}

test.describe('npm start, npm run admin', () => {
  test('npm start does not rebuild a current build, and SIGTERM to npm ends the server', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-start-'));
    const port = await freePort();
    const child = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        DATABASE_URL: '',
        DEMO_ACCOUNT: 'false',
        // test:e2e has just built; a rebuild here would pull the files from under the e2e server.
        NOTEWISE_BUILD: 'never',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    try {
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, () => output);
      expect(output).not.toContain('Building');
      expect(fs.existsSync(path.join(dataDir, 'notewise.lock'))).toBe(true);

      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      // The server itself (not only npm) has gone: its port is free and its lock released.
      await expect
        .poll(
          async () =>
            fetch(`http://127.0.0.1:${port}/api/health`).then(
              () => 'up',
              () => 'down',
            ),
          {
            timeout: 10_000,
          },
        )
        .toBe('down');
      await expect.poll(() => fs.existsSync(path.join(dataDir, 'notewise.lock'))).toBe(false);
      expect(output).toContain('shutting down');
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('npm run admin resolves DATA_DIR from where it is run, like npm start', async () => {
    const relative = path.join('.tmp', `admin-${Date.now()}`);
    try {
      const env = {
        ...process.env,
        DATA_DIR: relative,
        NODE_ENV: 'test',
        DATABASE_URL: '',
        NOTEWISE_BUILD: 'never',
      };
      await run(
        'npm',
        [
          'run',
          '-s',
          'admin',
          '--',
          'create-user',
          '--email',
          'admin-cli@example.com',
          '--password',
          'long-enough-secret-1',
          '--name',
          'Admin Cli',
        ],
        { cwd: ROOT, env },
      );
      expect(fs.existsSync(path.join(ROOT, relative, 'notewise.db'))).toBe(true);
      const listed = await run('npm', ['run', '-s', 'admin', '--', 'list-users'], { cwd: ROOT, env });
      expect(listed.stdout).toContain('admin-cli@example.com');
    } finally {
      fs.rmSync(path.join(ROOT, relative), { recursive: true, force: true });
    }
  });
});
