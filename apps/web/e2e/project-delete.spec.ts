import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiPost, createNote, createProject, signUpFresh, uniqueEmail } from './support';

// The project delete dialog (decision 065): focus starts on Cancel so Enter cancels; it says how many
// notes the project holds and, for a shared project, who else loses access; "Move its N notes to
// Inbox" keeps the notes in view. At desktop size and on a 390 px phone.

function items(page: Page, listName: string) {
  return page.getByRole('list', { name: listName, exact: true }).getByRole('listitem');
}

/**
 * Opens a signed-in page. On a loaded machine the first session read can outlast AUTH_INIT_TIMEOUT_MS
 * (4 s), after which the guard treats the visitor as signed out and shows Capture: open it again then.
 */
async function openSignedIn(page: Page, path: string, heading: string) {
  for (let attempt = 1; ; attempt++) {
    await page.goto(path);
    try {
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible({
        timeout: 45_000,
      });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** A second user in their own browser context, signed up over the API. */
async function otherUser(browser: Browser, name: string): Promise<Page> {
  const baseURL = String(test.info().project.use.baseURL);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email: uniqueEmail('delete'), password: 'correct-horse-9' },
    headers: { origin: baseURL },
  });
  expect(response.ok()).toBe(true);
  return page;
}

for (const size of [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: '390 px', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`project delete dialog (${size.label})`, () => {
    test.use({ viewport: size.viewport });

    test('Enter cancels; "Move its notes to Inbox" keeps the notes in Inbox', async ({ page }) => {
      await signUpFresh(page, 'Careful Deleter');
      const research = await createProject(page, 'Research');
      await createNote(page, research.id, 'Field notes');
      await createNote(page, research.id, 'Reading list');
      await openSignedIn(page, '/projects', 'Projects');

      const openDelete = async () => {
        await page.getByRole('button', { name: 'Project actions for Research' }).click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        const dialog = page.getByRole('alertdialog', { name: 'Delete "Research"?' });
        await expect(dialog).toBeVisible();
        return dialog;
      };

      let dialog = await openDelete();
      await expect(dialog).toContainText('It holds 2 notes.');
      const option = dialog.getByRole('checkbox', { name: 'Move its 2 notes to Inbox' });
      await expect(option).toBeChecked();
      await expect(dialog).toContainText('Its 2 notes move to your Inbox; the empty project moves to Trash.');
      // A stray Enter must not delete: focus starts on Cancel.
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('link', { name: 'Research', exact: true })).toBeVisible();

      dialog = await openDelete();
      await dialog.getByRole('button', { name: 'Delete Project' }).click();
      await expect(page.getByText('Project moved to Trash')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Research', exact: true })).toBeHidden();

      await page.getByRole('link', { name: 'Inbox', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
      await expect(items(page, 'Notes in Inbox')).toHaveCount(2);
      await expect(page.getByRole('link', { name: /Field notes/ })).toBeVisible();
      await expect(page.getByRole('link', { name: /Reading list/ })).toBeVisible();
    });

    test('a shared project names who loses access; its notes can move to the owner\u2019s Inbox', async ({
      page,
      browser,
    }) => {
      await signUpFresh(page, 'Team Owner');
      const team = await apiPost<{ id: string; code: string }>(page, '/api/shared-projects', {
        name: 'Team',
      });
      await createNote(page, team.id, 'Team plan');
      const member = await otherUser(browser, 'Milo Member');
      const joined = await member.request.post('/api/shared-projects/join', {
        data: { code: team.code },
        headers: { origin: String(test.info().project.use.baseURL) },
      });
      expect(joined.ok()).toBe(true);

      await openSignedIn(page, '/shared-projects', 'Shared Projects');
      const card = page.getByRole('article', { name: 'Team' });
      const openDelete = async () => {
        await page
          .getByRole('dialog', { name: 'Project Actions' })
          .getByRole('button', { name: 'Delete project' })
          .click();
        const dialog = page.getByRole('alertdialog', { name: 'Delete "Team"?' });
        await expect(dialog).toBeVisible();
        return dialog;
      };
      await card.getByRole('button', { name: 'Project actions for Team' }).click();
      let dialog = await openDelete();
      await expect(dialog).toContainText('It holds 1 note.');
      await expect(dialog).toContainText('Milo Member loses access (1 member).');
      // Off by default for a shared project: a restore from Trash brings the notes back for everyone.
      const option = dialog.getByRole('checkbox', { name: 'Move its 1 note to Inbox' });
      await expect(option).not.toBeChecked();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('dialog', { name: 'Project Actions' })).toBeVisible();

      dialog = await openDelete();
      await option.check();
      await expect(dialog).toContainText('Members no longer see them, also after a restore.');
      await dialog.getByRole('button', { name: 'Delete for everyone' }).click();
      await expect(card).toBeHidden();

      await openSignedIn(page, '/projects', 'Projects');
      await page.getByRole('link', { name: 'Inbox', exact: true }).click();
      await expect(items(page, 'Notes in Inbox')).toHaveCount(1);
      await expect(page.getByRole('link', { name: /Team plan/ })).toBeVisible();
      expect((await member.request.get(`/api/shared-projects/${team.id}`)).status()).toBe(404);
      await member.context().close();
    });
  });
}
