import { expect, test } from '@playwright/test';
import { appOrigin, type CreatedNote, createNote, createProject, signUpFresh } from './support';

const NOTE_COUNT = 5_000;
/** Parallel POSTs at a time: fast enough to seed in about a minute without starving the server. */
const BATCH = 25;
/** The list's DOM must stay small however many notes are loaded (virtualised rendering). */
const MAX_LIST_NODES = 3_000;

test('All Notes scrolls through 5,000 notes to the oldest, keeping the DOM small', async ({ page }) => {
  test.setTimeout(600_000);
  await signUpFresh(page, 'Hoarder');
  const project = await createProject(page, 'Everything');

  // The oldest note first, alone, so it is last in the list (newest updated first).
  await createNote(page, project.id, 'The very first note', 'Written before all the others');
  const origin = appOrigin(page);
  for (let start = 1; start < NOTE_COUNT; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, NOTE_COUNT - start) }, (_, offset) => start + offset);
    await Promise.all(
      batch.map(async (index) => {
        const response = await page.request.post('/api/notes', {
          data: { projectId: project.id, title: `Bulk note ${index}`, content: `Line ${index}` },
          headers: { origin },
        });
        expect(response.status()).toBe(201);
      }),
    );
  }

  await page.goto('/notes');
  const summary = page.getByRole('list', { name: 'Notes summary' });
  await expect(summary).toContainText(String(NOTE_COUNT));
  const list = page.getByRole('list', { name: 'Notes', exact: true });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  // The first page only: 50 of 5,000.
  await expect(list).toHaveAttribute('data-count', '50');

  const oldest = page.getByRole('link', { name: 'The very first note' });
  let largestDom = 0;
  for (let step = 0; step < 2_000 && !(await oldest.isVisible()); step++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const nodes = await list.evaluate((element) => element.querySelectorAll('*').length);
    largestDom = Math.max(largestDom, nodes);
    expect(nodes).toBeLessThan(MAX_LIST_NODES);
    await page.waitForTimeout(50);
  }
  await expect(oldest).toBeVisible();
  await expect(list).toHaveAttribute('data-count', String(NOTE_COUNT));
  await expect(page.getByText('Loading more…')).toBeHidden();
  const finalNodes = await list.evaluate((element) => element.querySelectorAll('*').length);
  expect(finalNodes).toBeLessThan(MAX_LIST_NODES);
  test.info().annotations.push({
    type: 'list DOM nodes',
    description: `at most ${Math.max(largestDom, finalNodes)} for ${NOTE_COUNT} loaded notes`,
  });
});

test('live changes patch the loaded pages: created on top, updated moves up, deleted goes', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signUpFresh(page, 'Live Lister');
  const project = await createProject(page, 'Stream');
  const origin = appOrigin(page);
  const created: CreatedNote[] = [];
  for (let start = 0; start < 120; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, 120 - start) }, (_, offset) => start + offset);
    // One batch after another: each batch is newer than the one before.
    created.push(
      ...(await Promise.all(batch.map((index) => createNote(page, project.id, `Stream note ${index}`)))),
    );
    await page.waitForTimeout(5);
  }

  await page.goto('/notes');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  const list = page.getByRole('list', { name: 'Notes', exact: true });
  await expect(list).toHaveAttribute('data-count', '50');
  // Scroll until the second page is in: the oldest batch is on it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(list).toHaveAttribute('data-count', '100');
  const old = created[0];
  if (!old) throw new Error('nothing created');
  await page.evaluate(() => window.scrollTo(0, 0));
  const firstCard = list.getByRole('article').first();

  // Another tab of the same user makes the changes; this tab hears of them over /api/events.
  const other = await context.newPage();
  await other.goto('/');
  const newNote = await createNote(other, project.id, 'Fresh from the other tab');
  await expect(firstCard).toContainText('Fresh from the other tab');
  await expect(list).toHaveAttribute('data-count', '101');

  const current = await (await other.request.get(`/api/notes/${old.id}`)).json();
  const edited = await other.request.patch(`/api/notes/${old.id}`, {
    data: { title: 'Old note, edited', version: current.version },
    headers: { origin },
  });
  expect(edited.ok()).toBe(true);
  await expect(firstCard).toContainText('Old note, edited');
  await expect(page.getByRole('article', { name: 'Old note, edited' })).toHaveCount(1);

  const deleted = await other.request.delete(`/api/notes/${newNote.id}`, { headers: { origin } });
  expect(deleted.status()).toBe(204);
  await expect(page.getByRole('article', { name: 'Fresh from the other tab' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Notes summary' })).toContainText('120');
});
