import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { signUpViaApi, uniqueEmail } from './support';

// AI enhancement from the three hosts (composer, /editor, Quick View) against the e2e server's
// built-in engine (extractive summary, harper.js grammar; no translation without a model).

interface ApiNote {
  id: string;
  projectId: string;
  title: string;
  content: string;
}

/** Signs up over the API with the page on the app's origin, then opens `path`. */
async function signedIn(page: Page, path = '/') {
  await page.goto('/help-center');
  await signUpViaApi(page, 'Enhancer');
  await page.goto(path);
}

async function createNoteInProject(page: Page, title: string, content: string): Promise<ApiNote> {
  const project = await page.request.post('/api/projects', { data: { name: 'AI tests' } });
  expect(project.status()).toBe(201);
  const { id: projectId } = (await project.json()) as { id: string };
  const note = await page.request.post('/api/notes', { data: { projectId, title, content } });
  expect(note.status()).toBe(201);
  return (await note.json()) as ApiNote;
}

function aiButton(page: Page, name: 'Summarize' | 'Grammar' | 'Translate' | 'Structure'): Locator {
  return page.getByRole('group', { name: 'AI actions' }).getByRole('button', { name, exact: true });
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The server's 422 text, for API clients: the web never shows it. */
const MODEL_REQUIRED =
  'Translation needs an AI model. Set AI_BASE_URL and AI_MODEL on the server (see “AI configuration” in the README).';
/** What the web says instead, in the language list and on the Translate button. */
const NEEDS_MODEL =
  'Translation needs an AI model, which this server does not have yet. Ask your admin to add one.';

/** The AI result preview (Replace / Insert below / Discard); nothing changes before a choice. */
function aiPreview(page: Page, action: string): Locator {
  return page.getByRole('dialog', { name: `${action} result` });
}

async function replaceWithResult(page: Page, action: string) {
  const preview = aiPreview(page, action);
  await preview.getByRole('button', { name: 'Replace' }).click({ timeout: 40_000 });
  await expect(preview).toBeHidden();
}

function toast(page: Page, text: string): Locator {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text);
}

// The built-in grammar checker loads on the server's first grammar request (seconds, more on a slow
// machine): start that in the background now, so the Quick View test (last) does not wait for it.
let warmUp: APIRequestContext | undefined;
let warmUpDone: Promise<unknown> = Promise.resolve();
test.beforeAll(async ({ playwright, baseURL }) => {
  const origin = new URL(String(baseURL)).origin;
  warmUp = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin } });
  const signUp = await warmUp.post('/api/auth/sign-up/email', {
    data: { name: 'Warm Up', email: uniqueEmail('warm'), password: 'correct-horse-9' },
  });
  expect(signUp.ok()).toBe(true);
  warmUpDone = warmUp
    .post('/api/ai/enhance', { data: { action: 'grammar', content: 'i has went.' }, timeout: 60_000 })
    .catch(() => undefined);
});
test.afterAll(async () => {
  await warmUpDone;
  await warmUp?.dispose();
});

const SENTENCES = [
  'Our team met on Monday to plan the spring launch of the mobile app.',
  'The launch date depends on finishing the payment screens and the offline mode.',
  'Maria will own the payment screens and report progress every Friday.',
  'The offline mode needs a sync engine that survives flaky connections.',
  'We agreed that the sync engine is the biggest risk for the launch date.',
  'Coffee in the new office is much better than before.',
  'Design reviews move to Wednesday afternoons starting next week.',
  'Marketing wants screenshots of the payment screens by the end of the month.',
  'If the sync engine slips, the launch moves to early summer.',
];

test('composer: Summarize opens /editor with a shorter summary of the original sentences; Undo Enhancement restores the text', async ({
  page,
}) => {
  // The server may still be loading the grammar checker (beforeAll), which delays the first answers.
  test.setTimeout(60_000);
  await signedIn(page);
  const original = SENTENCES.join(' ');
  const box = page.getByRole('textbox', { name: 'Note text' });
  await box.fill(original);
  await aiButton(page, 'Summarize').click();
  // The result is a preview first: the composer still has the original. The engine's one thread
  // (decision 076) may still be loading the grammar checker for beforeAll's warm-up: the first
  // answer waits for it.
  await expect(aiPreview(page, 'Summarize')).toBeVisible({ timeout: 30_000 });
  await expect(box).toHaveValue(original);
  await replaceWithResult(page, 'Summarize');

  await expect(page).toHaveURL(/\/editor$/);
  const content = page.getByRole('textbox', { name: 'Note content' });
  await expect(page.getByRole('button', { name: 'Undo Enhancement' })).toBeVisible();
  // Each kept sentence is a paragraph (of a bullet list, for a note this long).
  const summary = (await content.locator('p').allTextContents()).map((line) => line.trim()).filter(Boolean);
  expect(summary.length).toBeGreaterThan(0);
  expect(summary.length).toBeLessThan(SENTENCES.length);
  for (const sentence of summary) expect(SENTENCES).toContain(sentence);

  await page.getByRole('button', { name: 'Undo Enhancement' }).click();
  await expect(page.getByRole('button', { name: 'Undo Enhancement' })).toBeHidden();
  await expect(content).toHaveText(original);
  // The editor's own history keeps both: undo brings the summary back.
  await content.click();
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(content).not.toHaveText(original);
  await expect(content).toContainText(summary[0] ?? '');

  // In /editor the result replaces the text in place; Undo Enhancement brings back what was there.
  const before = await content.locator('p').allTextContents();
  await aiButton(page, 'Summarize').click();
  // Discard leaves the text as it was.
  await aiPreview(page, 'Summarize').getByRole('button', { name: 'Discard' }).click();
  await expect(content.locator('p')).toHaveText(before);
  await aiButton(page, 'Summarize').click();
  await replaceWithResult(page, 'Summarize');
  await expect(page.getByRole('button', { name: 'Undo Enhancement' })).toBeVisible();
  await expect(content.locator('p')).not.toHaveText(before);
  await page.getByRole('button', { name: 'Undo Enhancement' }).click();
  await expect(content.locator('p')).toHaveText(before);
});

/**
 * Translate on a server without a model: the list opens (Enter on the button), says so once for the
 * user with a link to the Help Center, its languages are there but disabled, Enter picks nothing, no
 * toast, and Escape closes it with the text unchanged.
 */
async function expectTranslateNeedsModel(page: Page, count: number) {
  const translate = aiButton(page, 'Translate');
  await expect(translate).toHaveAccessibleDescription(NEEDS_MODEL);
  await translate.focus();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Translate to' });
  await expect(picker).toBeVisible();
  const search = picker.getByRole('combobox', { name: 'Search languages' });
  await expect(search).toBeFocused();
  await expect(search).toHaveAccessibleDescription(NEEDS_MODEL);
  await expect(picker.getByRole('option')).toHaveCount(count);
  for (const option of await picker.getByRole('option').all()) {
    await expect(option).toHaveAttribute('aria-disabled', 'true');
  }
  const link = picker.getByRole('link', { name: /How to set up translation/ });
  await expect(link).toHaveAttribute('href', '/help-center/ai-actions#translation-needs-a-model');
  await expect(link).toHaveAttribute('target', '_blank');
  // Nothing is picked and nothing is sent; the keyboard is not trapped: Tab reaches the link.
  let sent = false;
  const onRequest = (request: { url(): string }) => {
    if (request.url().includes('/api/ai/enhance')) sent = true;
  };
  page.on('request', onRequest);
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(picker).toBeVisible();
  await search.press('Shift+Tab');
  await expect(link).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  page.off('request', onRequest);
  expect(sent).toBe(false);
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toHaveCount(0);
  await expect(page.getByText(/AI_BASE_URL/)).toHaveCount(0);
}

test('translate without a model: Capture, /editor and Quick View explain it in the list, never a toast', async ({
  page,
}) => {
  // Three hosts and a second tab with the Help Center.
  test.setTimeout(90_000);
  await signedIn(page);
  const text = 'Good morning, see you at the meeting.';
  const box = page.getByRole('textbox', { name: 'Note text' });
  await box.fill(text);
  await expectTranslateNeedsModel(page, 23);
  await expect(box).toHaveValue(text);

  await page.getByRole('button', { name: 'Editor', exact: true }).click();
  await expect(page).toHaveURL(/\/editor$/);
  const content = page.getByRole('textbox', { name: 'Note content' });
  // The editor's chunk loads first.
  await expect(content).toHaveText(text, { timeout: 20_000 });
  await expectTranslateNeedsModel(page, 23);
  await expect(content).toHaveText(text);
  // The help link opens the article in a tab of its own: the draft here stays as it is.
  const [article] = await Promise.all([
    page.context().waitForEvent('page'),
    (async () => {
      await aiButton(page, 'Translate').click();
      await page.getByRole('link', { name: /How to set up translation/ }).click();
    })(),
  ]);
  await expect(article).toHaveURL(/\/help-center\/ai-actions#translation-needs-a-model$/);
  await expect(article.getByRole('heading', { name: 'Translation needs a model' })).toBeInViewport({
    timeout: 30_000,
  });
  await article.close();
  await expect(page).toHaveURL(/\/editor$/);
  await page.keyboard.press('Escape');

  const note = await createNoteInProject(page, 'Greeting', text);
  await page.goto(`/quick-view?project=${note.projectId}&note=${note.id}`);
  await expect(page.getByRole('textbox', { name: 'Note content' })).toHaveText(text, { timeout: 20_000 });
  await expectTranslateNeedsModel(page, 12);
});

test('translate: the list filters and picks by keyboard; a 422 the status did not predict opens the explained list, no toast', async ({
  page,
}) => {
  await signedIn(page);
  const box = page.getByRole('textbox', { name: 'Note text' });
  // The status claims a model, but this server has none: it answers 422 AI_MODEL_REQUIRED.
  await page.route('**/api/ai/status', (route) =>
    route.fulfill({
      json: {
        provider: 'openai-compatible',
        model: 'test',
        actions: { summarize: true, grammar: true, translate: true, structure: true, capture: true },
      },
    }),
  );
  await page.goto('/');
  await box.fill('Good morning, see you at the meeting.');
  await aiButton(page, 'Translate').click();
  const picker = page.getByRole('dialog', { name: 'Translate to' });
  await expect(picker.getByRole('option')).toHaveCount(23);
  await expect(picker.getByRole('option', { name: 'French' })).not.toHaveAttribute('aria-disabled', 'true');
  const search = picker.getByRole('combobox', { name: 'Search languages' });
  await expect(search).toBeFocused();
  await search.fill('ch');
  await expect(picker.getByRole('option')).toHaveText([
    'Chinese (Simplified)',
    'Chinese (Traditional)',
    'Dutch',
    'French',
  ]);
  await search.press('ArrowDown');
  await expect(picker.getByRole('option', { name: 'Chinese (Traditional)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await search.press('Escape');
  await expect(picker).toBeHidden();
  await aiButton(page, 'Translate').click();
  await picker.getByRole('combobox').fill('germ');
  const request = page.waitForRequest('**/api/ai/enhance');
  const answer = page.waitForResponse('**/api/ai/enhance');
  await page.keyboard.press('Enter');
  expect((await request).postDataJSON()).toMatchObject({ action: 'translate', language: 'German' });
  expect((await answer).status()).toBe(422);
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('combobox')).toHaveAccessibleDescription(NEEDS_MODEL);
  await expect(picker.getByRole('option').first()).toHaveAttribute('aria-disabled', 'true');
  await expect(toast(page, MODEL_REQUIRED)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('Good morning, see you at the meeting.');
  await expect(page).toHaveURL(/\/$/);
});

test('AI buttons: disabled with empty text, enabled with text; signed out they ask to sign up', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('textbox', { name: 'Note text' });
  const names = ['Summarize', 'Grammar', 'Translate', 'Structure'] as const;
  for (const name of names) await expect(aiButton(page, name)).toBeDisabled();
  await box.fill('Some words to enhance.');
  await aiButton(page, 'Structure').click();
  await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
  await page.keyboard.press('Escape');

  await signUpViaApi(page, 'Empty');
  await page.goto('/');
  await box.fill('   ');
  for (const name of names) await expect(aiButton(page, name)).toBeDisabled();
  await box.fill('Now there is text.');
  for (const name of names) await expect(aiButton(page, name)).toBeEnabled();

  // Without access (the trial is over) they are disabled and say why.
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), plan: 'FREE', access: false } });
  });
  await page.reload();
  await box.fill('Now there is text.');
  for (const name of names) {
    await expect(aiButton(page, name)).toBeDisabled();
    await expect(aiButton(page, name)).toHaveAccessibleDescription(/PRO trial or the UNLIMITED plan/);
  }
  await page.unroute('**/api/me');

  // Quick View: an empty note has nothing to enhance.
  const note = await createNoteInProject(page, 'Blank', '');
  await page.goto(`/quick-view?project=${note.projectId}&note=${note.id}`);
  await expect(page.getByRole('textbox', { name: 'Note content' })).toBeVisible();
  for (const name of names) await expect(aiButton(page, name)).toBeDisabled();
});

test('quick view: Grammar previews a fix, Replace applies it and it saves itself; Undo Enhancement restores', async ({
  page,
}) => {
  // The grammar checker has been loading since beforeAll; on a slow machine it may still be.
  test.setTimeout(60_000);
  await signedIn(page, '/help-center');
  const original = 'i has went to the the store.';
  const note = await createNoteInProject(page, 'Errand', original);
  await page.goto(`/quick-view?project=${note.projectId}&note=${note.id}`);

  const content = page.getByRole('textbox', { name: 'Note content' });
  await expect(content).toHaveText(original);
  await aiButton(page, 'Grammar').click();
  // A preview first: the note itself does not change before a choice.
  await expect(aiPreview(page, 'Grammar')).toBeVisible({ timeout: 40_000 });
  await expect(content).toHaveText(original);
  await replaceWithResult(page, 'Grammar');
  await expect(content).not.toHaveText(original);
  await expect(content).not.toContainText('the the');
  // The enhancement is over: the AI buttons work again.
  await expect(aiButton(page, 'Grammar')).toBeEnabled();
  const fixed = normalize((await content.textContent()) ?? '');

  // It saves itself.
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  const saved = (await (await page.request.get(`/api/notes/${note.id}`)).json()) as ApiNote;
  expect(saved.content).not.toBe(original);
  expect(normalize(saved.content)).toBe(fixed);

  // Undo Enhancement in Quick View brings the original back (and saves that too).
  await page.getByRole('button', { name: 'Undo Enhancement' }).click();
  await expect(content).toHaveText(original);
  await expect(page.getByRole('button', { name: 'Undo Enhancement' })).toBeHidden();
});
