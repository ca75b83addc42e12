import { expect, type Page, test } from '@playwright/test';
import { createNote, createProject, signUpFresh } from './support';

// Ticking a checklist item (the web's own node view, decision 105): by mouse and by keyboard, undone
// with Ctrl+Z because the text has focus after a tick, autosaved, and still ticked after a reload.

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Note content' });

async function noteContent(page: Page, id: string): Promise<string> {
  const response = await page.request.get(`/api/notes/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { content: string }).content;
}

test('a checklist item ticks by mouse and keyboard, undoes, autosaves and stays ticked', async ({ page }) => {
  await signUpFresh(page, 'Packer');
  const project = await createProject(page, 'Trip');
  const note = await createNote(page, project.id, 'Packing', 'Pack light.\n\n- [ ] Passport\n- [ ] Tickets');
  await page.goto(`/quick-view?project=${project.id}&note=${note.id}`);
  const editor = editorOf(page);
  // The editor's chunk loads with the first opened note (slow on a busy machine).
  await expect(editor).toBeVisible({ timeout: 20_000 });
  const passport = editor.getByRole('checkbox', { name: 'Task item checkbox for Passport' });
  const tickets = editor.getByRole('checkbox', { name: 'Task item checkbox for Tickets' });
  await expect(passport).not.toBeChecked();

  // A click with the text not focused: ticked, then the text has focus (Ctrl+Z reaches it).
  await passport.click();
  await expect(passport).toBeChecked();
  await expect(editor.locator('li[data-checked="true"] > div')).toHaveText('Passport');
  await expect(editor).toBeFocused();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(passport).not.toBeChecked();

  // The keyboard: the box takes focus and Space ticks it.
  await tickets.focus();
  await page.keyboard.press('Space');
  await expect(tickets).toBeChecked();
  await expect.poll(() => noteContent(page, note.id), { timeout: 10_000 }).toContain('- [x] Tickets');
  expect(await noteContent(page, note.id)).toContain('- [ ] Passport');

  await page.reload();
  await expect(tickets).toBeChecked({ timeout: 20_000 });
  await expect(passport).not.toBeChecked();
});
