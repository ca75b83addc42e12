import { type Browser, expect, type Page, test } from '@playwright/test';

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

/** A fresh person in a browser context of their own, signed up over the API (for tests of two people). */
export async function newUserInOwnContext(
  browser: Browser,
  name: string,
  emailPrefix = 'person',
): Promise<Page> {
  const baseURL = String(test.info().project.use.baseURL);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email: uniqueEmail(emailPrefix), password: 'correct-horse-9' },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(response.ok()).toBe(true);
  return page;
}

/** The app's origin, for the Origin header the API's check wants on state-changing requests. */
export function appOrigin(page: Page): string {
  const url = page.url();
  if (url.startsWith('http')) return new URL(url).origin;
  return new URL(String(test.info().project.use.baseURL)).origin;
}

/** Signs a fresh user up over the API (the session cookie lands in the page's context) and loads /. */
export async function signUpFresh(page: Page, name = 'Note Taker') {
  await page.goto('/');
  const email = uniqueEmail('notes');
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: 'correct-horse-9' },
    headers: { origin: appOrigin(page) },
  });
  expect(response.ok()).toBe(true);
  await page.reload();
  return { email, password: 'correct-horse-9' };
}

/** POSTs JSON to the API as the signed-in user and returns the parsed answer. */
export async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { data, headers: { origin: appOrigin(page) } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export interface CreatedProject {
  id: string;
  name: string;
}
export interface CreatedNote {
  id: string;
  projectId: string;
  title: string;
}

export function createProject(
  page: Page,
  name: string,
  extra: { description?: string; color?: string } = {},
) {
  return apiPost<CreatedProject>(page, '/api/projects', { name, ...extra });
}

/** Creates a note through the API (the composer is not part of these tests). */
export function createNote(page: Page, projectId: string, title: string, content = '') {
  return apiPost<CreatedNote>(page, '/api/notes', { projectId, title, content });
}

/**
 * The query keys in the offline cache the app saved for `userId` in IndexedDB (decision 024): what a
 * load without the network can show. Empty until the app has saved it.
 */
export function savedCacheKeys(page: Page, userId: string): Promise<unknown[][]> {
  return page.evaluate(
    (userId) =>
      new Promise<unknown[][]>((resolve) => {
        const open = indexedDB.open('notewise-offline');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kv')) return resolve([]);
          const request = db.transaction('kv', 'readonly').objectStore('kv').get(`cache:${userId}`);
          request.onsuccess = () => {
            db.close();
            const saved = request.result as { queries?: { queryKey: unknown[] }[] } | undefined;
            resolve(saved?.queries?.map((query) => query.queryKey) ?? []);
          };
          request.onerror = () => resolve([]);
        };
      }),
    userId,
  );
}
