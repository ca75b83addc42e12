import { expect, type Page, test } from '@playwright/test';
import { createNote, createProject, savedCacheKeys, signUpFresh } from './support';

// All Notes arrives rendered in the HTML for a signed-in page load (decision 097): the cards paint
// before any JavaScript runs, the app then renders over them from the reads that came with the page.

const SCRIPT_TITLE = '</script><script>alert(1)</script>';

/** Before the page's scripts run: when React first changed #root, and every LCP and layout shift. */
async function watchTakeover(page: Page) {
  await page.addInitScript(() => {
    const record = { takeover: -1, lcp: [] as { time: number; size: number }[], shifts: [] as number[] };
    (window as unknown as { firstPage: typeof record }).firstPage = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        record.lcp.push({ time: entry.startTime, size: (entry as unknown as { size: number }).size });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        record.shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      if (!root) return;
      new MutationObserver((_, observer) => {
        record.takeover = performance.now();
        observer.disconnect();
      }).observe(root, { childList: true });
    });
  });
}

test('All Notes is in the HTML: the cards show with JavaScript blocked, a script-like title as text', async ({
  page,
}) => {
  await signUpFresh(page, 'Html First');
  const work = await createProject(page, 'Work');
  await createNote(page, work.id, 'Painted before scripts', 'From the server');
  await createNote(page, work.id, SCRIPT_TITLE, 'Only text');
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });

  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/notes');
  // Painted, but a picture until the app takes over: inert and hidden from assistive technology.
  const hidden = { includeHidden: true } as const;
  await expect(page.getByRole('heading', { name: 'All Notes', level: 1, ...hidden })).toBeVisible();
  const notes = page.getByRole('list', { name: 'Notes', exact: true, ...hidden });
  await expect(notes.getByRole('link', { name: 'Painted before scripts', ...hidden })).toBeVisible();
  await expect(notes.getByRole('link', { name: SCRIPT_TITLE, ...hidden })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Notes summary', ...hidden })).toContainText('2');
  expect(dialogs).toBe(0);
  await expect(page.getByRole('heading', { name: 'All Notes', level: 1 })).toHaveCount(0);
  const preview = page.locator('#root > .first-page-preview');
  await expect(preview).toHaveAttribute('inert', '');
  await expect(preview).toHaveAttribute('aria-hidden', 'true');
});

test('the app renders over the server-rendered page without errors, new requests, a later LCP or a shift', async ({
  page,
}) => {
  await signUpFresh(page, 'Takeover');
  // No page open while the notes are made: their live events would reach it (and a burst of them
  // becomes a 'resync', a refresh of every read, on whichever socket is open).
  await page.goto('about:blank');
  const work = await createProject(page, 'Work');
  for (let index = 1; index <= 14; index += 1) await createNote(page, work.id, `Card ${index}`, 'Body');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await watchTakeover(page);

  await page.goto('/notes');
  // At once, as a user would: found by role, the card menu is the app's, never the server's picture
  // (which is hidden from roles and inert), so the click is not lost.
  await page.getByRole('button', { name: 'Note actions for Card 14' }).click();
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await page.keyboard.press('Escape');
  const notes = page.getByRole('list', { name: 'Notes', exact: true });
  await expect(notes.getByRole('link', { name: 'Card 14' })).toBeVisible();
  // The virtual list (the browser's render) sizes its list; the server's render does not.
  await expect(notes).toHaveAttribute('style', /height/);
  const { record, readsBeforeTakeover } = await page.evaluate(() => {
    type Record = { takeover: number; lcp: { time: number; size: number }[]; shifts: number[] };
    const record = (window as unknown as { firstPage: Record }).firstPage;
    const listPaths = ['/api/me', '/api/notes', '/api/notes/counts', '/api/projects'];
    // The app's own first reads would be sent before its first render; a live event's refresh
    // after it (the events socket connecting may bring one) is not a read of the page's data.
    const readsBeforeTakeover = performance
      .getEntriesByType('resource')
      .filter(
        (entry) => entry.startTime < record.takeover && listPaths.includes(new URL(entry.name).pathname),
      )
      .map((entry) => new URL(entry.name).pathname);
    return { record, readsBeforeTakeover };
  });
  expect(record.takeover).toBeGreaterThan(0);
  expect(record.lcp.length).toBeGreaterThan(0);
  // React's replacement of the server's markup is no larger than what was painted before it (on a
  // busy machine the first paint may come after the takeover: then there is nothing to compare).
  const before = record.lcp.filter((entry) => entry.time < record.takeover);
  const largestBefore = Math.max(0, ...before.map((entry) => entry.size));
  if (before.length > 0)
    for (const entry of record.lcp.filter((later) => later.time >= record.takeover))
      expect(entry.size).toBeLessThanOrEqual(largestBefore);
  // No shift a person could see (sub-pixel rounding once measured 0.00007; CLS counts as good < 0.1).
  expect(record.shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.001);
  // The reads came with the page: none was sent by the app before its first render.
  expect(readsBeforeTakeover).toEqual([]);
  expect(errors).toEqual([]);
});

test('a click before the app has taken over is not lost: the server picture takes none', async ({ page }) => {
  await signUpFresh(page, 'Quick Tapper');
  await page.goto('about:blank');
  const work = await createProject(page, 'Work');
  await createNote(page, work.id, 'Tapped early', 'Body');
  // The app's code held back 1.5 s, as on a slow phone: the server's picture is all there is.
  let held = false;
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    held = true;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  // Not waiting for the load event (which waits for the app's code to run): the tap comes first.
  await page.goto('/notes', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Note actions for Tapped early' }).click();
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  expect(held).toBe(true);
});

test.describe('under the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a load of All Notes still comes from the server, rendered; offline it is the app', async ({
    page,
    context,
  }) => {
    await signUpFresh(page, 'Worker Visitor');
    const me = (await (await page.request.get('/api/me')).json()) as { id: string };
    const work = await createProject(page, 'Work');
    await createNote(page, work.id, 'Rendered again', 'Body');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    await page.goto('/notes');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await page.locator('#notewise-first-page').count()).toBe(1);
    await expect(page.getByRole('link', { name: 'Rendered again' })).toBeVisible();

    // Offline, the app shows what it saved: wait until it has saved the session and the list (a
    // reload straight after the takeover once found nothing saved yet and no page to show).
    await expect
      .poll(async () => (await savedCacheKeys(page, me.id)).some((key) => key[0] === 'notes'), {
        timeout: 15_000,
      })
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'All Notes', level: 1 })).toBeVisible();
    expect(await page.locator('#notewise-first-page').count()).toBe(0);
    await context.setOffline(false);
  });
});
