import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { apiPost, type CreatedNote, createProject, signUpFresh } from './support';

/*
 * The Obsidian vault exports (decision 069) from the buttons a user clicks: the Projects page's
 * "Obsidian vault (.zip)" for every project, a project's menu for one. The vault holds each note as
 * Title.md in its project's folder, tags and dates in front matter, and links between exported notes
 * as wikilinks.
 */

async function vaultOf(download: Promise<import('@playwright/test').Download>) {
  const file = await download;
  const entries = unzipSync(new Uint8Array(fs.readFileSync(await file.path())));
  return {
    name: file.suggestedFilename(),
    files: Object.fromEntries(Object.entries(entries).map(([path, bytes]) => [path, strFromU8(bytes)])),
  };
}

test('the Projects page and a project menu download Obsidian vaults', async ({ page }) => {
  await signUpFresh(page, 'Vault Keeper');
  const garden = await createProject(page, 'Garden');
  const kitchen = await createProject(page, 'Kitchen');
  const seeds = await apiPost<CreatedNote & { createdAt: string; updatedAt: string }>(page, '/api/notes', {
    projectId: garden.id,
    title: 'Seeds',
    content: 'Tomatoes and *beans*.',
    tags: ['plants'],
  });
  const soup = await apiPost<CreatedNote & { createdAt: string; updatedAt: string }>(page, '/api/notes', {
    projectId: kitchen.id,
    title: 'Soup',
    content: `Use the [seed list](/quick-view?project=${garden.id}&note=${seeds.id}).\n\n- [x] stock\n- [ ] leeks`,
    tags: ['food'],
  });

  await page.goto('/projects');
  const all = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Obsidian vault (.zip)' }).click();
  const vault = await vaultOf(all);
  expect(vault.name).toMatch(/^Notewise vault \d{4}-\d{2}-\d{2}\.zip$/);
  expect(Object.keys(vault.files).sort()).toEqual(['Garden/Seeds.md', 'Kitchen/Soup.md']);
  const soupFile = vault.files['Kitchen/Soup.md']!;
  expect(soupFile).toBe(
    `---\ntags:\n  - "food"\ncreated: ${soup.createdAt}\nupdated: ${soup.updatedAt}\n---\n\nUse the [[Garden/Seeds|seed list]].\n\n- [x] stock\n- [ ] leeks\n`,
  );
  expect(vault.files['Garden/Seeds.md']).toContain('tags:\n  - "plants"\n');
  expect(vault.files['Garden/Seeds.md']).toContain('Tomatoes and *beans*.');
  await expect(page.getByText(/Downloaded Notewise vault/)).toBeVisible();

  // One project from its menu: the link to a note outside it stays an ordinary link.
  await page.getByRole('button', { name: 'Project actions for Kitchen' }).click();
  const one = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Obsidian vault (.zip)' }).click();
  const kitchenVault = await vaultOf(one);
  expect(kitchenVault.name).toBe('Kitchen (Obsidian).zip');
  expect(Object.keys(kitchenVault.files)).toEqual(['Kitchen/Soup.md']);
  expect(kitchenVault.files['Kitchen/Soup.md']).toContain('tags:\n  - "food"\n');
  expect(kitchenVault.files['Kitchen/Soup.md']).not.toContain('[[');
  expect(kitchenVault.files['Kitchen/Soup.md']).toContain('- [x] stock\n- [ ] leeks');
});
