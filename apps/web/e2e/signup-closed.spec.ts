import { expect, test } from '@playwright/test';
import { type OwnServer, startOwnServer } from './own-server';

// A server of its own with ALLOW_SIGNUP=false (the shared e2e server keeps sign-up open).

test.describe('ALLOW_SIGNUP=false', () => {
  let server: OwnServer | undefined;
  let base = '';

  test.beforeAll(async () => {
    server = await startOwnServer('closed', { ALLOW_SIGNUP: 'false' });
    base = server.base;
  });

  test.afterAll(() => server?.stop());

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
