import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiPost, appOrigin, createNote, createProject, signUpFresh } from './support';

// Trash on the web: deleting moves to Trash with Undo in a toast; /trash restores, deletes for good
// and empties, each destructive step asked first with focus on Cancel.

function items(page: Page, listName: string) {
  return page.getByRole('list', { name: listName, exact: true }).getByRole('listitem');
}

const trashRows = (page: Page) => items(page, 'Items in Trash');

/** DELETE over the API as the signed-in user (setup for tests about the Trash page itself). */
async function apiDelete(page: Page, path: string) {
  const response = await page.request.delete(path, { headers: { origin: appOrigin(page) } });
  expect(response.status(), path).toBe(204);
}

async function deleteNoteFromMenu(page: Page, title: string) {
  await page.getByRole('button', { name: `Note actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete note' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete note?' });
  await expect(confirm).toContainText('moves to Trash');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete note' }).click();
  await expect(page.getByRole('link', { name: title })).toBeHidden();
}

async function openTrashFromNav(page: Page, mobile = false) {
  if (mobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/trash$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
}

async function expectAxeClean(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const serious = results.violations
    .filter(
      (v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'label-content-name-mismatch',
    )
    .map((v) => ({ rule: v.id, nodes: v.nodes.map((node) => node.html.slice(0, 160)) }));
  expect(serious).toEqual([]);
}

test('deleting a note offers Undo, which brings it back', async ({ page }) => {
  await signUpFresh(page, 'Undo Er');
  const home = await createProject(page, 'Home');
  await createNote(page, home.id, 'Alpha note', 'First');
  await createNote(page, home.id, 'Beta note', 'Second');
  await page.goto(`/project/${home.id}`);
  await expect(items(page, 'Notes in Home')).toHaveCount(2);

  await deleteNoteFromMenu(page, 'Alpha note');
  await expect(items(page, 'Notes in Home')).toHaveCount(1);
  await expect(page.getByText('Note moved to Trash')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();

  await expect(page.getByText('Restored "Alpha note"')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Alpha note' })).toBeVisible();
  await expect(items(page, 'Notes in Home')).toHaveCount(2);
  await page.reload();
  await expect(items(page, 'Notes in Home')).toHaveCount(2);
});

test('a deleted note is listed in Trash with its project, and Restore puts it back', async ({ page }) => {
  await signUpFresh(page, 'Trash Reader');
  const home = await createProject(page, 'Home');
  await createNote(page, home.id, 'Gamma note', 'Kept for a month');
  await page.goto(`/project/${home.id}`);
  await deleteNoteFromMenu(page, 'Gamma note');

  await openTrashFromNav(page);
  await expect(trashRows(page)).toHaveCount(1);
  const row = page.getByRole('listitem', { name: 'Gamma note' });
  await expect(row).toContainText('Note');
  await expect(row).toContainText('From Home');
  await expect(row).toContainText('Deleted just now');
  await expect(row).toContainText('Deleted for good in 30 days');
  await expectAxeClean(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAxeClean(page);

  await row.getByRole('button', { name: 'Restore Gamma note' }).click();
  await expect(page.getByText('Restored to Home')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();
  await expect(page.getByText('Deleted notes and projects stay here for 30 days.')).toBeVisible();
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${home.id}`));
  await expect(page.getByRole('link', { name: 'Gamma note' })).toBeVisible();
});

test('a deleted project shows its note count in Trash and comes back with its notes', async ({ page }) => {
  await signUpFresh(page, 'Project Keeper');
  const art = await createProject(page, 'Art');
  await createNote(page, art.id, 'Colour wheel');
  await createNote(page, art.id, 'Perspective');
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Project actions for Art' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete "Art"?' });
  await expect(confirm).toContainText('It holds 2 notes.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // Without the Inbox option the notes go to Trash with the project.
  await confirm.getByRole('checkbox', { name: 'Move its 2 notes to Inbox' }).uncheck();
  await expect(confirm).toContainText('The project and its 2 notes move to Trash.');
  await confirm.getByRole('button', { name: 'Delete Project' }).click();
  await expect(page.getByText('Project moved to Trash')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Art', exact: true })).toBeHidden();

  await openTrashFromNav(page);
  const row = page.getByRole('listitem', { name: 'Art' });
  await expect(row).toContainText('Project');
  await expect(row).toContainText('2 notes');
  await row.getByRole('button', { name: 'Restore Art' }).click();
  await expect(page.getByText('Restored "Art"')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();

  await page.goto(`/project/${art.id}`);
  await expect(items(page, 'Notes in Art')).toHaveCount(2);
});

test('deleting a shared project as its owner offers Undo, which brings it back with its note', async ({
  page,
}) => {
  await signUpFresh(page, 'Group Owner');
  const group = await apiPost<{ id: string }>(page, '/api/shared-projects', { name: 'Study group' });
  await createNote(page, group.id, 'Reading list');
  await page.goto('/shared-projects');
  const card = page.getByRole('article', { name: 'Study group' });
  await card.getByRole('button', { name: 'Project actions for Study group' }).click();
  await page
    .getByRole('dialog', { name: 'Project Actions' })
    .getByRole('button', { name: 'Delete project' })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete "Study group"?' });
  await expect(confirm).toContainText('The project and its 1 note move to Trash for every member.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete for everyone' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByText('Project moved to Trash')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Restored "Study group"')).toBeVisible();
  await expect(card).toBeVisible();
  await expect(card).toContainText('1 item');
});

test('Delete forever and Empty Trash ask first, start on Cancel, and delete for good', async ({ page }) => {
  await signUpFresh(page, 'Clean Sweep');
  const home = await createProject(page, 'Home');
  const one = await createNote(page, home.id, 'Old draft');
  const two = await createNote(page, home.id, 'Scratch');
  const work = await createProject(page, 'Work');
  await createNote(page, work.id, 'Meeting');
  await apiDelete(page, `/api/notes/${one.id}`);
  await apiDelete(page, `/api/notes/${two.id}`);
  await apiDelete(page, `/api/projects/${work.id}`);

  await page.goto('/trash');
  await expect(trashRows(page)).toHaveCount(3);
  // Newest deleted first.
  await expect(trashRows(page).first()).toContainText('Work');

  // Enter on the opened confirmation cancels: focus is on Cancel, not on the red button.
  await page.getByRole('button', { name: 'Delete forever Old draft' }).click();
  let confirm = page.getByRole('alertdialog', { name: 'Delete "Old draft" forever?' });
  await expect(confirm).toContainText('This cannot be undone.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(trashRows(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Delete forever Old draft' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Delete "Old draft" forever?' });
  await confirm.getByRole('button', { name: 'Delete forever' }).click();
  await expect(trashRows(page)).toHaveCount(2);
  await expect(page.getByRole('listitem', { name: 'Old draft' })).toBeHidden();
  // Focus moves on to the row that took its place.
  await expect(page.getByRole('button', { name: 'Restore Scratch' })).toBeFocused();

  await page.getByRole('button', { name: 'Empty Trash' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Empty Trash?' });
  await expect(confirm).toContainText('Delete 2 items forever? This cannot be undone.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Empty Trash' }).click();
  await expect(page.getByText('Trash is empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Empty Trash' })).toBeDisabled();

  // Gone for good: not in Trash after a reload, and the note cannot be restored.
  await page.reload();
  await expect(page.getByText('Trash is empty')).toBeVisible();
  const restore = await page.request.post(`/api/trash/notes/${two.id}/restore`, {
    headers: { origin: appOrigin(page) },
  });
  expect(restore.status()).toBe(404);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('delete, Undo, then Trash and Restore from the mobile menu', async ({ page }) => {
    await signUpFresh(page, 'Phone User');
    const home = await createProject(page, 'Home');
    await createNote(page, home.id, 'Pocket note', 'On the go');
    await createNote(page, home.id, 'A note with a rather long title that has to fit on a phone');
    await page.goto(`/project/${home.id}`);

    await deleteNoteFromMenu(page, 'Pocket note');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Restored "Pocket note"')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pocket note' })).toBeVisible();

    await deleteNoteFromMenu(page, 'Pocket note');
    await deleteNoteFromMenu(page, 'A note with a rather long title that has to fit on a phone');
    await openTrashFromNav(page, true);
    await expect(trashRows(page)).toHaveCount(2);
    // One column, nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    await expectAxeClean(page);

    const row = page.getByRole('listitem', { name: 'Pocket note' });
    const restore = row.getByRole('button', { name: 'Restore Pocket note' });
    expect((await restore.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await restore.click();
    await expect(page.getByText('Restored to Home')).toBeVisible();
    await expect(trashRows(page)).toHaveCount(1);
  });
});
