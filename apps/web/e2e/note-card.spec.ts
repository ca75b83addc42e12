import { expect, test } from '@playwright/test';
import { createNote, createProject, signUpFresh } from './support';

// A note's card links with a plain anchor; the list routes its clicks in the app (decision 086).
// A click must open the note without loading the page again; Enter on the focused link too; a
// Ctrl-click is the browser's (a new tab), not the app's.

test('a card opens its note in the app, by click and by Enter, without reloading the page', async ({
  page,
}) => {
  await signUpFresh(page, 'Card Links');
  const work = await createProject(page, 'Work');
  await createNote(page, work.id, 'Linked note', 'Opened from its card');
  await page.goto('/notes');
  const link = page.getByRole('link', { name: 'Linked note' });
  await expect(link).toHaveAttribute('href', /\/quick-view\?/);

  // A page load would drop this.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await link.click();
  await expect(page).toHaveURL(/\/quick-view\?/);
  await expect(page.getByRole('textbox', { name: 'Note content' })).toContainText('Opened from its card');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/notes$/);
  await page.getByRole('link', { name: 'Linked note' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/quick-view\?/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Ctrl-click: the browser's new tab; this page stays on All Notes.
  await page.goBack();
  await expect(page).toHaveURL(/\/notes$/);
  const popup = page.context().waitForEvent('page');
  await page.getByRole('link', { name: 'Linked note' }).click({ modifiers: ['Control'] });
  await popup;
  await expect(page).toHaveURL(/\/notes$/);
});
