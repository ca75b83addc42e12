import { expect, type Page, test } from '@playwright/test';
import { appOrigin, createNote, createProject, savedCacheKeys, signUpFresh } from './support';

// Decision 024 (offline half): the installed shell opens offline, saved copies show, edits
// and new notes wait in IndexedDB across a reload, go out in order on reconnect, a concurrent server
// change opens the merge dialog, and sign-out wipes this browser's copy.

interface Me {
  id: string;
}
interface NoteBody {
  id: string;
  title: string;
  content: string;
  version: number;
}

/** The keys of the offline key-value store (IndexedDB 'notewise-offline', store 'kv'). */
function offlineKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('notewise-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kv')) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction('kv', 'readonly').objectStore('kv').getAllKeys();
          request.onsuccess = () => {
            db.close();
            resolve(request.result.map(String));
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/** Whether the saved cache of `userId` holds the note (it was loaded before going offline). */
async function savedCacheHasNote(page: Page, userId: string, noteId: string): Promise<boolean> {
  const keys = await savedCacheKeys(page, userId);
  return keys.some((key) => key[1] === 'detail' && key[2] === noteId);
}

// The service worker is the point here (the other specs block it, see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('offline: saved copies, queued edit and note, merge on reconnect, wipe on sign-out', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUpFresh(page, 'Offline Writer');
  const me = (await (await page.request.get('/api/me')).json()) as Me;
  const project = await createProject(page, 'Travel');
  const note = await createNote(page, project.id, 'Trip plan', 'Pack the tent');

  // Online: the note is opened once, so its copy is saved; the service worker takes control.
  await page.goto(`/quick-view?project=${project.id}&note=${note.id}`);
  await expect(page.getByRole('textbox', { name: 'Note title' })).toHaveValue('Trip plan');
  await expect(page.getByRole('textbox', { name: 'Note content' })).toContainText('Pack the tent');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
    .toBe(true);
  await expect.poll(() => savedCacheHasNote(page, me.id, note.id), { timeout: 10_000 }).toBe(true);

  // The manifest the install prompt needs is served and valid.
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  const manifestBody = (await manifest.json()) as { icons: { sizes: string; purpose?: string }[] };
  expect(manifestBody.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  expect(manifestBody.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');

  // Offline: the shell comes from the service worker, the banner says what is shown.
  await context.setOffline(true);
  await page.goto('/');
  const banner = page.getByRole('status', { name: 'Sync status' });
  await expect(banner).toContainText('Offline: showing saved copies');
  await expect(banner).toContainText('last synced');

  // A new note from the composer waits in the queue.
  await page.getByRole('textbox', { name: 'Note text' }).fill('Written on the train');
  await page.getByRole('button', { name: 'Add Note' }).click();
  const waitingDialog = page.getByRole('dialog', { name: 'Waiting to sync' });
  await expect(waitingDialog).toBeVisible();
  await waitingDialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(banner).toContainText('1 change waiting to sync');

  // The saved note opens offline, an edit waits too and survives a reload.
  await page.goto(`/quick-view?project=${project.id}&note=${note.id}`);
  const content = page.getByRole('textbox', { name: 'Note content' });
  await expect(content).toContainText('Pack the tent');
  await content.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and the stove');
  const toolbar = page.locator('[data-editor-mode="plain"]');
  await expect(toolbar.getByRole('status')).toHaveText('Waiting to sync');
  await expect(banner).toContainText('2 changes waiting to sync');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Note content' })).toContainText(
    'Pack the tent and the stove',
  );
  await expect(toolbar.getByRole('status')).toHaveText('Waiting to sync');

  // Meanwhile the note changes on the server (another device).
  const serverEdit = await page.request.patch(`/api/notes/${note.id}`, {
    data: { content: 'Pack the tent and the map', version: 1 },
    headers: { origin: appOrigin(page) },
  });
  expect(serverEdit.ok(), await serverEdit.text()).toBe(true);

  // Back online: the queue goes out in order; the edit meets the newer version and asks.
  await context.setOffline(false);
  const conflict = page.getByRole('dialog', { name: 'This note was changed elsewhere' });
  await expect(conflict).toBeVisible({ timeout: 15_000 });
  await expect(conflict).toContainText('Pack the tent and the stove');
  await expect(conflict).toContainText('Pack the tent and the map');

  // The queued note arrived once.
  await expect
    .poll(async () => {
      const list = (await (await page.request.get(`/api/notes?limit=50`)).json()) as {
        notes: { id: string; excerpt: string; title: string }[];
      };
      return list.notes.filter((item) => `${item.title} ${item.excerpt}`.includes('Written on the train'))
        .length;
    })
    .toBe(1);

  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(conflict).toBeHidden();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/notes/${note.id}`)).json()) as NoteBody).content)
    .toContain('Pack the tent and the stove');
  await expect(banner).not.toContainText('waiting to sync');

  // Sign-out wipes this browser's offline copy of the user.
  await expect.poll(() => offlineKeys(page)).toContain(`cache:${me.id}`);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Sign Out/ })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await offlineKeys(page)).filter((key) => key.endsWith(me.id))).toEqual([]);
});

test('offline: an edit and a server edit to different paragraphs merge on reconnect without a dialog', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUpFresh(page, 'Offline Merger');
  const me = (await (await page.request.get('/api/me')).json()) as Me;
  const project = await createProject(page, 'Garden');
  const note = await createNote(
    page,
    project.id,
    'Weekend',
    'Mow the lawn\n\nFix the fence\n\nWater the roses',
  );

  await page.goto(`/quick-view?project=${project.id}&note=${note.id}`);
  await expect(page.getByRole('textbox', { name: 'Note content' })).toContainText('Mow the lawn');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
    .toBe(true);
  await expect.poll(() => savedCacheHasNote(page, me.id, note.id), { timeout: 10_000 }).toBe(true);

  // Offline: the first paragraph changes here, and the edit waits.
  await context.setOffline(true);
  await page.reload();
  const content = page.getByRole('textbox', { name: 'Note content' });
  await content.getByText('Mow the lawn').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and rake the leaves');
  const banner = page.getByRole('status', { name: 'Sync status' });
  await expect(banner).toContainText('1 change waiting to sync');
  // The note is closed before the queue goes out: the queue itself meets the conflict.
  await page.goto('/');
  await expect(banner).toContainText('1 change waiting to sync');

  // Meanwhile another device changes the last paragraph.
  const current = (await (await page.request.get(`/api/notes/${note.id}`)).json()) as NoteBody;
  const serverEdit = await page.request.patch(`/api/notes/${note.id}`, {
    data: {
      content: current.content.replace('Water the roses', 'Water the roses and the tulips'),
      version: current.version,
    },
    headers: { origin: appOrigin(page) },
  });
  expect(serverEdit.ok(), await serverEdit.text()).toBe(true);

  await context.setOffline(false);
  await expect(banner).not.toContainText('waiting to sync', { timeout: 15_000 });
  await expect
    .poll(async () => ((await (await page.request.get(`/api/notes/${note.id}`)).json()) as NoteBody).content)
    .toMatch(/Mow the lawn and rake the leaves[\s\S]*Water the roses and the tulips/);
  // Nothing asks: opening the note shows both changes and no merge dialog.
  await page.goto(`/quick-view?project=${project.id}&note=${note.id}`);
  await expect(page.getByRole('textbox', { name: 'Note content' })).toContainText('rake the leaves');
  await expect(page.getByRole('textbox', { name: 'Note content' })).toContainText('and the tulips');
  await expect(page.getByRole('dialog', { name: 'This note was changed elsewhere' })).toBeHidden();
  // The merge is in the note's history, with the text before it.
  const versions = (await (await page.request.get(`/api/notes/${note.id}/versions`)).json()) as {
    versions: { reason: string }[];
  };
  expect(versions.versions[0]?.reason).toBe('merge');
});
