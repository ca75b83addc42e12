import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { createProject, signUpFresh } from './support';

/*
 * A real Obsidian vault (kepano/kepano-obsidian subset, MIT; apps/server/test/fixtures/third-party)
 * imported from the Import dialog: the summary says what arrived and what did not, a wikilink leads
 * to the other imported note, and that note's cover image (an embed in its properties) shows.
 */

const VAULT = path.resolve('apps/server/test/fixtures/third-party/kepano-obsidian/vault');

function zipVault(): Buffer {
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string, base: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const rel = base ? `${base}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), rel);
      else files[`kepano-obsidian/${rel}`] = new Uint8Array(fs.readFileSync(path.join(dir, entry.name)));
    }
  };
  walk(VAULT, '');
  return Buffer.from(zipSync(files));
}

test('imports an Obsidian vault zip: summary, a wikilink to another imported note, its image', async ({
  page,
}) => {
  await signUpFresh(page, 'Vault mover');
  const project = await createProject(page, 'Vault');
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import notes' });
  await dialog.getByLabel('Project').selectOption({ label: 'Vault' });
  await dialog.getByLabel('File').setInputFiles({
    name: 'vault.zip',
    mimeType: 'application/zip',
    buffer: zipVault(),
  });
  await expect(dialog.getByRole('radio', { name: 'Everything into Vault' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 25 notes into Vault.', { timeout: 30_000 });
  const imported = dialog.getByRole('list', { name: 'Imported notes' });
  await expect(imported).toContainText('2023-09-12 Meeting with Steph');
  await expect(
    dialog.getByRole('list', { name: 'Approximated in 2023-09-12 Meeting with Steph' }),
  ).toContainText(
    'Approximated 3 unresolved links: Links to notes that are not in this upload keep their text.',
  );
  await expect(dialog.getByRole('list', { name: 'Not imported from Kyoto' })).toContainText(
    'Not imported: 3 unsupported embeds.',
  );
  await expect(dialog.getByRole('list', { name: 'Skipped files' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const notes = (await (await page.request.get(`/api/notes?projectId=${project.id}&limit=100`)).json()) as {
    notes: Array<{ id: string; title: string }>;
  };
  const meeting = notes.notes.find((note) => note.title === '2023-09-12 Meeting with Steph')!;
  await page.goto(`/quick-view?project=${project.id}&note=${meeting.id}`);
  await expect(page.getByLabel('Note title')).toHaveValue('2023-09-12 Meeting with Steph');
  const link = page.getByRole('link', { name: 'Out of Control' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/quick-view\?project=[^&]+&note=/);
  // The editor does not open links on click (editing them would navigate away): follow the address.
  await page.goto(href!);
  await expect(page.getByLabel('Note title')).toHaveValue('Out of Control');
  const cover = page.locator('.ProseMirror img[src^="/api/images/"]');
  await expect(cover).toBeVisible();
  await expect
    .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
});
