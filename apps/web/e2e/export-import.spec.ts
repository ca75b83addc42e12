import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { createNote, createProject, signUpFresh } from './support';

/** A note leaves as Markdown and PDF from the editor's menu; a .md comes back in. */

test('exports a note from the Quick View editor as Markdown and PDF', async ({ page }) => {
  await signUpFresh(page, 'Exporter');
  const project = await createProject(page, 'Trips');
  const note = await createNote(
    page,
    project.id,
    'Packing list',
    '# Before leaving\n\nPassport and **tickets**.\n\n- [ ] charger\n- [x] socks',
  );
  await page.goto(`/quick-view?project=${project.id}&note=${note.id}`);
  await expect(page.getByLabel('Note title')).toHaveValue('Packing list');

  const exportButton = page.getByRole('button', { name: 'Export note' });
  await exportButton.click();
  const markdownDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Markdown' }).click();
  const markdown = await markdownDownload;
  expect(markdown.suggestedFilename()).toBe('Packing list.md');
  const markdownText = fs.readFileSync(await markdown.path(), 'utf8');
  expect(markdownText).toMatch(/^---\ntitle: "Packing list"\nproject: "Trips"\n/);
  expect(markdownText).toContain('Passport and **tickets**.');

  await exportButton.click();
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('Packing list.pdf');
  const pdfPath = await pdf.path();
  expect(fs.statSync(pdfPath).size).toBeGreaterThan(1000);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' });
  expect(text.indexOf('Packing list')).toBeGreaterThanOrEqual(0);
  expect(text.indexOf('Before leaving')).toBeGreaterThan(text.indexOf('Packing list'));
  expect(text.indexOf('Passport and tickets.')).toBeGreaterThan(text.indexOf('Before leaving'));
  expect(text).toContain('☐ charger');
  expect(text).toContain('☑ socks');
  await expect(page.getByText('Downloaded Packing list.pdf')).toBeVisible();
});

test('exports from a note card menu', async ({ page }) => {
  await signUpFresh(page, 'Card Exporter');
  const project = await createProject(page, 'Cards');
  await createNote(page, project.id, 'Card note', 'Card body');
  await page.goto(`/project/${project.id}`);
  await page.getByRole('button', { name: 'Note actions for Card note' }).click();
  await page.getByRole('menuitem', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Plain text' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Card note.txt');
  expect(fs.readFileSync(await file.path(), 'utf8')).toBe('Card note\n\nCard body\n');
});

test('imports a Markdown file into a chosen project and shows the note', async ({ page }) => {
  await signUpFresh(page, 'Importer');
  await createProject(page, 'Inbox');
  const target = await createProject(page, 'Garden');
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import notes' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Project').selectOption({ label: 'Garden' });
  await dialog.getByLabel('File').setInputFiles({
    name: 'tomatoes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from(
      '---\ntitle: Tomato care\n---\n\nWater **daily** in July.\n\n![photo](img/tomato.jpg)\n',
    ),
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 1 note into Garden.');
  await expect(dialog.getByRole('list', { name: 'Imported notes' })).toContainText('Tomato care');
  // The picture the file names is not in the upload: said under the note, not as a skipped file.
  await expect(dialog.getByRole('list', { name: 'Not imported from Tomato care' })).toContainText(
    'Not imported: 1 images. Images the file names but the upload does not hold',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`/project/${target.id}`);
  await expect(page.getByText('Tomato care')).toBeVisible();
});

test('exports a project as a zip of Markdown files from its menu', async ({ page }) => {
  await signUpFresh(page, 'Zipper');
  const project = await createProject(page, 'Reading list');
  await createNote(page, project.id, 'Dune', 'Spice **must** flow.');
  await createNote(page, project.id, 'Dune', 'A second note with the same title.');
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Project actions for Reading list' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export (.zip)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Reading list.zip');
  const entries = unzipSync(new Uint8Array(fs.readFileSync(await file.path())));
  expect(Object.keys(entries).sort()).toEqual(['Reading list/Dune (2).md', 'Reading list/Dune.md']);
  const texts = Object.values(entries).map((bytes) => strFromU8(bytes));
  expect(texts.some((text) => text.includes('Spice **must** flow.'))).toBe(true);
  await expect(page.getByText('Downloaded Reading list.zip')).toBeVisible();
});
