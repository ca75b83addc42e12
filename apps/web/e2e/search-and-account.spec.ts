import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { appOrigin, createNote, createProject, signUpFresh } from './support';

/**
 * Search that reaches every note and Settings > Account (decision 055), at desktop size and on a
 * 390 px phone: 32 matching notes all reachable with the word marked, a misspelt word in the All Notes
 * filter, the data download's zip, and deleting the account.
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

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} size`, () => {
    test.use({ viewport: viewport.size });

    test('search reaches all 32 matching notes with the word marked; All Notes forgives a typo', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signUpFresh(page, 'Search Tester');
      const project = await createProject(page, 'Kitchen');
      const filler = 'Market notes about bread, cheese and the weather this week. '.repeat(4);
      for (let i = 1; i <= 32; i++) {
        await createNote(page, project.id, `Recipe ${i}`, `${filler}Add one ripe avocado to batch ${i}.`);
      }
      await createNote(page, project.id, 'Shopping', 'Bread and milk.');
      await page.goto('/');

      // Capture's quick list shows 10 and says there are more; "Show all results" opens the page.
      if (viewport.name === 'phone') {
        await page.getByRole('button', { name: 'Search notes' }).click();
        await page
          .getByRole('dialog', { name: 'Search notes' })
          .getByRole('combobox', { name: 'Search notes' })
          .fill('avocado');
      } else {
        await page.getByRole('combobox', { name: 'Search notes' }).fill('avocado');
      }
      await expect(
        page.getByRole('listbox', { name: 'Search Results (10+)' }).getByRole('option'),
      ).toHaveCount(10);
      await page.getByRole('link', { name: 'Show all results' }).click();
      await expect(page).toHaveURL(/\/search\?q=avocado$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();

      const results = page.getByRole('list', { name: 'Search results' });
      await expect(results.getByRole('listitem')).toHaveCount(20);
      await expect(page.getByRole('status').filter({ hasText: '20+ results' })).toBeVisible();
      await page.getByRole('button', { name: 'Show more results' }).click();
      await expect(results.getByRole('listitem')).toHaveCount(32);
      await expect(page.getByRole('button', { name: 'Show more results' })).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: /^32 results$/ })).toBeVisible();
      // Every result shows the passage with the word, marked.
      const titles = await results.getByRole('listitem').allInnerTexts();
      const numbers = titles.map((text) => Number(/Recipe (\d+)/.exec(text)?.[1])).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
      await expect(results.locator('mark', { hasText: /^avocado$/ })).toHaveCount(32);

      // Keyboard: the down arrow moves from the search box into the results and along them.
      const box = page.getByRole('searchbox', { name: 'Search all notes' });
      await box.focus();
      await page.keyboard.press('ArrowDown');
      const links = results.getByRole('link');
      await expect(links.nth(0)).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(links.nth(1)).toBeFocused();
      await page.keyboard.press('End');
      await expect(links.nth(31)).toBeFocused();
      await expectAxeClean(page, 'search page');

      // Filtering to shared projects only: none of these notes.
      await page.getByRole('combobox', { name: 'Kind of project' }).selectOption('shared');
      await expect(page.getByText('No notes found matching your search')).toBeVisible();

      // The All Notes filter is the same typo-tolerant search.
      // (The server learns new words for typo correction in its maintenance pass, every 30 s; until
      // then a misspelling of a word only new notes hold finds nothing, so the search is retried.)
      await page.goto('/notes');
      const filter = page.getByRole('searchbox', { name: 'Search notes' });
      const filtered = page.getByRole('list', { name: 'Search results' });
      await expect(async () => {
        await filter.fill('');
        // Long enough for the box to settle empty, so the search runs again (a fresh request).
        await page.waitForTimeout(500);
        await filter.fill('avocdo');
        await expect(filtered.getByRole('listitem')).toHaveCount(20, { timeout: 3_000 });
      }).toPass({ timeout: 45_000 });
      await expect(filtered.locator('mark', { hasText: /^avocado$/ }).first()).toBeVisible();
    });

    test('download all my data, then delete the account: signed out everywhere, and the password no longer works', async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const { email, password } = await signUpFresh(page, 'Leaving User');
      const project = await createProject(page, 'Travel');
      const note = await createNote(page, project.id, 'Packing list', 'Passport and charger.');
      await createNote(page, project.id, 'Hotels', 'Lisbon, Porto.');
      const picture = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#2277cc' } })
        .png()
        .toBuffer();
      const uploaded = await page.request.post('/api/images', {
        headers: { origin: appOrigin(page) },
        multipart: {
          noteId: note.id,
          file: { name: 'map.png', mimeType: 'image/png', buffer: picture },
        },
      });
      expect(uploaded.status()).toBe(201);
      const image = (await uploaded.json()).image as { url: string };
      const patched = await page.request.patch(`/api/notes/${note.id}`, {
        headers: { origin: appOrigin(page) },
        data: { content: `Passport and charger.\n\n![map](${image.url})`, version: 1 },
      });
      expect(patched.ok()).toBe(true);

      await page.goto('/settings?tab=account');
      await expect(page.getByRole('heading', { name: 'Download all my data' })).toBeVisible({
        timeout: 20_000,
      });
      await expectAxeClean(page, 'settings account');
      // Prepared in the background (decision 064), then offered as a download.
      await page.getByRole('button', { name: 'Download all my data' }).click();
      const link = page.getByRole('link', { name: 'Download', exact: true });
      await expect(link).toBeVisible({ timeout: 20_000 });
      const downloadEvent = page.waitForEvent('download');
      await link.click();
      const download = await downloadEvent;
      const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
      const imageFile = `images/${image.url.split('/').pop()}`;
      expect(Object.keys(files)).toEqual(
        expect.arrayContaining(['Travel/Packing list.md', 'Travel/Hotels.md', 'account.json', imageFile]),
      );
      expect(new TextDecoder().decode(files['Travel/Packing list.md'])).toContain(`](../${imageFile})`);

      // A second device signed in to the same account.
      const baseURL = String(test.info().project.use.baseURL);
      const other = await browser.newContext({ baseURL });
      const otherSignIn = await other.request.post('/api/auth/sign-in/email', {
        headers: { origin: new URL(baseURL).origin },
        data: { email, password },
      });
      expect(otherSignIn.ok()).toBe(true);
      expect((await other.request.get('/api/me')).status()).toBe(200);

      await page.getByRole('button', { name: 'Delete my account...' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(dialog.getByText('Project "Travel" and its 2 notes')).toBeVisible();
      await expectAxeClean(page, 'delete account dialog');
      await dialog.getByLabel('Your password').fill('not-the-password');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await expect(
        dialog.getByText('That password is not correct. Your account was not deleted.'),
      ).toBeVisible();
      await dialog.getByLabel('Your password').fill(password);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();

      await expect(page).toHaveURL(/\/$/);
      // Signed out: the app offers signing in (the phone bar) or up (the desktop menu).
      await expect(page.getByRole('button', { name: /^Sign (Up|In)$/ }).first()).toBeVisible();
      expect((await page.request.get('/api/me')).status()).toBe(401);
      // The other device's session ended too.
      expect((await other.request.get('/api/me')).status()).toBe(401);
      await other.close();
      const signIn = await page.request.post('/api/auth/sign-in/email', {
        headers: { origin: appOrigin(page) },
        data: { email, password },
      });
      expect(signIn.status()).toBeGreaterThanOrEqual(400);
    });
  });
}

test.describe('smaller items', () => {
  test('Ctrl+Enter adds a note; the resume link is a 44 px target on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpFresh(page, 'Quick Writer');
    await createProject(page, 'Inbox-ish');
    await page.getByRole('textbox', { name: 'Note text' }).fill('Buy stamps');
    await page.getByRole('textbox', { name: 'Note text' }).press('Control+Enter');
    await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible();
    await page
      .getByRole('dialog', { name: 'Success!' })
      .getByRole('button', { name: 'Close' })
      .first()
      .click();

    await page.goto('/pinned-notes');
    await expect(page.getByRole('heading', { level: 1, name: 'Pinned Notes' })).toBeVisible();
    await page.waitForTimeout(800);
    await page.goto('/');
    const back = page.getByRole('link', { name: 'Continue where you left off: Pinned Notes' });
    await expect(back).toBeVisible();
    expect((await back.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  });

  test('an error from an earlier attempt does not stay beside a new one', async ({ page, playwright }) => {
    // Settings: a refused file's message goes when a URL is tried instead.
    await signUpFresh(page, 'Stale Errors');
    await page.goto('/settings');
    await page.getByLabel('Picture file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    const fileError = page.getByText('Please select a valid image file.');
    await expect(fileError).toBeVisible();
    await page.getByRole('textbox', { name: 'Image URL' }).fill('https://example.com/me.png');
    await expect(fileError).toHaveCount(0);

    // Sign-in: the sign-up's note does not stay beside the sign-in's error.
    const existing = `stale-${Date.now()}@example.com`;
    const other = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    await other.post('/api/auth/sign-up/email', {
      data: { name: 'Existing', email: existing, password: 'correct-horse-9' },
      headers: { origin: new URL(page.url()).origin },
    });
    await other.dispose();
    await page.context().clearCookies();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Account' });
    await dialog.getByLabel('Display name').fill('Second Try');
    await dialog.getByLabel('Email').fill(existing);
    await dialog.getByLabel('Password', { exact: true }).fill('another-horse-9');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    const note = page.getByText(
      'Your account could not be opened. If you already have an account with this email, sign in.',
    );
    await expect(note).toBeVisible();
    const signIn = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('button', { name: 'Sign In', exact: true }) });
    await signIn.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(note).toHaveCount(0);
  });
});
