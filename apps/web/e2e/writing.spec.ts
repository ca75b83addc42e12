import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './support';

// Writing notes: the Capture composer (undo/redo, drafts, Add Note), the /editor page with the
// floating format toolbar, and Quick View editing (save, unsaved changes, resizing, conflicts).

interface ApiNote {
  id: string;
  projectId: string;
  title: string;
  content: string;
  version: number;
}

/** Signs up over the API with the page on the app's origin, then opens `path`. */
async function signedIn(page: Page, path = '/') {
  await page.goto('/help-center');
  await signUpViaApi(page, 'Writer');
  await page.goto(path);
}

async function createNote(page: Page, projectId: string, title: string, content: string): Promise<ApiNote> {
  const response = await page.request.post('/api/notes', { data: { projectId, title, content } });
  expect(response.status()).toBe(201);
  return (await response.json()) as ApiNote;
}

async function createProject(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/projects', { data: { name } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function getNote(page: Page, id: string): Promise<ApiNote> {
  const response = await page.request.get(`/api/notes/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiNote;
}

/** Every composer draft of the user on the server: each tab's slot and one saved without (decision 103). */
async function getDrafts(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/drafts/note_input');
  const { draft, slots } = (await response.json()) as {
    draft: { content: string } | null;
    slots: { content: string }[];
  };
  return [...(draft ? [draft] : []), ...slots].map((saved) => saved.content);
}

/** Puts the caret at the end of the paragraph showing `text` and selects the paragraph. */
async function selectParagraph(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Note content' });
  await editor.getByText(text, { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
}

test('composer: undo and redo, the draft comes back after a reload and is then cleared on the server', async ({
  page,
}) => {
  await signedIn(page);
  const box = page.getByRole('textbox', { name: 'Note text' });
  await box.click();
  await page.keyboard.type('Hello');
  await page.keyboard.press('Enter');
  await page.keyboard.type('world');
  await expect(box).toHaveValue('Hello\nworld');
  await expect(page.getByText('11 characters')).toBeVisible();

  // Typing groups into steps: the word, the new line, the next word.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(box).toHaveValue('Hello\n');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(box).toHaveValue('Hello');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(box).toHaveValue('Hello\n');
  await box.press('ControlOrMeta+Shift+Z');
  await expect(box).toHaveValue('Hello\nworld');
  await box.press('ControlOrMeta+Z');
  await expect(box).toHaveValue('Hello\n');
  await box.press('ControlOrMeta+Shift+Z');

  // Saved after 1 s without typing, then restored by a reload only.
  await page.waitForResponse(
    (response) =>
      response.url().includes('/api/drafts/note_input/slots/') && response.request().method() === 'PUT',
  );
  expect(await getDrafts(page)).toEqual(['Hello\nworld']);
  await page.reload();
  await expect(box).toHaveValue('Hello\nworld');
  // The server copy is cleared 1 s after the restore; the text stays in the box.
  await expect.poll(() => getDrafts(page), { timeout: 5_000 }).toEqual([]);
  await expect(box).toHaveValue('Hello\nworld');
});

test('composer: Add Note shows Success! and View Note opens the note in Quick View', async ({ page }) => {
  await signedIn(page);
  const box = page.getByRole('textbox', { name: 'Note text' });
  const addNote = page.getByRole('button', { name: 'Add Note' });
  await expect(addNote).toBeDisabled();
  await box.fill('Groceries for the weekend\nmilk and eggs');
  await addNote.click();

  const dialog = page.getByRole('dialog', { name: 'Success!' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Note added successfully!')).toBeVisible();
  // Behind the modal dialog (hidden from the accessibility tree): the text was cleared.
  await expect(page.locator('textarea[aria-label="Note text"]')).toHaveValue('');
  await dialog.getByRole('button', { name: 'View Note' }).click();

  await expect(page).toHaveURL(/\/quick-view\?project=[^&]+&note=/);
  await expect(page.getByRole('textbox', { name: 'Note title' })).toHaveValue('Groceries for the weekend');
  const content = page.getByRole('textbox', { name: 'Note content' });
  await expect(content).toContainText('milk and eggs');
  // The first line became the title; the body does not repeat it.
  await expect(content).not.toContainText('Groceries for the weekend');
  await expect(page.getByRole('button', { name: /Groceries for the weekend/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  expect(await getDrafts(page)).toEqual([]);
});

test('composer: signed out, Add Note asks to sign up', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Note text' }).fill('An idea');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
});

test('editor: every toolbar control formats, and Quick View shows the same formatting', async ({ page }) => {
  await signedIn(page);
  const lines = [
    'bold text',
    'italic text',
    'underline text',
    'heading text',
    'size text',
    'color text',
    'highlight text',
    'task item',
  ];
  await page.getByRole('textbox', { name: 'Note text' }).fill(lines.join('\n\n'));
  await page.getByRole('button', { name: 'Editor' }).click();
  await expect(page).toHaveURL(/\/editor$/);
  await expect(page.getByRole('textbox', { name: 'Note content' })).toContainText('task item');

  await selectParagraph(page, 'bold text');
  const bold = page.getByRole('button', { name: 'Bold' });
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');

  await selectParagraph(page, 'italic text');
  await page.keyboard.press('ControlOrMeta+I');
  await expect(page.getByRole('button', { name: 'Italic' })).toHaveAttribute('aria-pressed', 'true');

  await selectParagraph(page, 'underline text');
  await page.getByRole('button', { name: 'Underline' }).click();
  await expect(page.getByRole('button', { name: 'Underline' })).toHaveAttribute('aria-pressed', 'true');

  await selectParagraph(page, 'heading text');
  await page.getByRole('button', { name: 'Text style' }).click();
  await page.getByRole('menuitemradio', { name: 'Heading 2' }).click();

  await selectParagraph(page, 'size text');
  await page.getByRole('button', { name: 'Text size' }).click();
  await expect(page.getByRole('menu', { name: 'Text size' })).toBeVisible();
  // Menus are exclusive: opening another closes this one; Escape closes the open one.
  await page.getByRole('button', { name: 'Text color' }).click();
  await expect(page.getByRole('menu', { name: 'Text size' })).toBeHidden();
  await expect(page.getByRole('menu', { name: 'Text color' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'Text color' })).toBeHidden();
  await page.getByRole('button', { name: 'Text size' }).click();
  await page.getByRole('menuitemradio', { name: '20 px' }).click();

  await selectParagraph(page, 'color text');
  await page.getByRole('button', { name: 'Text color' }).click();
  await page.getByRole('menuitemradio', { name: 'Red' }).click();

  await selectParagraph(page, 'highlight text');
  await page.getByRole('button', { name: 'Highlight color' }).click();
  await page.getByRole('menuitemradio', { name: 'Yellow' }).click();

  await selectParagraph(page, 'task item');
  await page.getByRole('button', { name: 'Lists' }).click();
  await page.getByRole('menuitemradio', { name: 'Checklist' }).click();

  await page.getByRole('textbox', { name: 'Note title' }).fill('Formatted note');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'View note' }).click();
  await expect(page).toHaveURL(/\/quick-view\?project=/);

  await expect(page.getByRole('textbox', { name: 'Note title' })).toHaveValue('Formatted note');
  const content = page.getByRole('textbox', { name: 'Note content' });
  await expect(content.locator('strong', { hasText: 'bold text' })).toBeVisible();
  await expect(content.locator('em', { hasText: 'italic text' })).toBeVisible();
  await expect(content.locator('u', { hasText: 'underline text' })).toBeVisible();
  await expect(content.locator('h2', { hasText: 'heading text' })).toBeVisible();
  await expect(content.locator('span[style*="font-size: 20px"]', { hasText: 'size text' })).toBeVisible();
  await expect(content.locator('span[style*="color"]', { hasText: 'color text' })).toHaveCSS(
    'color',
    'rgb(239, 68, 68)', // Red, #ef4444
  );
  await expect(content.locator('mark[data-color="#fef08a"]', { hasText: 'highlight text' })).toBeVisible();
  await expect(content.locator('ul[data-type="taskList"]', { hasText: 'task item' })).toBeVisible();
});

test('editor: Back to Capture with content asks Save Your Note?, Discard leaves and clears it', async ({
  page,
}) => {
  await signedIn(page);
  await page.getByRole('textbox', { name: 'Note text' }).fill('Half a thought');
  await page.getByRole('button', { name: 'Editor' }).click();
  await expect(page.getByRole('textbox', { name: 'Note content' })).toContainText('Half a thought');

  await page.getByRole('button', { name: 'Back to Capture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Your Note?' });
  await expect(dialog.getByText('You have unsaved content in your note.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/editor$/);

  await page.getByRole('button', { name: 'Back to Capture' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('textbox', { name: 'Note text' })).toHaveValue('');
  expect(await getDrafts(page)).toEqual([]);
});

test('quick view: edit, switch notes, Save Changes persists; Discard reverts', async ({ page }) => {
  await signedIn(page);
  const projectId = await createProject(page, 'Work');
  const first = await createNote(page, projectId, 'First note', 'The first body');
  const second = await createNote(page, projectId, 'Second note', 'The second body');
  await page.goto(`/quick-view?project=${projectId}&note=${first.id}`);

  const content = page.getByRole('textbox', { name: 'Note content' });
  await expect(content).toContainText('The first body');
  // The server refuses saves for now: the automatic save fails and the change stays unsaved.
  await page.route(`**/api/notes/${first.id}`, (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 503, body: '' }) : route.continue(),
  );
  await content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' edited');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Save failed' })).toBeVisible();
  await page.unroute(`**/api/notes/${first.id}`);

  await page.getByRole('button', { name: /Second note/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await expect(dialog.getByText('You have unsaved changes in this note.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`note=${second.id}`));
  await expect(content).toContainText('The second body');
  expect((await getNote(page, first.id)).content).toBe('The first body edited');

  // Discard: the unsaved change is dropped and nothing is saved. The server refuses saves again, so
  // an automatic save that a slow machine reaches before the switch cannot store 'Scratch' first.
  await page.route(`**/api/notes/${second.id}`, (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 503, body: '' }) : route.continue(),
  );
  await content.click();
  await page.keyboard.type('Scratch ');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: /First note/ }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(content).toContainText('The first body edited');
  await page.unroute(`**/api/notes/${second.id}`);
  expect((await getNote(page, second.id)).content).toBe('The second body');
  await page.getByRole('button', { name: /Second note/ }).click();
  await expect(content).toContainText('The second body');
  await expect(content).not.toContainText('Scratch');
  await page.getByRole('button', { name: /First note/ }).click();

  // Cmd/Ctrl+S saves in place.
  await page.getByRole('textbox', { name: 'Note title' }).fill('First note, renamed');
  await page.keyboard.press('ControlOrMeta+S');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect((await getNote(page, first.id)).title).toBe('First note, renamed');
});

test('quick view: a dragged column width is kept after a reload', async ({ page }) => {
  await signedIn(page);
  await createProject(page, 'Layout');
  await page.goto('/quick-view');
  const projects = page.locator('[data-panel][id="projects"]');
  await expect(page.getByRole('button', { name: /Layout/ })).toBeVisible();
  const before = (await projects.boundingBox())?.width ?? 0;
  expect(before).toBeGreaterThanOrEqual(250);

  const separator = page.getByRole('separator', { name: 'Resize projects column' });
  const box = await separator.boundingBox();
  if (!box) throw new Error('separator not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  const after = (await projects.boundingBox())?.width ?? 0;
  expect(after).toBeGreaterThan(before + 80);

  await page.reload();
  await expect(page.getByRole('button', { name: /Layout/ })).toBeVisible();
  expect(Math.abs(((await projects.boundingBox())?.width ?? 0) - after)).toBeLessThan(3);
});

test('quick view: a save that conflicts with a newer version shows both and keeps mine', async ({ page }) => {
  await signedIn(page);
  const projectId = await createProject(page, 'Shared thoughts');
  const note = await createNote(page, projectId, 'Plan', 'Original plan');
  await page.goto(`/quick-view?project=${projectId}&note=${note.id}`);

  const content = page.getByRole('textbox', { name: 'Note content' });
  await expect(content).toContainText('Original plan');
  await content.click();
  await page.keyboard.press('ControlOrMeta+End');
  // Someone else saves first (before this editor's automatic save, 1 s after the last key).
  const theirs = await page.request.patch(`/api/notes/${note.id}`, {
    data: { content: 'Their rewritten plan', version: note.version },
  });
  expect(theirs.ok()).toBe(true);
  await page.keyboard.type(' from me');

  // The automatic save meets the newer version and asks.
  const dialog = page.getByRole('dialog', { name: 'This note was changed elsewhere' });
  await expect(dialog.getByRole('region', { name: 'Your version' })).toContainText('Original plan from me');
  await expect(dialog.getByRole('region', { name: 'Server version' })).toContainText('Their rewritten plan');
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const saved = await getNote(page, note.id);
  expect(saved.content).toBe('Original plan from me');
  expect(saved.version).toBe(note.version + 2);
});

test('composer: without access (FREE plan) Add Note and Editor are disabled, with the reason', async ({
  page,
}) => {
  await signedIn(page, '/help-center');
  // The access check is the server's `access` flag; pretend the trial is over.
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), plan: 'FREE', access: false } });
  });
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Note text' }).fill('Something to keep');
  const addNote = page.getByRole('button', { name: 'Add Note' });
  await expect(addNote).toBeDisabled();
  await expect(addNote).toHaveAccessibleDescription(/PRO trial or the UNLIMITED plan/);
  await expect(page.getByRole('button', { name: 'Editor' })).toBeDisabled();
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('quick view: one column with drawers for projects and notes', async ({ page }) => {
    await signedIn(page);
    const projectId = await createProject(page, 'Errands');
    await createNote(page, projectId, 'Pharmacy', 'Pick up the prescription');
    await page.goto('/quick-view');
    await expect(page.getByText('No note selected')).toBeVisible();

    await page.getByRole('button', { name: 'Show projects' }).click();
    const projects = page.getByRole('dialog', { name: 'Projects' });
    await projects.getByRole('button', { name: /Errands/ }).click();
    // Picking a project opens its notes.
    const notes = page.getByRole('dialog', { name: 'Notes' });
    await notes.getByRole('button', { name: /Pharmacy/ }).click();
    await expect(notes).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Note content' })).toContainText(
      'Pick up the prescription',
    );
  });
});
