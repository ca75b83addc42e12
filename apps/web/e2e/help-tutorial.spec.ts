import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-settled';
import { appOrigin, signUpFresh, signUpThroughDialog } from './support';

/** The six steps as the user sees them: title, where the page is, what is highlighted. */
const STEPS = [
  { title: 'Capture a note', url: /\/$/, target: '[aria-busy]:has(textarea[aria-label="Note text"])' },
  { title: 'AI actions', url: /\/$/, target: '[role="group"][aria-label="AI actions"]' },
  { title: 'Projects', url: /\/projects$/, target: 'main header:has(h1)', text: 'Projects' },
  {
    title: 'Quick View',
    url: /\/quick-view$/,
    target: '#quick-view-columns, div:has(> button[aria-label="Show projects"])',
  },
  {
    title: 'Shared projects',
    url: /\/shared-projects$/,
    target: 'main header:has(h1)',
    text: 'Shared Projects',
  },
  {
    title: 'Voice assistant',
    url: /\/$/,
    target: '[data-voice-phase]',
  },
] as const;

const popover = (page: Page) => page.locator('.driver-popover');

async function expectStep(page: Page, index: number) {
  const step = STEPS[index];
  if (!step) throw new Error(`no step ${index}`);
  await expect(page.getByRole('dialog', { name: step.title })).toBeVisible();
  await expect(page).toHaveURL(step.url);
  await expect(popover(page)).toContainText(
    `Step ${index + 1} of 6 · ${Math.round(((index + 1) / 6) * 100)}%`,
  );
  // The highlighted element is the step's target, on screen.
  const active = page.locator('.driver-active-element');
  await expect(active).toHaveCount(1);
  await expect(active).toBeInViewport();
  expect(await active.evaluate((element, selector) => element.matches(selector), step.target)).toBe(true);
  if ('text' in step) await expect(active.getByRole('heading', { level: 1 })).toHaveText(step.text);
  // Focus is inside the popover.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('.driver-popover') !== null))
    .toBe(true);
}

async function runWholeTutorial(page: Page) {
  for (let index = 0; index < STEPS.length; index++) {
    await expectStep(page, index);
    const previous = popover(page).getByRole('button', { name: 'Previous' });
    if (index === 0) await expect(previous).toBeDisabled();
    else await expect(previous).toBeEnabled();
    if (index === 1) {
      // Previous goes back a step, then Next returns.
      await previous.click();
      await expectStep(page, 0);
      await popover(page).getByRole('button', { name: 'Next' }).click();
      await expectStep(page, 1);
    }
    const last = index === STEPS.length - 1;
    await popover(page)
      .getByRole('button', { name: last ? 'Finish' : 'Next' })
      .click();
  }
  await expect(popover(page)).toHaveCount(0);
  await expectCompleted(page, true);
}

async function expectCompleted(page: Page, completed: boolean) {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('notewise.tutorial.completed') !== null))
    .toBe(completed);
  await expect
    .poll(async () => (await (await page.request.get('/api/me/tutorial')).json()).completed)
    .toBe(completed);
}

test.describe('Help Center', () => {
  // A deep link's first paint waited past 7 s with two browsers at load 40 (decision 087).
  test('deep links to an article, follows links between articles, and opens with ? from anywhere', async ({
    page,
  }) => {
    await page.goto('/help-center/troubleshooting');
    const article = page.getByRole('article', { name: 'Troubleshooting' });
    await expect(article.getByRole('heading', { name: 'My notes are not saving' })).toBeVisible();
    await expect(article).toBeInViewport();
    await expect(page.getByRole('button', { name: /^Troubleshooting \d+ articles?$/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await article.getByRole('link', { name: 'Shared projects', exact: true }).click();
    await expect(page).toHaveURL(/\/help-center\/shared-projects$/);
    await expect(page.getByRole('article', { name: 'Who can do what in a shared project' })).toContainText(
      '6-digit code',
    );

    await page.goto('/help/self-hosting');
    await expect(page.getByRole('article', { name: 'Self-hosting' })).toContainText('pg_dump');

    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('?');
    await expect(page).toHaveURL(/\/help-center$/);
  });
});

test.describe('Tutorial on desktop', () => {
  test('runs all six steps to Finish from /tutorial, and is kept on the account', async ({ page }) => {
    await signUpFresh(page, 'Tour Taker');
    await page.goto('/tutorial');
    await runWholeTutorial(page);

    // A second browser of the same account knows it is done.
    const other = await page
      .context()
      .browser()
      ?.newContext({ baseURL: appOrigin(page) });
    if (!other) throw new Error('no browser');
    const cookies = await page.context().cookies();
    await other.addCookies(cookies);
    const second = await other.newPage();
    await second.goto('/');
    await expect
      .poll(() => second.evaluate(() => localStorage.getItem('notewise.tutorial.completed') !== null))
      .toBe(true);
    await other.close();
  });

  // Two start requests close together once left a replaced tour to show itself later: its Skip ended
  // the newer tour without recording it (fixed in run-tutorial.ts; this caught it about 1 run in 6).
  test('skips with the close button and with Escape; restarts from Settings and Help', async ({ page }) => {
    await signUpFresh(page, 'Skipper');
    await page.goto('/tutorial');
    await expectStep(page, 0);
    await popover(page).getByRole('button', { name: 'Skip tutorial' }).click();
    await expect(popover(page)).toHaveCount(0);
    await expectCompleted(page, true);

    await page.goto('/settings');
    const restart = page.getByRole('button', { name: 'Restart tutorial' });
    await restart.click();
    await expectStep(page, 0);
    // A restart clears the completed flag until the tour ends again.
    await expectCompleted(page, false);
    await popover(page).getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 1);
    await page.keyboard.press('Escape');
    await expect(popover(page)).toHaveCount(0);
    await expectCompleted(page, true);
    // Focus comes back to the page, not lost on the removed popover.
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);

    await page.goto('/help-center');
    await page.getByRole('button', { name: 'Start the tutorial' }).click();
    await expectStep(page, 0);
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(popover(page)).toHaveCount(0);
  });

  test('a new account is offered the tutorial once', async ({ page }) => {
    await signUpThroughDialog(page, 'New Person');
    const offer = page.getByText('Take the one-minute tour?');
    await expect(offer).toBeVisible();
    await page.getByRole('button', { name: 'Start tour' }).click();
    await expectStep(page, 0);
    await page.keyboard.press('Escape');
    await expect(popover(page)).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(offer).toHaveCount(0);
  });
});

test.describe('Tutorial on a phone in dark mode', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, colorScheme: 'dark' });

  test('runs all six steps to Finish at 390 px, each target on screen', async ({ page }) => {
    await signUpFresh(page, 'Phone Tourist');
    await page.goto('/tutorial');
    await expectStep(page, 0);
    // The popover uses the dark theme's surface, not driver.js's white.
    const background = await popover(page).evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe('rgb(28, 28, 31)');
    const box = await popover(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await runWholeTutorial(page);
  });
});
