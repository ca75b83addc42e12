import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-settled';
import { signUpFresh } from './support';

// The Help Center: search, keyboard, `?`, axe. No assertion depends on timing, so it runs
// with the independent specs on two workers (the tutorial's animations stay in help-tutorial.spec.ts).

test.describe('Help Center', () => {
  test('searches "voice", opens the article from the keyboard, and follows a link into the app', async ({
    page,
  }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    // Only Getting Started is open at first.
    await expect(page.getByRole('button', { name: /^Getting Started \d+ articles?$/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByRole('button', { name: /^Features \d+ articles?$/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await page.getByRole('button', { name: /^Features \d+ articles?$/ }).click();
    await expect(page.getByRole('button', { name: 'Voice assistant' })).toBeVisible();
    await page.getByRole('button', { name: /^Features \d+ articles?$/ }).click();
    await expect(page.getByRole('button', { name: 'Voice assistant' })).toBeHidden();

    const search = page.getByRole('searchbox', { name: 'Search help articles' });
    await search.fill('voice');
    const results = page.getByRole('link', { name: /voice/i });
    await expect(results.first()).toContainText('Voice assistant');
    await expect(results.first().locator('mark').first()).toHaveText(/voice/i);
    // The overview is replaced by the results.
    await expect(page.getByRole('button', { name: /^Getting Started \d+ articles?$/ })).toHaveCount(0);

    await search.press('ArrowDown');
    await expect(results.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/help-center\/voice-assistant$/);
    const article = page.getByRole('article', { name: 'Voice assistant' });
    await expect(article).toContainText('takes notes while you talk');
    await expect(page.getByRole('button', { name: 'Voice assistant' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    // A link from the article into the app is a real route (no reload: the article link is in-app).
    await article.getByRole('link', { name: 'Capture' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  });

  test('shows the overview when nothing matches, and keyboard moves through results', async ({ page }) => {
    await page.goto('/help-center');
    const search = page.getByRole('searchbox', { name: 'Search help articles' });
    await search.fill('xylophone');
    await expect(page.getByText('No articles match “xylophone”')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Getting Started \d+ articles?$/ })).toBeVisible();

    await search.fill('shared project code');
    const links = page.locator('main ul a');
    await expect(links.first()).toBeVisible();
    expect(await links.count()).toBeLessThanOrEqual(10);
    await search.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(search).toBeFocused();
  });

  test('? does not leave the page while typing', async ({ page }) => {
    await signUpFresh(page, 'Typist');
    const text = page.getByRole('textbox', { name: 'Note text' });
    await text.fill('Why');
    await text.press('?');
    await expect(text).toHaveValue('Why?');
    await expect(page).toHaveURL(/\/$/);
  });

  test('has no serious or critical axe violation, with an article open', async ({ page }) => {
    await page.goto('/help-center/getting-started');
    await expect(page.getByRole('article', { name: 'Getting Started' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search help articles' }).fill('voice');
    await expect(page.locator('main mark').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('searchbox', { name: 'Search help articles' }).fill('');
    await expectNoSeriousViolations(page);
  });
});
