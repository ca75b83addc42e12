import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { uniqueEmail } from './support';

// Co-editing a shared project's note in Quick View (docs/decisions/004-realtime-and-co-editing.md): two browser contexts are two
// users. Setup that is not under test goes through the API from each page's own context.

interface SharedProjectBody {
  id: string;
  name: string;
  code: string | null;
}
interface NoteBody {
  id: string;
  title: string;
  content: string;
}

function baseURL(): string {
  return String(test.info().project.use.baseURL);
}

async function newUser(browser: Browser, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email: uniqueEmail('collab'), password: 'correct-horse-9' },
    headers: { origin: baseURL() },
  });
  expect(response.ok()).toBe(true);
  return page;
}

async function api<T>(page: Page, method: 'get' | 'post' | 'delete', path: string, data?: unknown) {
  const response = await page.request[method](path, { data, headers: { origin: baseURL() } });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** A shared project of `owner` with one note, joined by `member`; the Quick View link to the note. */
async function sharedNote(owner: Page, member: Page, content: string) {
  const project = await api<SharedProjectBody>(owner, 'post', '/api/shared-projects', { name: 'Team Notes' });
  const note = await api<NoteBody>(owner, 'post', '/api/notes', {
    projectId: project.id,
    title: 'Launch plan',
    content,
  });
  await api(member, 'post', '/api/shared-projects/join', { code: project.code });
  return { project, note, url: `/quick-view?sharedProject=${project.id}&note=${note.id}` };
}

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Note content' });
const peopleOf = (page: Page) => page.getByRole('list', { name: 'People editing this note' });

/** The editor's text without the other people's caret labels (they sit inside the text). */
function textOf(editor: Locator): Promise<string> {
  return editor.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll('.nw-collab-caret')) caret.remove();
    return (copy.textContent ?? '').replace(/\u2060/g, '');
  });
}

test('two members type into one shared note at once; both see both texts, presence, and it is stored', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const alice = await newUser(browser, 'Alice Archer');
  const bob = await newUser(browser, 'Bob Baker');
  const { note, url } = await sharedNote(alice, bob, 'Shared start.');

  await Promise.all([alice.goto(url), bob.goto(url)]);
  const editorA = editorOf(alice);
  const editorB = editorOf(bob);
  await expect(editorA).toContainText('Shared start.');
  await expect(editorB).toContainText('Shared start.');

  // Presence: each sees both names, themselves first.
  await expect(peopleOf(alice)).toContainText('Bob Baker');
  await expect(peopleOf(bob)).toContainText('Alice Archer');
  await expect(peopleOf(alice).getByRole('listitem').first()).toContainText('Alice Archer (you)');

  // A shared note has a live save state instead of the Save button.
  await expect(alice.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(alice.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  // A types at the end, B at the start, at the same time.
  await editorA.click();
  await alice.keyboard.press('ControlOrMeta+End');
  await editorB.click();
  await bob.keyboard.press('ControlOrMeta+Home');
  await Promise.all([
    alice.keyboard.type(' Alice adds the budget.', { delay: 15 }),
    bob.keyboard.type('Bob writes the intro. ', { delay: 15 }),
  ]);
  const merged = 'Bob writes the intro. Shared start. Alice adds the budget.';
  await expect.poll(() => textOf(editorA)).toBe(merged);
  await expect.poll(() => textOf(editorB)).toBe(merged);

  // Each sees the other's caret, labelled with their name.
  await expect(editorA.getByText('Bob Baker', { exact: true })).toBeVisible();
  await expect(editorB.getByText('Alice Archer', { exact: true })).toBeVisible();
  await expect(bob.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  // Stored (debounced ~1 s) and mirrored to the note's Markdown; a reload shows the merged text.
  await expect
    .poll(async () => (await api<NoteBody>(bob, 'get', `/api/notes/${note.id}`)).content, { timeout: 10_000 })
    .toBe(merged);
  await alice.reload();
  await expect.poll(() => textOf(editorOf(alice))).toBe(merged);
  await expect(peopleOf(alice)).toContainText('Bob Baker');

  await Promise.all([alice.context().close(), bob.context().close()]);
});

test('a title is renamed over REST; offline edits sync on reconnect; a removed member loses access', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const alice = await newUser(browser, 'Alice Archer');
  const bob = await newUser(browser, 'Bob Baker');
  const { project, note, url } = await sharedNote(alice, bob, 'First line.');
  await Promise.all([alice.goto(url), bob.goto(url)]);
  await expect(editorOf(alice)).toContainText('First line.');
  await expect(editorOf(bob)).toContainText('First line.');

  // The title: a rename on Enter (or blur), not part of the shared text.
  const title = alice.getByRole('textbox', { name: 'Note title' });
  await title.fill('Launch plan v2');
  await title.press('Enter');
  await expect
    .poll(async () => (await api<NoteBody>(alice, 'get', `/api/notes/${note.id}`)).title)
    .toBe('Launch plan v2');

  // Offline: a hint, the edits stay local, and they reach the other member after reconnecting.
  await editorOf(alice).click();
  await alice.keyboard.press('ControlOrMeta+End');
  await alice.context().setOffline(true);
  await expect(alice.getByText('Offline — changes will sync when you reconnect')).toBeVisible();
  await alice.keyboard.type(' Written offline.');
  // The editor's own status (the page-wide offline banner of decision 024 is a status too).
  await expect(
    alice
      .locator('[data-editor-mode="collaborative"]')
      .getByRole('status')
      .filter({ hasText: /^Offline/ }),
  ).toBeVisible();
  // Nothing leaves while offline (a short wait: this checks that something does not happen).
  await alice.waitForTimeout(500);
  expect(await textOf(editorOf(bob))).toBe('First line.');
  await alice.context().setOffline(false);
  await expect(alice.getByText('Offline — changes will sync when you reconnect')).toBeHidden();
  await expect.poll(() => textOf(editorOf(bob))).toBe('First line. Written offline.');
  await expect(alice.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  // The owner removes Bob: his editor closes with a clear message and does not come back.
  const bobId = (await api<{ id: string }>(bob, 'get', '/api/me')).id;
  await api(alice, 'delete', `/api/shared-projects/${project.id}/members/${bobId}`);
  await expect(bob.getByText('You no longer have access to this note.')).toBeVisible({ timeout: 10_000 });
  await expect(editorOf(bob)).toHaveCount(0);
  await expect(peopleOf(alice)).not.toContainText('Bob Baker');

  await Promise.all([alice.context().close(), bob.context().close()]);
});

test('an AI action on a shared note changes the shared text for everyone', async ({ browser }) => {
  test.setTimeout(45_000);
  const alice = await newUser(browser, 'Alice Archer');
  const bob = await newUser(browser, 'Bob Baker');
  const original = [
    'Our team met on Monday to plan the spring launch of the mobile app.',
    'The launch date depends on finishing the payment screens and the offline mode.',
    'Maria will own the payment screens and report progress every Friday.',
    'The offline mode needs a sync engine that survives flaky connections.',
    'We agreed that the sync engine is the biggest risk for the launch date.',
    'Coffee in the new office is much better than before.',
    'Design reviews move to Wednesday afternoons starting next week.',
  ].join(' ');
  const { url } = await sharedNote(alice, bob, original);
  await Promise.all([alice.goto(url), bob.goto(url)]);
  // Connecting is not what this test measures: on a CI run at load 6-8 both editors still said
  // "Connecting..." after 7 s (socket upgrade 2.2 s), and were connected in the failure screenshot.
  await expect(editorOf(alice)).toContainText('Coffee in the new office', { timeout: 20_000 });
  await expect(editorOf(bob)).toContainText('Coffee in the new office', { timeout: 20_000 });

  // Summarize (the server's built-in engine) streams its result into Alice's editor, through Yjs.
  await alice.getByRole('group', { name: 'AI actions' }).getByRole('button', { name: 'Summarize' }).click();
  await alice
    .getByRole('dialog', { name: 'Summarize result' })
    .getByRole('button', { name: 'Replace' })
    .click();
  await expect.poll(() => textOf(editorOf(alice)), { timeout: 20_000 }).not.toBe(original);
  await expect(alice.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 20_000 });
  const summary = await textOf(editorOf(alice));
  expect(summary.length).toBeLessThan(original.length);
  await expect.poll(() => textOf(editorOf(bob))).toBe(summary);

  await Promise.all([alice.context().close(), bob.context().close()]);
});
