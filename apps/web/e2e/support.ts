import { expect, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

/** Signs up through the real dialog, as a user would. */
export async function signUpThroughDialog(
  page: Page,
  name: string,
  email = uniqueEmail(),
  password = 'correct-horse-9',
) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Display name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
  return { email, password };
}

/** Signs up over the API from the page's context: faster setup for tests about other things. */
export async function signUpViaApi(page: Page, name = 'Api User') {
  const email = uniqueEmail('api');
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: 'correct-horse-9' },
    headers: { origin: new URL(page.url() === 'about:blank' ? 'http://127.0.0.1' : page.url()).origin },
  });
  expect(response.ok()).toBe(true);
  return { email, password: 'correct-horse-9' };
}
