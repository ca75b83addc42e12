import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { appOrigin, uniqueEmail } from './support';

// Password change and "sign out other sessions" in Settings, the reset page with a link from
// the admin CLI, "Forgot password?" without SMTP, and CSP connect-src limited to our own origin.

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'correct-horse-9';

function baseURL(): string {
  return String(test.info().project.use.baseURL);
}

/** A browser context of its own (one device), signed up or signed in over the API. */
async function device(browser: Browser, email: string, signUpName?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  await page.goto('/help-center');
  const response = signUpName
    ? await page.request.post('/api/auth/sign-up/email', {
        data: { name: signUpName, email, password: PASSWORD },
        headers: { origin: appOrigin(page) },
      })
    : await page.request.post('/api/auth/sign-in/email', {
        data: { email, password: PASSWORD },
        headers: { origin: appOrigin(page) },
      });
  expect(response.ok(), await response.text()).toBe(true);
  return page;
}

async function signedIn(page: Page): Promise<boolean> {
  return (await page.request.get('/api/me')).status() === 200;
}

test('changes the password in Settings; other sessions end, this one stays', async ({ browser }) => {
  const email = uniqueEmail('change');
  const laptop = await device(browser, email, 'Chang Pass');
  const phone = await device(browser, email);
  expect(await signedIn(phone)).toBe(true);

  await laptop.goto('/settings');
  const section = laptop.getByRole('region', { name: 'Password and Sessions' });
  await section.getByLabel('Current password').fill('not-my-password');
  await section.getByLabel('New password', { exact: true }).fill('fresh-secret-2026');
  await section.getByRole('button', { name: 'Change Password' }).click();
  await expect(section.getByRole('alert')).toHaveText('Your current password is not correct.');

  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByLabel('New password', { exact: true }).fill('password1');
  await section.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    section.getByText('This password is too common. Please choose a less predictable one.'),
  ).toBeVisible();

  await section.getByLabel('New password', { exact: true }).fill('fresh-secret-2026');
  await section.getByRole('button', { name: 'Change Password' }).click();
  await expect(laptop.getByText('Password changed. Your other sessions were signed out.')).toBeVisible();

  expect(await signedIn(phone)).toBe(false);
  await laptop.reload();
  await expect(laptop.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect(await signedIn(laptop)).toBe(true);

  const old = await phone.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: { origin: appOrigin(phone) },
  });
  expect(old.status()).toBe(401);
  await laptop.context().close();
  await phone.context().close();
});

test('signs out other sessions from Settings', async ({ browser }) => {
  const email = uniqueEmail('others');
  const laptop = await device(browser, email, 'Otto Sessions');
  const phone = await device(browser, email);
  await phone.goto('/projects');
  await expect(phone.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

  await laptop.goto('/settings');
  await laptop.getByRole('button', { name: 'Sign Out Other Sessions' }).click();
  await expect(laptop.getByText('Your other sessions were signed out.')).toBeVisible();

  expect(await signedIn(phone)).toBe(false);
  await phone.reload();
  await expect(phone).toHaveURL(/\/$/);
  expect(await signedIn(laptop)).toBe(true);
  await laptop.context().close();
  await phone.context().close();
});

test('sets a new password with an admin reset link; every session ends', async ({ browser, page }) => {
  const email = uniqueEmail('reset');
  const other = await device(browser, email, 'Rita Reset');
  expect(await signedIn(other)).toBe(true);

  const { stdout } = await run('node', ['apps/server/dist/cli.js', 'reset-link', '--email', email], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      PORT: new URL(baseURL()).port,
    },
  });
  const link = stdout.match(/http:\/\/localhost:\d+\/reset-password\?token=\S+/)?.[0];
  expect(link, stdout).toBeDefined();
  const target = new URL(link ?? '');

  await page.goto(`${target.pathname}${target.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('reset-secret-2026');
  await page.getByLabel('Repeat new password').fill('reset-secret-2027');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await page.getByLabel('Repeat new password').fill('reset-secret-2026');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  // The page's own status line (the app's 'Sync status' region is a status too).
  await expect(page.getByRole('status').filter({ hasText: /^Your password was reset/ })).toHaveText(
    'Your password was reset. Sign in with your new password.',
  );
  expect(await signedIn(other)).toBe(false);

  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('reset-secret-2026');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toBeHidden();
  expect(await signedIn(page)).toBe(true);

  // The link worked once.
  await page.goto(`${target.pathname}${target.search}`);
  await page.getByLabel('New password', { exact: true }).fill('third-secret-2026');
  await page.getByLabel('Repeat new password').fill('third-secret-2026');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This reset link is invalid, expired or already used. Ask for a new one.',
  );
  await other.context().close();
});

test('"Forgot password?" without SMTP says to ask the administrator', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(
    reset.getByText('Password reset by email is not set up on this server.', { exact: false }),
  ).toBeVisible();
  await reset.getByRole('button', { name: 'Back to Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
});

test('CSP lets the app reach its own sockets and nothing else', async ({ browser }) => {
  const page = await device(browser, uniqueEmail('csp'), 'Cee Spee');
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  const eventsOpened = page.waitForEvent('websocket', (socket) => socket.url().endsWith('/api/events'));
  await page.goto('/projects');
  const events = await eventsOpened;
  expect(events.isClosed()).toBe(false);
  await page.waitForTimeout(500);
  expect(events.isClosed()).toBe(false);
  expect(violations).toEqual([]);

  // A socket to any other host is refused by the browser before it connects.
  const outcome = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) =>
          resolve(`blocked ${event.effectiveDirective}`),
        );
        try {
          const socket = new WebSocket('ws://127.0.0.2:9/steal');
          socket.addEventListener('error', () => setTimeout(() => resolve('not blocked'), 500));
        } catch (error) {
          resolve(`blocked ${String(error)}`);
        }
        setTimeout(() => resolve('not blocked'), 3_000);
      }),
  );
  expect(outcome).toMatch(/^blocked/);
  expect(outcome).toContain('connect-src');
  await page.context().close();
});
