import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './support';

// The composer's draft with two tabs of one browser open (decision 103): each tab's words survive any
// order of capturing, closing and reloading in the other, and none is restored or offered twice.
// Every wait is on an event (the draft's save answered, an element shown), none on a clock.

const box = (page: Page) => page.getByRole('textbox', { name: 'Note text' });

/** Types into the composer and waits until the draft holding exactly `text` is saved on the server. */
async function typeAndSave(page: Page, text: string) {
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/api/drafts/note_input') &&
      response.request().method() === 'PUT' &&
      response.request().postDataJSON()?.content === text,
  );
  await box(page).click();
  await page.keyboard.type(text);
  expect((await saved).ok()).toBe(true);
}

/** A signed-in user with the composer open in two tabs of one browser. */
async function twoTabs(page: Page, name: string): Promise<[Page, Page]> {
  await page.goto('/help-center');
  await signUpViaApi(page, name);
  await page.goto('/');
  const other = await page.context().newPage();
  await other.goto('/');
  await expect(box(page)).toBeEditable();
  await expect(box(other)).toBeEditable();
  return [page, other];
}

test("Add Note in one tab clears only that tab's draft: the other tab's words survive its reload and its close", async ({
  page,
}) => {
  const [a, b] = await twoTabs(page, 'Two Tabs');
  await typeAndSave(a, 'alpha words');
  await typeAndSave(b, 'beta words');

  await b.getByRole('button', { name: 'Add Note' }).click();
  await expect(b.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 15_000 });

  // A saved last before B captured; A's words are not B's to clear.
  await a.reload();
  await expect(box(a)).toHaveValue('alpha words');

  // A goes away without typing again: its words come back in the next reload of B, once.
  await a.close();
  await b.reload();
  await expect(box(b)).toHaveValue('alpha words');
  await expect(b.getByRole('region', { name: 'Earlier draft' })).toHaveCount(0);
});

test("a closed tab's words come back in the other tab's reload, and an open tab's are never taken", async ({
  page,
}) => {
  const [a, b] = await twoTabs(page, 'Closer');
  await typeAndSave(a, 'alpha');
  await typeAndSave(b, 'beta');

  // A is still open with its text: B's reload restores only B's own words.
  await b.reload();
  await expect(box(b)).toHaveValue('beta');
  await expect(b.getByRole('region', { name: 'Earlier draft' })).toHaveCount(0);
  await expect(box(a)).toHaveValue('alpha');

  // A closes with nothing unsaved (B saved after it): its words are not lost...
  await a.close();
  await b.reload();
  await expect(box(b)).toHaveValue('alpha\n\nbeta');
  // ...and not restored twice.
  await b.reload();
  await expect(box(b)).toHaveValue('alpha\n\nbeta');
});

test('a tab opened from another (its session copied, slot id and all) keeps a slot of its own', async ({
  page,
}) => {
  await page.goto('/help-center');
  await signUpViaApi(page, 'Opener');
  await page.goto('/');
  await expect(box(page)).toBeEditable();
  // window.open copies the opener's sessionStorage, as "Duplicate tab" does: seen before the app runs.
  const tabId = () => window.sessionStorage.getItem('notewise.composer-tab');
  await page.context().addInitScript(() => {
    (window as unknown as { idAtStart: string | null }).idAtStart =
      window.sessionStorage.getItem('notewise.composer-tab');
  });
  const opened = page.context().waitForEvent('page');
  await page.evaluate(() => window.open('/', '_blank'));
  const copy = await opened;
  await expect(box(copy)).toBeEditable();
  const firstId = await page.evaluate(tabId);
  expect(await copy.evaluate(() => (window as unknown as { idAtStart: string | null }).idAtStart)).toBe(
    firstId,
  );
  await expect.poll(() => copy.evaluate(tabId)).not.toBe(firstId);

  await typeAndSave(page, 'from the first tab');
  await typeAndSave(copy, 'from the copy');
  await page.reload();
  await expect(box(page)).toHaveValue('from the first tab');
  await copy.reload();
  await expect(box(copy)).toHaveValue('from the copy');
});

test("a closed tab's words arriving after typing began are offered beside the box with this tab's own, once", async ({
  page,
}) => {
  const [a, b] = await twoTabs(page, 'Late Reader');
  await typeAndSave(a, 'alpha');
  await typeAndSave(b, 'beta');
  await a.close();

  // B's draft read is held until B has typed (decision 094: late whatever the load).
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await b.route('**/api/drafts/note_input', async (route) => {
    if (route.request().method() === 'GET') await released;
    await route.continue();
  });
  await b.reload();
  await box(b).click();
  await b.keyboard.type('typed');
  const answered = b.waitForResponse(
    (response) => response.url().endsWith('/api/drafts/note_input') && response.request().method() === 'GET',
  );
  // Offered, the earlier words are saved ahead of the typed ones; adding them saves the same text.
  const saved = b.waitForResponse(
    (response) =>
      response.url().includes('/api/drafts/note_input') &&
      response.request().method() === 'PUT' &&
      response.request().postDataJSON()?.content === 'alpha\n\nbeta\n\ntyped',
  );
  release();
  await answered;

  const earlier = b.getByRole('region', { name: 'Earlier draft' });
  await expect(earlier).toContainText('alpha');
  await expect(earlier).toContainText('beta');
  await expect(box(b)).toHaveValue('typed');
  await earlier.getByRole('button', { name: 'Add to note' }).click();
  await expect(box(b)).toHaveValue('alpha\n\nbeta\n\ntyped');
  await expect(earlier).toHaveCount(0);

  // Added once: a reload brings the box back as it is, nothing offered again.
  await b.unroute('**/api/drafts/note_input');
  expect((await saved).ok()).toBe(true);
  await b.reload();
  await expect(box(b)).toHaveValue('alpha\n\nbeta\n\ntyped');
  await expect(earlier).toHaveCount(0);
});
