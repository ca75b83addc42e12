import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// A server of its own with ALLOW_SIGNUP=false (the shared e2e server keeps sign-up open).
const ROOT = path.resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test.describe('ALLOW_SIGNUP=false', () => {
  let child: ChildProcess | undefined;
  let dataDir = '';
  let base = '';

  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-closed-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn('node', ['apps/server/dist/main.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ALLOW_SIGNUP: 'false',
      },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server with ALLOW_SIGNUP=false did not start');
  });

  test.afterAll(() => {
    child?.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('hides Sign Up; every way in opens sign-in, which still works', async ({ page }) => {
    await page.goto(base);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);

    await nav.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(dialog.getByText("Don't have an account?")).toHaveCount(0);
    // The demo account (loopback) still signs in: accounts exist, only sign-up is closed.
    await dialog.getByRole('button', { name: 'Use demo credentials' }).click();
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(nav.getByRole('button', { name: /Sign Out/ })).toBeVisible();
  });
});
