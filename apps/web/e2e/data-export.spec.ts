import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { appOrigin, createNote, createProject, signUpFresh } from './support';

/**
 * Settings > Account, "Download all my data" as a background job (decision 064), and the Help Center
 * as rewritten: the zip holds every note and picture, the running job's progress bar comes back after
 * a reload, a failure is said plainly, and axe is clean on both screens at 1280 and 390 px, light and
 * dark.
 */

async function expectAxeClean(page: Page, screen: string) {
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => node.html.slice(0, 160)),
    }));
  expect(serious, `${screen}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

async function picture(page: Page, noteId: string, background: string) {
  const data = await sharp({ create: { width: 50, height: 30, channels: 3, background } })
    .png()
    .toBuffer();
  const uploaded = await page.request.post('/api/images', {
    headers: { origin: appOrigin(page) },
    multipart: { noteId, file: { name: 'p.png', mimeType: 'image/png', buffer: data } },
  });
  expect(uploaded.status()).toBe(201);
  return ((await uploaded.json()).image as { url: string }).url;
}

/** An account with `count` notes in two projects, two of them showing a picture each. */
async function accountWithNotes(page: Page, count: number) {
  await signUpFresh(page, 'Data Owner');
  const projects = [await createProject(page, 'Travel'), await createProject(page, 'Recipes')];
  const notes = [];
  for (let i = 0; i < count; i += 1) {
    notes.push(await createNote(page, projects[i % 2]!.id, `Note ${i + 1}`, `Text of note ${i + 1}.`));
  }
  const images: string[] = [];
  for (const [index, note] of notes.slice(0, 2).entries()) {
    const url = await picture(page, note.id, index === 0 ? '#2277cc' : '#cc7722');
    images.push(url);
    const patched = await page.request.patch(`/api/notes/${note.id}`, {
      headers: { origin: appOrigin(page) },
      data: { content: `Text of note ${index + 1}.\n\n![picture](${url})`, version: 1 },
    });
    expect(patched.ok()).toBe(true);
  }
  return { notes, images };
}

test('download my data yields a zip with every note and image', async ({ page }) => {
  test.setTimeout(60_000);
  const { images } = await accountWithNotes(page, 9);
  await page.goto('/settings?tab=account');
  await expect(page.getByRole('heading', { name: 'Download all my data' })).toBeVisible();
  await page.getByRole('button', { name: 'Download all my data' }).click();

  const ready = page.getByText(/Your data is ready: 9 notes, 2 pictures/);
  await expect(ready).toBeVisible({ timeout: 20_000 });
  // The prepared file is kept: a reload shows it again, ready to download.
  await page.reload();
  await expect(ready).toBeVisible();
  const link = page.getByRole('link', { name: 'Download', exact: true });

  const downloadEvent = page.waitForEvent('download');
  await link.click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toMatch(/^Notewise data \d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const names = Object.keys(files);
  const notes = names.filter((name) => /^(Travel|Recipes)\/Note \d+\.md$/.test(name));
  expect(notes).toHaveLength(9);
  const pictures = names.filter((name) => name.startsWith('images/'));
  expect(pictures.sort()).toEqual(images.map((url) => `images/${url.split('/').pop()}`).sort());
  for (const name of pictures) expect(Buffer.from(files[name]!).subarray(8, 12).toString()).toBe('WEBP');
  // The note's picture link points into the zip's images folder, so the folder reads offline.
  expect(new TextDecoder().decode(files['Travel/Note 1.md'])).toContain(
    `](../images/${images[0]?.split('/').pop()})`,
  );
});

test('a running export shows its progress bar after a reload, and a failed one says why', async ({
  page,
}) => {
  await signUpFresh(page, 'Waiting User');
  const now = new Date().toISOString();
  const job = {
    id: 'job-1',
    kind: 'data-export',
    status: 'running',
    progress: { done: 3, total: 12 },
    result: null,
    error: null,
    createdAt: now,
    updatedAt: now,
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  };
  // The server's job is stood in for, so the running state lasts long enough to look at.
  let state: unknown = { job };
  await page.route('**/api/me/data-exports/latest', (route) => route.fulfill({ json: state }));
  await page.goto('/settings?tab=account');
  const bar = page.getByRole('progressbar', { name: 'Preparing your data' });
  await expect(bar).toHaveAttribute('aria-valuenow', '3', { timeout: 20_000 });
  await expect(bar).toHaveAttribute('aria-valuemax', '12');
  await expect(page.getByText('3 of 12 notes written')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Preparing your data...' })).toBeDisabled();

  state = { job: { ...job, progress: { done: 8, total: 12 } } };
  await page.reload();
  await expect(page.getByRole('progressbar', { name: 'Preparing your data' })).toHaveAttribute(
    'aria-valuenow',
    '8',
  );

  state = {
    job: {
      ...job,
      status: 'failed',
      error: {
        code: 'EXPORT_FAILED',
        message: 'Your data could not be prepared. Try again; if it fails again, tell your administrator.',
      },
    },
  };
  await expect(page.getByRole('alert')).toHaveText(/Your data could not be prepared/, { timeout: 5000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download all my data' })).toBeEnabled();
});

test('a link to a help section lands on it', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/help-center/ai-actions#translation-needs-a-model');
  const article = page.getByRole('article', { name: 'AI actions' });
  const heading = article.getByRole('heading', { name: 'Translation needs a model' });
  // The first visit loads the Help Center's chunk (the editor schema renders articles).
  await expect(heading).toBeInViewport({ timeout: 20_000 });
  await expect(article).toContainText('AI_BASE_URL');
  await expect(article).toContainText('AI_MODEL');
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const size of [
    { name: '1280 px', viewport: { width: 1280, height: 800 } },
    { name: '390 px', viewport: { width: 390, height: 844 } },
  ]) {
    test.describe(`${colorScheme}, ${size.name}`, () => {
      test.use({ colorScheme, viewport: size.viewport });
      test('axe is clean on the Help Center and on Settings > Account with a download ready', async ({
        page,
      }) => {
        test.setTimeout(180_000);
        await page.goto('/help-center/offline-and-sync');
        await expect(page.getByRole('article', { name: 'Offline and sync' })).toContainText('Keep both', {
          timeout: 20_000,
        });
        await expectAxeClean(page, `help center (${colorScheme}, ${size.name})`);
        await page.goto('/help-center/account');
        await expect(page.getByRole('article', { name: 'Your account and settings' })).toBeVisible({
          timeout: 20_000,
        });
        await expectAxeClean(page, `help account article (${colorScheme}, ${size.name})`);

        await accountWithNotes(page, 2);
        await page.goto('/settings?tab=account');
        await page.getByRole('button', { name: 'Download all my data' }).click();
        await expect(page.getByRole('link', { name: 'Download', exact: true })).toBeVisible({
          timeout: 20_000,
        });
        await expectAxeClean(page, `settings account (${colorScheme}, ${size.name})`);
      });
    });
  }
}
