import { expect, type Page, test } from '@playwright/test';
import { createNote, createProject, signUpFresh } from './support';

/** The notes (or projects) list on a page, item by item. */
function items(page: Page, listName: string) {
  return page.getByRole('list', { name: listName, exact: true }).getByRole('listitem');
}

test('creates projects from a template and a custom one, renames, recolours and deletes', async ({
  page,
}) => {
  await signUpFresh(page, 'Pro Jects');
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();

  // A template creates its whole set.
  await page.getByRole('button', { name: 'New Project' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'New Project' });
  await dialog.getByRole('tab', { name: 'Template' }).click();
  await dialog.getByRole('radio', { name: 'Student' }).click();
  await dialog.getByRole('button', { name: 'Create 8 Projects' }).click();
  await expect(dialog).toBeHidden();
  await expect(items(page, 'Projects')).toHaveCount(8);
  for (const name of ['Math', 'History', 'Philosophy']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }

  // A custom project: Create stays disabled until the trimmed name has text.
  await page.getByRole('button', { name: 'New Project' }).click();
  dialog = page.getByRole('dialog', { name: 'New Project' });
  const create = dialog.getByRole('button', { name: 'Create Project' });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Name').fill('   ');
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Name').fill('Biology 101');
  await dialog.getByLabel('Description (optional)').fill('Cells and genes');
  await dialog.getByRole('radio', { name: 'Green' }).click();
  await create.click();
  await expect(dialog).toBeHidden();
  const biology = page.getByRole('article', { name: 'Biology 101' });
  await expect(biology).toContainText('Cells and genes');
  await expect(items(page, 'Projects')).toHaveCount(9);

  // Rename in place: Enter saves, Escape cancels.
  await page.getByRole('button', { name: 'Project actions for Math' }).click();
  await page.getByRole('menuitem', { name: 'Edit name' }).click();
  const nameField = page.getByRole('textbox', { name: 'Project name' });
  await expect(nameField).toBeFocused();
  await nameField.fill('Mathematics');
  await nameField.press('Enter');
  await expect(page.getByRole('link', { name: 'Mathematics', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Project actions for History' }).click();
  await page.getByRole('menuitem', { name: 'Edit name' }).click();
  await nameField.fill('Not this');
  await nameField.press('Escape');
  await expect(page.getByRole('link', { name: 'History', exact: true })).toBeVisible();

  // Recolour through the Color submenu.
  await page.getByRole('button', { name: 'Project actions for Mathematics' }).click();
  await page.getByRole('menuitem', { name: 'Color' }).click();
  await page.getByRole('menuitemradio', { name: 'Purple' }).click();
  await page.getByRole('button', { name: 'Project actions for Mathematics' }).click();
  await page.getByRole('menuitem', { name: 'Color' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Purple' })).toBeChecked();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // Delete asks first, naming the project and its notes.
  await page.getByRole('button', { name: 'Project actions for Art' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete "Art"?' });
  await expect(confirm).toContainText('moves to Trash');
  // A stray Enter must not delete: focus starts on Cancel.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete Project' }).click();
  await expect(page.getByRole('link', { name: 'Art', exact: true })).toBeHidden();

  // All of it was saved.
  await page.reload();
  await expect(items(page, 'Projects')).toHaveCount(8);
  await expect(page.getByRole('link', { name: 'Mathematics', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Art', exact: true })).toBeHidden();

  // Clicking a project opens its notes.
  await page.getByRole('link', { name: 'Biology 101' }).click();
  await expect(page).toHaveURL(/\/project\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Biology 101' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No notes in this project yet' })).toBeVisible();
});

test('pins, renames, moves and deletes notes', async ({ page }) => {
  await signUpFresh(page, 'Note Keeper');
  const work = await createProject(page, 'Work');
  const home = await createProject(page, 'Home');
  await createNote(page, work.id, 'Alpha note', 'First things first');
  await createNote(page, work.id, 'Beta note', 'Second thoughts');
  await createNote(page, work.id, 'Gamma note', 'Third time lucky');

  await page.goto(`/project/${work.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Work' })).toBeVisible();
  const notes = items(page, 'Notes in Work');
  await expect(notes).toHaveCount(3);
  await expect(notes.first()).toContainText('Gamma note');

  // Pinning moves the note first.
  await page.getByRole('button', { name: 'Note actions for Alpha note' }).click();
  await page.getByRole('menuitem', { name: 'Pin note' }).click();
  await expect(notes.first()).toContainText('Alpha note');
  await expect(notes.first().getByRole('img', { name: 'Pinned' })).toBeVisible();
  await page.reload();
  await expect(notes.first()).toContainText('Alpha note');

  // ...and onto Pinned Notes.
  await page.goto('/pinned-notes');
  await expect(items(page, 'Pinned notes')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Alpha note' })).toBeVisible();

  // Rename from All Notes: Save only when the trimmed title is new.
  await page.goto('/notes');
  await expect(items(page, 'Notes')).toHaveCount(3);
  await page.getByRole('button', { name: 'Note actions for Beta note' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename note' });
  const save = rename.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await rename.getByLabel('Title').fill('  Beta note ');
  await expect(save).toBeDisabled();
  await rename.getByLabel('Title').fill('Beta renamed');
  await rename.getByLabel('Title').press('Enter');
  await expect(rename).toBeHidden();
  await expect(page.getByRole('link', { name: 'Beta renamed' })).toBeVisible();

  // Move: the note leaves the project's list.
  await page.goto(`/project/${work.id}`);
  await page.getByRole('button', { name: 'Note actions for Gamma note' }).click();
  await page.getByRole('menuitem', { name: 'Move note' }).click();
  const move = page.getByRole('dialog', { name: 'Move note' });
  await expect(move.getByRole('radio', { name: /Work/ })).toBeDisabled();
  await expect(move.getByRole('button', { name: 'Move' })).toBeDisabled();
  await move.getByRole('radio', { name: /Home/ }).click();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toBeHidden();
  await expect(page.getByRole('link', { name: 'Gamma note' })).toBeHidden();
  await expect(notes).toHaveCount(2);

  // Delete asks first.
  await page.getByRole('button', { name: 'Note actions for Beta renamed' }).click();
  await page.getByRole('menuitem', { name: 'Delete note' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete note?' });
  await expect(confirm).toContainText('"Beta renamed"');
  await confirm.getByRole('button', { name: 'Delete note' }).click();
  await expect(page.getByRole('link', { name: 'Beta renamed' })).toBeHidden();
  await expect(notes).toHaveCount(1);

  // The server agrees.
  await page.reload();
  await expect(notes).toHaveCount(1);
  await expect(notes.first()).toContainText('Alpha note');
  await page.goto(`/project/${home.id}`);
  await expect(items(page, 'Notes in Home')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Gamma note' })).toBeVisible();

  // Clicking a note opens it in Quick View.
  await page.getByRole('link', { name: 'Gamma note' }).click();
  await expect(page).toHaveURL(new RegExp(`/quick-view\\?project=${home.id}&note=[^&]+$`));
});

test('searches notes from Capture and opens the result', async ({ page }) => {
  await signUpFresh(page, 'Sear Cher');
  const project = await createProject(page, 'Plans');
  await createNote(page, project.id, 'Grocery list', 'Milk and bread');
  const roadmap = await createNote(
    page,
    project.id,
    'Quarterly roadmap',
    'Plan the launch of the orbit feature',
  );
  await page.reload();
  await expect(page.getByText(/Welcome.*Sear Cher/)).toBeVisible();

  const search = page.getByRole('combobox', { name: 'Search notes' });
  await search.focus();
  const recent = page.getByRole('listbox', { name: 'Recent Notes' });
  await expect(recent.getByRole('option')).toHaveCount(2);

  await search.fill('zzqx');
  await expect(page.getByText('No notes found matching your search')).toBeVisible();
  await expect(page.getByText('Try different keywords or check your spelling')).toBeVisible();

  await search.fill('orbit');
  const results = page.getByRole('listbox', { name: 'Search Results (1)' });
  await expect(results.getByRole('option', { name: /Quarterly roadmap/ })).toBeVisible();
  await search.press('Escape');
  await expect(results).toBeHidden();

  // Ctrl+K brings focus back from anywhere on the page; Enter opens the highlighted result.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Control+k');
  await expect(search).toBeFocused();
  await expect(results.getByRole('option', { name: /Quarterly roadmap/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await search.press('Enter');
  await expect(page).toHaveURL(`/quick-view?project=${project.id}&note=${roadmap.id}`);
});

test('highlightNote rings the note for 3 seconds', async ({ page }) => {
  await signUpFresh(page, 'High Light');
  const project = await createProject(page, 'Reading');
  const target = await createNote(page, project.id, 'Chapter one');
  await createNote(page, project.id, 'Chapter two');

  await page.goto(`/project/${project.id}?highlightNote=${target.id}`);
  const card = page.getByRole('article', { name: 'Chapter one' });
  await expect(card).toHaveAttribute('data-highlighted', 'true');
  await expect(page.getByRole('article', { name: 'Chapter two' })).not.toHaveAttribute('data-highlighted');
  await expect(card).not.toHaveAttribute('data-highlighted', { timeout: 5_000 });
});

test('unknown projects say so', async ({ page }) => {
  await signUpFresh(page, 'Lost Soul');
  await page.goto('/projects/no-such-project');
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Projects' }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test('without access (FREE plan) New Project and New Note are disabled', async ({ page }) => {
  await signUpFresh(page, 'Free Rider');
  // The access check is the server's `access` flag; pretend the trial is over.
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    const me = await response.json();
    await route.fulfill({ response, json: { ...me, plan: 'FREE', access: false, trialActive: false } });
  });
  await page.goto('/projects');
  const newProject = page.getByRole('button', { name: 'New Project' }).first();
  await expect(newProject).toBeDisabled();
  await expect(newProject).toHaveAccessibleDescription(/PRO trial or the UNLIMITED plan/);
  // Gone to in the app: a page load of All Notes brings the real session in its HTML (decision 097).
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Notes', exact: true })
    .click();
  await expect(page).toHaveURL(/\/notes$/);
  await expect(page.getByRole('button', { name: 'New Note' }).first()).toBeDisabled();
  await page.goto('/pinned-notes');
  await expect(page.getByRole('button', { name: 'New Note' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create & Pin Note' })).toBeDisabled();
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('searches in the full-screen search and reaches note menus', async ({ page }) => {
    await signUpFresh(page, 'Mo Bile');
    const project = await createProject(page, 'Pocket');
    const note = await createNote(page, project.id, 'Bus timetable', 'Line 42 leaves at seven');
    await page.reload();

    await page.getByRole('button', { name: 'Search notes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search notes' });
    await expect(dialog.getByRole('listbox', { name: 'Recent Notes' }).getByRole('option')).toHaveCount(1);
    await dialog.getByRole('combobox', { name: 'Search notes' }).fill('timetable');
    await dialog.getByRole('option', { name: /Bus timetable/ }).click();
    await expect(page).toHaveURL(`/quick-view?project=${project.id}&note=${note.id}`);

    // No hover-only controls: the note menu is there to tap.
    await page.goto('/notes');
    await page.getByRole('button', { name: 'Note actions for Bus timetable' }).tap();
    await expect(page.getByRole('menuitem', { name: 'Pin note' })).toBeVisible();
  });
});
