import { expect, test } from '@playwright/test';
import { appOrigin, createNote, createProject, signUpFresh } from './support';

interface NoteBody {
  content: string;
  version: number;
}

// A save that meets a newer version (another tab or device): edits to different paragraphs are both
// kept without a question; the same paragraph changed on both sides asks, and Keep both keeps both.
test('concurrent edits: different paragraphs merge silently, the same paragraph asks and Keep both keeps both', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpFresh(page, 'Merger');
  const project = await createProject(page, 'Kitchen');
  const note = await createNote(page, project.id, 'Menu', 'Soup of the day\n\nBread and butter\n\nApple pie');
  const serverEdit = async (from: string, to: string) => {
    const current = (await (await page.request.get(`/api/notes/${note.id}`)).json()) as NoteBody;
    const response = await page.request.patch(`/api/notes/${note.id}`, {
      data: { content: current.content.replace(from, to), version: current.version },
      headers: { origin: appOrigin(page) },
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  const serverContent = async () =>
    ((await (await page.request.get(`/api/notes/${note.id}`)).json()) as NoteBody).content;

  await page.goto(`/quick-view?project=${project.id}&note=${note.id}`);
  const content = page.getByRole('textbox', { name: 'Note content' });
  await expect(content).toContainText('Soup of the day');
  const dialog = page.getByRole('dialog', { name: 'This note was changed elsewhere' });

  // Another device changes the last paragraph; here the first one changes: both survive, no dialog.
  await serverEdit('Apple pie', 'Apple pie with cream');
  await content.getByText('Soup of the day').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and salad');
  await expect
    .poll(serverContent, { timeout: 15_000 })
    .toMatch(/Soup of the day and salad[\s\S]*Apple pie with cream/);
  await expect(content).toContainText('Apple pie with cream');
  await expect(dialog).toBeHidden();

  // Both change the middle paragraph: the dialog asks; Keep both keeps both texts.
  await serverEdit('Bread and butter', 'Bread and olive oil');
  await content.getByText('Bread and butter').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' on the side');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Keep both' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(serverContent, { timeout: 15_000 })
    .toMatch(/Bread and butter on the side[\s\S]*Bread and olive oil/);
  await expect(content).toContainText('Bread and olive oil');
  const versions = (await (await page.request.get(`/api/notes/${note.id}/versions`)).json()) as {
    versions: { reason: string }[];
  };
  expect(versions.versions[0]?.reason).toBe('merge');
});
