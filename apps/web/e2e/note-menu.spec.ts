import { expect, test } from '@playwright/test';
import { createNote, createProject, signUpFresh } from './support';

// A note's menu is a plain button until first used; its code loads then (decision 086). The first
// use must behave as Radix's trigger does: a key opens it with the first item focused, a pointer opens
// it, Escape closes it with focus back on the button, and the button's role, name and popup state
// are those of the trigger throughout.

test('a note menu opened first by keyboard focuses its first item, and Escape returns to the button', async ({
  page,
}) => {
  await signUpFresh(page, 'Menu Keys');
  const work = await createProject(page, 'Work');
  await createNote(page, work.id, 'Keyboard note', 'Typed with keys');
  await page.goto('/notes');
  const button = page.getByRole('button', { name: 'Note actions for Keyboard note' });
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Move note' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // Once loaded it is Radix's trigger: the same keys again.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
});

test('a note menu opened first by pointer shows its items and runs them', async ({ page }) => {
  await signUpFresh(page, 'Menu Pointer');
  const work = await createProject(page, 'Work');
  await createNote(page, work.id, 'Pointer note', 'Clicked');
  await page.goto('/notes');
  const button = page.getByRole('button', { name: 'Note actions for Pointer note' });
  await button.click();
  await expect(page.getByRole('menu')).toBeVisible();
  // Outside the open menu the page is hidden from assistive technology (Radix): found by its label.
  await expect(page.locator('button[aria-label="Note actions for Pointer note"]')).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename note' });
  await rename.getByLabel('Title').fill('Pointer renamed');
  await rename.getByLabel('Title').press('Enter');
  await expect(page.getByRole('link', { name: 'Pointer renamed' })).toBeVisible();
  // Focus back on the (renamed) note's button.
  await expect(page.getByRole('button', { name: 'Note actions for Pointer renamed' })).toBeFocused();
});
