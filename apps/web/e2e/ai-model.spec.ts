import { expect, type Page, test } from '@playwright/test';
import { type FakeModel, startFakeModel, streamAnswer } from '../../server/test/ai-fake-model';
import { type OwnServer, startOwnServer } from './own-server';

// Translate against a server that has a model: the built server of its own with AI_BASE_URL pointing
// at a fake OpenAI-compatible model (the shared e2e server runs the built-in engine, which cannot
// translate). The language list works as it always did: enabled languages, pick, preview, Replace.

let fake: FakeModel;
let server: OwnServer;
let base: string;
let counter = 0;

test.beforeAll(async () => {
  fake = await startFakeModel((request, response) => {
    const asked = request.body.messages?.map((message) => message.content).join('\n') ?? '';
    const german = /german/i.test(asked);
    return streamAnswer(response, german ? ['Guten Morgen,', ' bis zum Treffen.'] : ['?'], { delayMs: 20 });
  });
  server = await startOwnServer('ai-model', {
    AUTH_RATE_LIMIT: '500',
    AI_BASE_URL: fake.baseUrl,
    AI_MODEL: 'test-model',
  });
  base = server.base;
});

test.afterAll(async () => {
  server?.stop();
  await fake?.close();
});

async function signUp(page: Page): Promise<void> {
  await page.goto(base);
  counter += 1;
  const response = await page.request.post(`${base}/api/auth/sign-up/email`, {
    data: {
      name: 'Translator',
      email: `translate-${Date.now()}-${counter}@example.com`,
      password: 'correct-horse-9',
    },
    headers: { origin: base },
  });
  expect(response.ok()).toBe(true);
  await page.reload();
}

test('translate with a model: the list is enabled, Enter picks German, the preview shows the translation, Replace applies it', async ({
  page,
}) => {
  await signUp(page);
  const box = page.getByRole('textbox', { name: 'Note text' });
  await box.fill('Good morning, see you at the meeting.');
  const translate = page
    .getByRole('group', { name: 'AI actions' })
    .getByRole('button', { name: 'Translate' });
  await expect(translate).toBeEnabled();
  await expect(translate).not.toHaveAccessibleDescription(/AI model/);
  await translate.focus();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Translate to' });
  await expect(picker.getByRole('option')).toHaveCount(23);
  await expect(picker.getByText(/needs an AI model/)).toHaveCount(0);
  await expect(picker.getByRole('option', { name: 'German' })).not.toHaveAttribute('aria-disabled', 'true');
  const search = picker.getByRole('combobox', { name: 'Search languages' });
  await expect(search).toBeFocused();
  await search.fill('germ');
  await search.press('Enter');
  await expect(picker).toBeHidden();

  const preview = page.getByRole('dialog', { name: 'Translate result' });
  await expect(preview).toContainText('Guten Morgen, bis zum Treffen.');
  await preview.getByRole('button', { name: 'Replace' }).click();
  // An accepted result in the composer opens /editor with it.
  await expect(page).toHaveURL(/\/editor$/);
  await expect(page.getByRole('textbox', { name: 'Note content' })).toHaveText(
    'Guten Morgen, bis zum Treffen.',
  );
  // The model was asked for German with the note's text (Capture may also ask it to file the note).
  const asked = fake.requests.map((request) => JSON.stringify(request.body.messages ?? []));
  expect(
    asked.some((body) => body.includes('German') && body.includes('Good morning, see you at the meeting.')),
  ).toBe(true);
});
