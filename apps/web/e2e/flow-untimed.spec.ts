import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiPost, signUpViaApi } from './support';

// The rest of the writing flow (flow.spec.ts keeps what depends on timing): New Note on a project page
// starts there, AI buttons and Add Note labelled alike, honest plan copy. No assertion here depends on
// timing, so these run with the independent specs on two workers (decision 087).

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

function aiButton(page: Page, name: 'Summarize' | 'Grammar' | 'Translate' | 'Structure'): Locator {
  return page.getByRole('group', { name: 'AI actions' }).getByRole('button', { name, exact: true });
}

test('New Note on a project page preselects it; the composer can pick another or leave it to the AI', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/help-center');
  await signUpViaApi(page, 'Filer');
  const recipes = await apiPost<{ id: string }>(page, '/api/projects', { name: 'Recipes' });
  await apiPost(page, '/api/projects', { name: 'Garden' });
  await page.goto(`/project/${recipes.id}`);
  await page.getByRole('link', { name: 'New Note' }).first().click();
  const picker = page.getByRole('combobox', { name: 'Project' });
  await expect(picker.locator('option:checked')).toHaveText('Recipes');
  await picker.selectOption({ label: 'Garden' });
  await page.getByRole('textbox', { name: 'Note text' }).fill('Plant tomatoes in May.');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 15_000 });
  const notes = (await (await page.request.get('/api/notes')).json()) as {
    notes: Array<{ title: string; projectId: string }>;
  };
  const garden = (await (await page.request.get('/api/projects')).json()) as {
    projects: Array<{ id: string; name: string }>;
  };
  const gardenId = garden.projects.find((project) => project.name === 'Garden')?.id;
  expect(notes.notes.find((note) => note.title.startsWith('Plant tomatoes'))?.projectId).toBe(gardenId);

  // From Capture itself the AI proposes, shown in the picker before adding (Inbox when nothing fits).
  await page.goto('/');
  const proposed = page.getByRole('combobox', { name: 'Project' }).locator('option:checked');
  await expect(proposed).toHaveText('Suggested by AI');
  const text = page.getByRole('textbox', { name: 'Note text' });
  await text.fill('Paint the fence blue on Sunday.');
  await expect(proposed).toHaveText('Suggested by AI: Inbox');
  await text.fill('Tomatoes and basil for the garden beds.');
  await expect(proposed).toHaveText('Suggested by AI: Garden');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 15_000 });
  const after = (await (await page.request.get('/api/notes')).json()) as {
    notes: Array<{ title: string; projectId: string }>;
  };
  expect(after.notes.find((note) => note.title.startsWith('Tomatoes and basil'))?.projectId).toBe(gardenId);
});

/** The control shows its name as text on screen (not only as an accessible name or tooltip). */
async function expectVisibleLabel(control: Locator, name: string) {
  const label = control.getByText(name, { exact: true }).first();
  await expect(label).toBeVisible();
  const box = await label.boundingBox();
  expect(box?.width ?? 0, `${name} shows its label`).toBeGreaterThan(24);
}

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['390 px', MOBILE],
] as const) {
  test(`AI buttons and Add Note are labelled the same everywhere (${device})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/help-center');
    await signUpViaApi(page, 'Labels');
    const project = await apiPost<{ id: string }>(page, '/api/projects', { name: 'Labels' });
    const note = await apiPost<{ id: string }>(page, '/api/notes', {
      projectId: project.id,
      title: 'Labelled',
      content: 'Some words.',
    });
    const names = ['Summarize', 'Grammar', 'Translate', 'Structure'] as const;

    await page.goto('/');
    await page.getByRole('textbox', { name: 'Note text' }).fill('Some words.');
    for (const name of names) await expectVisibleLabel(aiButton(page, name), name);

    await page.getByRole('button', { name: 'Editor', exact: true }).click();
    await expect(page).toHaveURL(/\/editor$/);
    // The address changes before the page does: Capture's own buttons stay until /editor has loaded.
    await expect(page.getByRole('heading', { level: 1, name: 'Editor' })).toBeVisible();
    for (const name of names) await expectVisibleLabel(aiButton(page, name), name);
    await expectVisibleLabel(page.getByRole('button', { name: 'Add Note' }), 'Add Note');

    await page.goto(`/quick-view?project=${project.id}&note=${note.id}`);
    await expect(page.getByRole('textbox', { name: 'Note content' })).toHaveText('Some words.');
    for (const name of names) await expectVisibleLabel(aiButton(page, name), name);
  });
}

test('plan copy promises only what exists, and no access points at a real action', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/help-center');
  const { email } = await signUpViaApi(page, 'Planner');
  await page.goto('/settings?tab=plan');
  await expect(page.getByRole('heading', { name: 'PRO Plan' })).toBeVisible();

  // The trial is over and this server sells nothing (no STRIPE_SECRET_KEY): Settings says so and
  // hands over the request for the administrator, ready to copy.
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), plan: 'FREE', access: false } });
  });
  await page.reload();
  await expect(page.getByText('Limited access')).toBeVisible();
  await expect(page.getByText(/Upgrade in Settings/)).toHaveCount(0);
  await expect(page.getByText('Payments are not configured on this server.', { exact: false })).toBeVisible();
  await expect(page.getByText(`npm run admin -- plan ${email} UNLIMITED`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy request' })).toBeVisible();
});
