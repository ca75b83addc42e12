import { expect, type Page, test } from '@playwright/test';
import { createNote, createProject, signUpFresh } from './support';

// A page load's first render is the page itself once its code, the session and its first data are in
// (main.tsx waits for them, at most 1 s), and that first page shows without the fade; pages the
// visitor then goes to fade in (decision 089). A slow session read still gets the loading indicator.

/** Records, before the page's scripts run, whether a loading status showed in <main> before the first note. */
async function watchLoadingBeforeNotes(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
    new MutationObserver((_, observer) => {
      if (document.querySelector('main article')) return observer.disconnect();
      for (const status of document.querySelectorAll('main [role="status"]'))
        if (!seen.includes(status.textContent ?? '')) seen.push(status.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The animation of the page wrapper (PageTransition) around the page whose heading is `title`. */
const pageAnimation = (page: Page, title: string) =>
  page
    .locator('main > div', { has: page.getByRole('heading', { name: title, level: 1 }) })
    .evaluate((element) => getComputedStyle(element).animationName);

test('All Notes opened by a page load shows its notes first, without a loading state or a fade; the next page fades in', async ({
  page,
}) => {
  await signUpFresh(page, 'First Render');
  const work = await createProject(page, 'Work');
  await createNote(page, work.id, 'Shown at once', 'No spinner before me');
  await watchLoadingBeforeNotes(page);
  await page.goto('/notes');

  const notes = page.getByRole('list', { name: 'Notes', exact: true });
  await expect(notes.getByRole('link', { name: 'Shown at once' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen)).toEqual([]);
  expect(await pageAnimation(page, 'All Notes')).toBe('none');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Projects', exact: true })
    .click();
  await expect(page).toHaveURL(/\/projects$/);
  // Polled: the wrapper found may be replaced as the page's code arrives (a detached one reads '').
  await expect.poll(() => pageAnimation(page, 'Projects')).toBe('page-in');
});

// On Projects: All Notes' page load brings the session in its HTML (decision 097).
test('a slow session read still shows the loading indicator, then the page', async ({ page }) => {
  await signUpFresh(page, 'Slow Session');
  await createProject(page, 'After the wait');
  await page.route('**/api/me', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  await watchLoadingBeforeNotes(page);
  await page.goto('/projects');
  await expect(page.getByRole('link', { name: /After the wait/ }).first()).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen)).toContain(
    'Loading your session',
  );
});
