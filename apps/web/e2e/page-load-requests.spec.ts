import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './support';

/** Counts the page's GET /api/me requests (the path exactly: /api/me/tutorial etc. are other reads). */
function countSessionReads(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/me') count += 1;
  });
  return () => count;
}

// A page load reads the session once: the early request's answer (decision 079) is used, a signed-out
// 401 included (it was dropped and asked again: two reads per signed-out visit, decision 094).
for (const path of ['/', '/help-center']) {
  test(`a signed-out visit to ${path} asks for the session once`, async ({ page }) => {
    const sessionReads = countSessionReads(page);
    await page.goto(path);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(sessionReads()).toBe(1);
  });
}

test('a signed-in reload asks for the session once', async ({ page }) => {
  await page.goto('/help-center');
  await signUpViaApi(page, 'Once');
  const sessionReads = countSessionReads(page);
  await page.goto('/');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Sign Out/ }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sessionReads()).toBe(1);
});
