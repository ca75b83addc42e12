import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiPost, createProject, signUpFresh, signUpViaApi } from './support';

// A note's History (decision 052) against the real server: versions recorded by real saves, the
// panel from Quick View (desktop and 390 px), Show changes, Restore, and an AI Replace kept apart.

interface ApiNote {
  id: string;
  projectId: string;
  title: string;
  content: string;
}

async function openNote(page: Page, title: string, content: string): Promise<ApiNote> {
  const project = await createProject(page, 'History tests');
  const note = await apiPost<ApiNote>(page, '/api/notes', { projectId: project.id, title, content });
  await page.goto(`/quick-view?project=${note.projectId}&note=${note.id}`);
  // Shown formatted: the Markdown's bold markers are not text.
  await expect(page.getByRole('textbox', { name: 'Note content' })).toHaveText(content.replaceAll('**', ''), {
    // The first note opened in a run also loads the editor's chunk.
    timeout: 20_000,
  });
  return note;
}

const saved = (page: Page) => page.getByRole('status').filter({ hasText: /^Saved$/ });
const historyPanel = (page: Page) => page.getByRole('dialog', { name: 'History' });
const versionRows = (panel: Locator) =>
  panel.getByRole('navigation', { name: 'Versions' }).getByRole('button');

/** Replaces the note's last word by typing, and waits for the autosave. */
async function replaceLastWord(page: Page, word: string, by: string) {
  const content = page.getByRole('textbox', { name: 'Note content' });
  await content.click();
  await page.keyboard.press('ControlOrMeta+End');
  for (let i = 0; i < word.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type(by);
  await expect(saved(page)).toBeVisible();
}

async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const serious = results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
    );
  expect(serious, what).toEqual([]);
}

/** Opens History, picks the oldest version, checks Show changes and restores it. */
async function restoreOldest(page: Page, { removed, added }: { removed: string; added: string }) {
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const panel = historyPanel(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Today' })).toBeVisible();
  const rows = versionRows(panel);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Current');
  await expect(rows.first()).toContainText('Edited');
  await expectAccessible(page, 'History list');

  // Keyboard: from the newest row the arrow key moves to the older one, Enter selects it.
  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  const preview = panel.getByRole('region', { name: 'Selected version' });
  await expect(preview.getByRole('textbox', { name: 'Version text' })).toContainText(removed);

  await preview.getByRole('button', { name: 'Show changes' }).click();
  await expect(preview.getByRole('button', { name: 'Show changes' })).toHaveAttribute('aria-pressed', 'true');
  await expect(preview.locator('del')).toHaveText(new RegExp(removed));
  await expect(preview.locator('ins')).toHaveText(new RegExp(added));
  await expectAccessible(page, 'History with changes');

  await preview.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Restore this version?' });
  await expect(confirm).toContainText('The current text is kept in History.');
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(panel).toBeHidden();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Version restored'),
  ).toBeVisible();
}

async function expectRestoredEntry(page: Page) {
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const rows = versionRows(historyPanel(page));
  await expect(rows.first()).toContainText('Restored');
  await expect(rows.first()).toContainText('Current');
  await page.keyboard.press('Escape');
  await expect(historyPanel(page)).toBeHidden();
  // Closed: focus is back on the button that opened it (before the test types anywhere else).
  await expect(page.getByRole('button', { name: 'History', exact: true })).toBeFocused();
}

test("Quick View: a saved note's History shows its versions, the changes, and restores an older one", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpFresh(page, 'Ana');
  const note = await openNote(page, 'Plan', 'Alpha beta gamma');
  await replaceLastWord(page, 'gamma', 'delta');

  await restoreOldest(page, { removed: 'gamma', added: 'delta' });
  const content = page.getByRole('textbox', { name: 'Note content' });
  await expect(content).toHaveText('Alpha beta gamma');
  const server = await (await page.request.get(`/api/notes/${note.id}`)).json();
  expect(server.content).toBe('Alpha beta gamma');
  await expectRestoredEntry(page);

  // The restored text is an ordinary note again: typing saves on top of it.
  await replaceLastWord(page, 'gamma', 'omega');
  await expect(content).toHaveText('Alpha beta omega');
});

test('a note never changed has no earlier versions yet', async ({ page }) => {
  await signUpFresh(page, 'Eve');
  await openNote(page, 'New', 'Just made');
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(historyPanel(page).getByRole('heading', { name: 'No earlier versions yet' })).toBeVisible();
});

test("Copy text copies the version's Markdown", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpFresh(page, 'Ben');
  await openNote(page, 'Copy me', 'First **bold** words');
  await replaceLastWord(page, 'words', 'lines');
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const panel = historyPanel(page);
  await versionRows(panel).nth(1).click();
  await panel.getByRole('button', { name: 'Copy text' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('First **bold** words');
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('History is a full-screen panel: list, then the version, then Restore', async ({ page }) => {
    test.setTimeout(60_000);
    await signUpFresh(page, 'Cleo');
    await openNote(page, 'Phone', 'One two three');
    await replaceLastWord(page, 'three', 'four');
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const box = await historyPanel(page).boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBe(390);
    // One view at a time: the version (focus on Back), then the list again (focus on that row).
    const rows = versionRows(historyPanel(page));
    await rows.nth(1).click();
    const back = historyPanel(page).getByRole('button', { name: 'Versions' });
    await expect(back).toBeFocused();
    await expect(rows).toHaveCount(0);
    await back.click();
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('Escape');

    await restoreOldest(page, { removed: 'three', added: 'four' });
    await expect(page.getByRole('textbox', { name: 'Note content' })).toHaveText('One two three');
    await expectRestoredEntry(page);
  });
});

test('AI Replace is its own version, and restoring the one before it brings the original back', async ({
  page,
}) => {
  // The built-in grammar checker loads on the server's first grammar request.
  test.setTimeout(90_000);
  await signUpFresh(page, 'Dana');
  const original = 'i has went to the the store.';
  const note = await openNote(page, 'Errand', original);
  await page
    .getByRole('group', { name: 'AI actions' })
    .getByRole('button', { name: 'Grammar', exact: true })
    .click();
  const result = page.getByRole('dialog', { name: 'Grammar result' });
  await result.getByRole('button', { name: 'Replace' }).click({ timeout: 60_000 });
  await expect(result).toBeHidden();
  const content = page.getByRole('textbox', { name: 'Note content' });
  await expect(content).not.toHaveText(original);
  await expect(saved(page)).toBeVisible();

  await page.getByRole('button', { name: 'History', exact: true }).click();
  const panel = historyPanel(page);
  const rows = versionRows(panel);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('AI replace');
  await rows.nth(1).click();
  await panel.getByRole('button', { name: 'Restore this version' }).click();
  await page
    .getByRole('alertdialog', { name: 'Restore this version?' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(panel).toBeHidden();
  await expect(content).toHaveText(original);
  const server = await (await page.request.get(`/api/notes/${note.id}`)).json();
  expect(server.content).toBe(original);
});

test('a co-edited note: "Several people" with both names, and a restore reaches both open editors', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const base = String(test.info().project.use.baseURL);
  const userPage = async (name: string) => {
    const page = await (await browser.newContext({ baseURL: base })).newPage();
    await page.goto('/help-center');
    await signUpViaApi(page, name);
    return page;
  };
  const ana = await userPage('Ana Archer');
  const ben = await userPage('Ben Baker');
  const project = await apiPost<{ id: string; code: string }>(ana, '/api/shared-projects', { name: 'Team' });
  const note = await apiPost<ApiNote>(ana, '/api/notes', {
    projectId: project.id,
    title: 'Plan',
    content: 'Start.',
  });
  await apiPost(ben, '/api/shared-projects/join', { code: project.code });
  const url = `/quick-view?sharedProject=${project.id}&note=${note.id}`;
  await Promise.all([ana.goto(url), ben.goto(url)]);
  const editorA = ana.getByRole('textbox', { name: 'Note content' });
  const editorB = ben.getByRole('textbox', { name: 'Note content' });
  await expect(editorA).toContainText('Start.', { timeout: 20_000 });
  await expect(editorB).toContainText('Start.', { timeout: 20_000 });

  await editorA.click();
  await ana.keyboard.press('ControlOrMeta+End');
  await ana.keyboard.type(' Ana adds.', { delay: 15 });
  await expect(editorB).toContainText('Ana adds.');
  await editorB.click();
  await ben.keyboard.press('ControlOrMeta+End');
  await ben.keyboard.type(' Ben adds.', { delay: 15 });
  await expect(editorA).toContainText('Ben adds.');
  // Stored (debounced about a second) with both editors in the co-editing window.
  await expect
    .poll(async () => (await (await ana.request.get(`/api/notes/${note.id}`)).json()).content, {
      timeout: 15_000,
    })
    .toContain('Ben adds.');

  await ana.getByRole('button', { name: 'History', exact: true }).click();
  const panel = historyPanel(ana);
  const rows = versionRows(panel);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Edited together');
  await expect(rows.first()).toContainText('Several people');
  await expect(rows.first()).toContainText('Ana Archer, Ben Baker');
  await rows.nth(1).click();
  await panel.getByRole('button', { name: 'Restore this version' }).click();
  await ana
    .getByRole('alertdialog', { name: 'Restore this version?' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(panel).toBeHidden();
  // The server applies it to the live document: both editors follow by themselves.
  await expect(editorA).not.toContainText('adds.');
  await expect(editorB).not.toContainText('adds.');
  await expect(editorA).toContainText('Start.');
  await expect(editorB).toContainText('Start.');
});

test('"Keep mine" after a conflict is recorded as a merge, and the text it overwrote can be restored', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpFresh(page, 'Fay');
  const note = await openNote(page, 'Plan', 'Original plan');
  const content = page.getByRole('textbox', { name: 'Note content' });
  await content.click();
  await page.keyboard.press('ControlOrMeta+End');
  // Saved elsewhere first (before this editor's automatic save, 1 s after the last key).
  const theirs = await page.request.patch(`/api/notes/${note.id}`, {
    data: { content: 'Their rewritten plan', version: 1 },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(theirs.ok()).toBe(true);
  await page.keyboard.type(' from me');
  const dialog = page.getByRole('dialog', { name: 'This note was changed elsewhere' });
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await expect(saved(page)).toBeVisible();

  await page.getByRole('button', { name: 'History', exact: true }).click();
  const panel = historyPanel(page);
  const rows = versionRows(panel);
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Merged');
  await rows.nth(1).click();
  await expect(panel.getByRole('textbox', { name: 'Version text' })).toHaveText('Their rewritten plan');
  await panel.getByRole('button', { name: 'Restore this version' }).click();
  await page
    .getByRole('alertdialog', { name: 'Restore this version?' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(content).toHaveText('Their rewritten plan');
});

test('a long history comes 50 versions at a time: Load more brings the rest', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpFresh(page, 'Gus');
  const project = await createProject(page, 'Long history');
  const created = await apiPost<ApiNote & { version: number }>(page, '/api/notes', {
    projectId: project.id,
    title: 'Drafts',
    content: 'Draft 0',
  });
  // AI Replace never coalesces: each of these is a version of its own (56 with the first text).
  let version = created.version;
  for (let i = 1; i <= 55; i++) {
    const response = await page.request.patch(`/api/notes/${created.id}`, {
      data: { content: `Draft ${i}`, version, reason: 'ai' },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.ok()).toBe(true);
    version = ((await response.json()) as { version: number }).version;
  }
  await page.goto(`/quick-view?project=${created.projectId}&note=${created.id}`);
  await expect(page.getByRole('textbox', { name: 'Note content' })).toHaveText('Draft 55', {
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const panel = historyPanel(page);
  const rows = versionRows(panel).filter({ hasText: /AI replace|Edited/ });
  await expect(rows).toHaveCount(50);
  await panel.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(56);
  await expect(panel.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await rows.last().click();
  await expect(panel.getByRole('textbox', { name: 'Version text' })).toHaveText('Draft 0');
});
