import { expect, test } from '@playwright/test';
import { createNote, createProject, signUpFresh } from './support';

// All Notes renders a new scroll range in React transitions, after the frame that scrolled
// (decision 113): a keyboard user walking down the list must still meet every card in order, each
// in view when focused, through the next page, and back up again.

const NOTE_COUNT = 60;
/** The first page of All Notes (the rest loads as the end comes into view). */
const PAGE_SIZE = 50;

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

for (const view of ['Grid view', 'List view'] as const)
  test(`${view}: Tab walks All Notes note by note past the rendered range and the first page, Shift+Tab back`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUpFresh(page, 'Keyboard Walker');
    const project = await createProject(page, 'Walk');
    // One after another, so the list's order (newest first) is Card 59 ... Card 0.
    for (let index = 0; index < NOTE_COUNT; index++) await createNote(page, project.id, `Card ${index}`);

    await page.goto('/notes');
    await page.getByRole('radio', { name: view }).click();
    await expect(page.getByRole('radio', { name: view })).toBeChecked();
    const list = page.getByRole('list', { name: 'Notes', exact: true });
    await expect(list).toHaveAttribute('data-count', String(PAGE_SIZE));
    const loadingMore = page.getByRole('status').filter({ hasText: 'Loading more…' });
    await expect(loadingMore).toHaveCount(1);
    // A phone shows a few cards or about ten rows: most of the first page is not in the DOM yet.
    expect(await list.getByRole('article').count()).toBeLessThan(PAGE_SIZE / 2);

    const card = (index: number) => page.getByRole('link', { name: `Card ${index}`, exact: true });
    await card(NOTE_COUNT - 1).focus();
    for (let index = NOTE_COUNT - 1; index >= 0; index--) {
      await expect(card(index)).toBeFocused();
      await expect(card(index)).toBeInViewport();
      await page.keyboard.press('Tab');
      await expect(
        page.getByRole('button', { name: `Note actions for Card ${index}`, exact: true }),
      ).toBeFocused();
      // The last card of the first page: the next page loads (a user sees "Loading more…") first.
      if (index === NOTE_COUNT - PAGE_SIZE)
        await expect(list).toHaveAttribute('data-count', String(NOTE_COUNT));
      if (index > 0) await page.keyboard.press('Tab');
    }
    await expect(loadingMore).toHaveCount(0);

    // Back up past the cards the walk down unmounted.
    for (let index = 0; index < 12; index++) {
      await page.keyboard.press('Shift+Tab');
      await expect(card(index)).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(
        page.getByRole('button', { name: `Note actions for Card ${index + 1}`, exact: true }),
      ).toBeFocused();
    }
    await page.keyboard.press('Shift+Tab');
    await expect(card(12)).toBeFocused();
    await expect(card(12)).toBeInViewport();
    // The list's DOM stayed small: only the cards near the focused one are mounted.
    expect(await list.getByRole('article').count()).toBeLessThan(PAGE_SIZE / 2);
  });
