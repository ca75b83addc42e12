import {
  JOIN_MESSAGES,
  PERMISSION_MESSAGES,
  SHARED_PROJECT_READY,
  SHARED_PROJECT_STAGES,
} from '@notewise/shared';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from './support';

// Two browser contexts are two users. Setup that is not under test goes through the API from each
// page's own context (the session cookie is shared with the page).

interface SharedProjectBody {
  id: string;
  name: string;
  code: string | null;
}

function baseURL(): string {
  return String(test.info().project.use.baseURL);
}

/** A fresh user in a fresh context, signed up over the API, on the home page. */
async function newUser(browser: Browser, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email: uniqueEmail('share'), password: 'correct-horse-9' },
    headers: { origin: baseURL() },
  });
  expect(response.ok()).toBe(true);
  return page;
}

async function api<T>(page: Page, method: 'post' | 'patch' | 'delete', path: string, data?: unknown) {
  const response = await page.request[method](path, { data, headers: { origin: baseURL() } });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** The live-events client says it is connected (html[data-realtime]), so no event can slip past. */
async function expectLive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
}

async function openJoinForm(page: Page) {
  await page.getByRole('button', { name: 'New Shared Project' }).first().click();
  await page
    .getByRole('dialog', { name: 'New Shared Project' })
    .getByRole('button', { name: /Join with a code/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Join with a code' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('creates a shared project through the dialog and joins it by code, with the join errors', async ({
  browser,
}) => {
  test.setTimeout(45_000);
  const owner = await newUser(browser, 'Olive Owner');
  await owner.goto('/shared-projects');
  await expect(owner.getByRole('heading', { name: 'No shared projects yet' })).toBeVisible();

  // Create: choice screen, then the form; the progress modal ends in 'Project Ready!'.
  await owner.getByRole('button', { name: 'New Shared Project' }).first().click();
  await owner
    .getByRole('dialog', { name: 'New Shared Project' })
    .getByRole('button', { name: /Create a shared project/ })
    .click();
  const createDialog = owner.getByRole('dialog', { name: 'Create a shared project' });
  const createButton = createDialog.getByRole('button', { name: 'Create Project' });
  await expect(createButton).toBeDisabled();
  await createDialog.getByLabel('Name').fill('Book Club');
  await createDialog.getByLabel('Description (optional)').fill('Monthly reads and notes');
  await createDialog.getByRole('radio', { name: 'Purple' }).click();
  // Record every stage the progress bar announces, to check they come in order.
  await owner.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { stagesSeen: string[] }).stagesSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext');
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await createButton.click();
  await expect(createDialog).toBeHidden();
  const progress = owner.getByRole('dialog', { name: 'Creating shared project' });
  await expect(progress).toBeVisible();
  await progress.getByText('Project Ready!').waitFor();
  await expect(progress).toBeHidden();
  const stagesSeen = await owner.evaluate(() => (window as unknown as { stagesSeen: string[] }).stagesSeen);
  expect(stagesSeen).toEqual([...SHARED_PROJECT_STAGES, SHARED_PROJECT_READY]);

  // The code is on the card.
  const card = owner.getByRole('article', { name: 'Book Club' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('1 member');
  const code = ((await card.getByText(/^\d{6}$/).textContent()) ?? '').trim();
  expect(code).toMatch(/^\d{6}$/);

  // Joining your own project fails with the text of docs/product.md §8, in the reopened dialog.
  let join = await openJoinForm(owner);
  await join.getByLabel('Project code').fill(code);
  await join.getByRole('button', { name: 'Join', exact: true }).click();
  join = owner.getByRole('dialog', { name: 'Join with a code' });
  await expect(join.getByRole('alert')).toHaveText(JOIN_MESSAGES.ownProject);
  await expect(join.getByLabel('Project code')).toHaveValue(code);
  await owner.keyboard.press('Escape');
  await expect(join).toBeHidden();

  // A second user: digits only, at most six; Join enabled only at exactly six.
  const member = await newUser(browser, 'Milo Member');
  await member.goto('/shared-projects');
  join = await openJoinForm(member);
  const input = join.getByLabel('Project code');
  const joinButton = join.getByRole('button', { name: 'Join', exact: true });
  await expect(input).toHaveAttribute('inputmode', 'numeric');
  await expect(joinButton).toBeDisabled();
  await input.pressSequentially('ab1c2');
  await expect(input).toHaveValue('12');
  await expect(joinButton).toBeDisabled();

  // A wrong code: the not-found text, input kept.
  const wrong = String((Number(code) + 500_001) % 1_000_000).padStart(6, '0');
  await input.fill(wrong);
  await expect(joinButton).toBeEnabled();
  await joinButton.click();
  join = member.getByRole('dialog', { name: 'Join with a code' });
  await expect(join.getByRole('alert')).toHaveText(JOIN_MESSAGES.notFound(wrong));
  await expect(join.getByLabel('Project code')).toHaveValue(wrong);

  // The right code, typed with stray letters and more than six characters.
  await join.getByLabel('Project code').fill('');
  await join.getByLabel('Project code').pressSequentially(`x${code.slice(0, 3)}-${code.slice(3)}9`);
  await expect(join.getByLabel('Project code')).toHaveValue(code);
  await join.getByRole('button', { name: 'Join', exact: true }).click();
  const joining = member.getByRole('dialog', { name: 'Joining shared project' });
  await joining.getByText('Project Ready!').waitFor();
  await expect(joining).toBeHidden();
  const joined = member.getByRole('article', { name: 'Book Club' });
  await expect(joined).toContainText('2 members');
  await expect(joined).toContainText('Owner: Olive Owner');

  // The shared project page: name, description, ID, members, empty state.
  await joined.getByRole('link', { name: 'Book Club' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Book Club' })).toBeVisible();
  await expect(member.getByText('Monthly reads and notes')).toBeVisible();
  await expect(member.getByText(code, { exact: true })).toBeVisible();
  await expect(member.getByText(/Olive Owner \(owner\), Milo Member/)).toBeVisible();
  await expect(member.getByRole('heading', { name: 'No notes in this shared project yet' })).toBeVisible();

  await owner.context().close();
  await member.context().close();
});

test('shows other members’ changes live, and leaving updates both sides', async ({ browser }) => {
  test.setTimeout(45_000);
  const owner = await newUser(browser, 'Ada Owner');
  const member = await newUser(browser, 'Ben Member');
  const project = await api<SharedProjectBody>(owner, 'post', '/api/shared-projects', { name: 'Team Space' });
  await api(member, 'post', '/api/shared-projects/join', { code: project.code });

  await member.goto(`/shared-project/${project.id}`);
  await expect(member.getByRole('heading', { level: 1, name: 'Team Space' })).toBeVisible();
  await expect(member.getByRole('heading', { name: 'No notes in this shared project yet' })).toBeVisible();
  await expectLive(member);

  // A creates a note: it appears for B without a reload.
  const note = await api<{ id: string }>(owner, 'post', '/api/notes', {
    projectId: project.id,
    title: 'Agenda for Monday',
  });
  const notes = member.getByRole('list', { name: 'Notes in Team Space' });
  await expect(notes.getByRole('link', { name: 'Agenda for Monday' })).toBeVisible();
  await expect(notes.getByRole('link', { name: 'Agenda for Monday' })).toHaveAttribute(
    'href',
    `/quick-view?sharedProject=${project.id}&note=${note.id}`,
  );

  // A renames it: B sees the new title.
  await api(owner, 'patch', `/api/notes/${note.id}`, { title: 'Agenda for Tuesday' });
  await expect(notes.getByRole('link', { name: 'Agenda for Tuesday' })).toBeVisible();
  await expect(notes.getByRole('link', { name: 'Agenda for Monday' })).toHaveCount(0);

  // A deletes it: it disappears for B.
  await api(owner, 'delete', `/api/notes/${note.id}`);
  await expect(notes).toBeHidden();
  await expect(member.getByRole('heading', { name: 'No notes in this shared project yet' })).toBeVisible();

  // B leaves from the list: gone for B at once, and A's member count drops live.
  await owner.goto('/shared-projects');
  const ownerCard = owner.getByRole('article', { name: 'Team Space' });
  await expect(ownerCard).toContainText('2 members');
  await expectLive(owner);

  await member.goto('/shared-projects');
  const memberCard = member.getByRole('article', { name: 'Team Space' });
  await memberCard.getByRole('button', { name: 'Project actions for Team Space' }).click();
  const actions = member.getByRole('dialog', { name: 'Project Actions' });
  await actions.getByRole('button', { name: 'Leave project' }).click();
  const confirm = member.getByRole('alertdialog', { name: 'Leave "Team Space"?' });
  await confirm.getByRole('button', { name: 'Leave project' }).click();
  await expect(memberCard).toBeHidden();
  await expect(member.getByRole('heading', { name: 'No shared projects yet' })).toBeVisible();
  await expect(ownerCard).toContainText('1 member');
  await expect(ownerCard).not.toContainText('2 members');

  await owner.context().close();
  await member.context().close();
});

test("a member may not move out or delete the owner's notes, nor change the project's settings, and sees why", async ({
  browser,
}) => {
  test.setTimeout(45_000);
  const owner = await newUser(browser, 'Ola Owner');
  const member = await newUser(browser, 'Max Member');
  const project = await api<SharedProjectBody>(owner, 'post', '/api/shared-projects', { name: 'Rules' });
  await api(member, 'post', '/api/shared-projects/join', { code: project.code });
  await api(owner, 'post', '/api/notes', { projectId: project.id, title: 'Owner note' });
  await api(member, 'post', '/api/notes', { projectId: project.id, title: 'Member note' });

  await member.goto(`/shared-project/${project.id}`);
  await expect(member.getByText(PERMISSION_MESSAGES.memberHint)).toBeVisible();
  const notes = member.getByRole('list', { name: 'Notes in Rules' });

  // The owner's note: Move and Delete disabled, the reason in the menu; Rename and Pin still there.
  await notes.getByRole('button', { name: 'Note actions for Owner note' }).click();
  let menu = member.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Move note' })).toBeDisabled();
  await expect(menu.getByRole('menuitem', { name: 'Delete note' })).toBeDisabled();
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeEnabled();
  await expect(menu.getByText(PERMISSION_MESSAGES.moveOutOrDelete)).toBeVisible();
  await member.keyboard.press('Escape');

  // Their own note: everything offered.
  await notes.getByRole('button', { name: 'Note actions for Member note' }).click();
  menu = member.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Move note' })).toBeEnabled();
  await expect(menu.getByRole('menuitem', { name: 'Delete note' })).toBeEnabled();
  await expect(menu.getByText(PERMISSION_MESSAGES.moveOutOrDelete)).toHaveCount(0);
  await member.keyboard.press('Escape');

  // Project Actions: no name, description or colour controls for a member, the reason instead.
  await member.getByRole('button', { name: 'Project actions for Rules' }).click();
  const actions = member.getByRole('dialog', { name: 'Project Actions' });
  await expect(actions.getByText(PERMISSION_MESSAGES.renameRecolour)).toBeVisible();
  await expect(actions.getByLabel('Name')).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Leave project' })).toBeVisible();
  await member.keyboard.press('Escape');

  // The owner sees every action on the member's note, and the settings form.
  await owner.goto(`/shared-project/${project.id}`);
  const ownerNotes = owner.getByRole('list', { name: 'Notes in Rules' });
  await ownerNotes.getByRole('button', { name: 'Note actions for Member note' }).click();
  await expect(owner.getByRole('menu').getByRole('menuitem', { name: 'Delete note' })).toBeEnabled();
  await owner.keyboard.press('Escape');
  await expect(owner.getByText(PERMISSION_MESSAGES.memberHint)).toHaveCount(0);
  await owner.getByRole('button', { name: 'Project actions for Rules' }).click();
  await expect(owner.getByRole('dialog', { name: 'Project Actions' }).getByLabel('Name')).toHaveValue(
    'Rules',
  );

  await owner.context().close();
  await member.context().close();
});
