import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiPost, newUserInOwnContext } from './support';

// Two people ticking one shared note's checklist at the same time (decision 105: a tick is one
// setNodeMarkup transaction drawn by the web's own node view; decision 114 added this test). Each
// tick must reach the other page, neither may undo the other's, the item's text must survive (an
// attribute change sent as a delete and an insert would duplicate or lose items), and the stored note
// must say what both pages show.

async function storedContent(page: Page, id: string): Promise<string> {
  const response = await page.request.get(`/api/notes/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { content: string }).content;
}

const ITEMS = ['Passport', 'Tickets', 'Charger'] as const;
type Item = (typeof ITEMS)[number];

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Note content' });
const box = (page: Page, item: Item): Locator =>
  editorOf(page).getByRole('checkbox', { name: `Task item checkbox for ${item}` });

/** Every checkbox of the page's note as "name: ticked", in order (a duplicated item shows here). */
async function ticksOf(page: Page): Promise<string[]> {
  const boxes = await editorOf(page).getByRole('checkbox').all();
  return Promise.all(
    boxes.map(
      async (checkbox) => `${await checkbox.getAttribute('aria-label')}: ${await checkbox.isChecked()}`,
    ),
  );
}

const expected = (ticked: Partial<Record<Item, boolean>>) =>
  ITEMS.map((item) => `Task item checkbox for ${item}: ${ticked[item] === true}`);

const markdownOf = (ticked: Partial<Record<Item, boolean>>) =>
  ITEMS.map((item) => `- [${ticked[item] ? 'x' : ' '}] ${item}`).join('\n');

/**
 * Charger's tick once both pages and the stored note show the same ticks (one check of the three, so
 * a moment where the pages agree before a late update arrives does not count).
 */
async function settledCharger(alice: Page, bob: Page, noteId: string): Promise<boolean> {
  let charger = false;
  await expect
    .poll(
      async () => {
        const [shownA, shownB, stored] = [
          await ticksOf(alice),
          await ticksOf(bob),
          await storedContent(alice, noteId),
        ];
        charger = shownA.includes('Task item checkbox for Charger: true');
        const markdown = markdownOf({ Passport: true, Tickets: true, Charger: charger });
        return JSON.stringify(shownA) === JSON.stringify(shownB) && stored.includes(markdown);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return charger;
}

/** Both pages show `ticked` (each saw the other's change), and so does the stored note. */
async function agree(alice: Page, bob: Page, noteId: string, ticked: Partial<Record<Item, boolean>>) {
  await expect.poll(() => ticksOf(alice), { timeout: 10_000 }).toEqual(expected(ticked));
  await expect.poll(() => ticksOf(bob), { timeout: 10_000 }).toEqual(expected(ticked));
  await expect.poll(() => storedContent(alice, noteId), { timeout: 15_000 }).toContain(markdownOf(ticked));
}

test('two people ticking one checklist at the same time end with the same ticks, stored, and no text lost', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await newUserInOwnContext(browser, 'Alice Archer', 'coticks');
  const bob = await newUserInOwnContext(browser, 'Bob Baker', 'coticks');
  const project = await apiPost<{ id: string; code: string }>(alice, '/api/shared-projects', {
    name: 'Trip',
  });
  const note = await apiPost<{ id: string }>(alice, '/api/notes', {
    projectId: project.id,
    title: 'Packing',
    content: `Pack light.\n\n${markdownOf({})}`,
  });
  await apiPost(bob, '/api/shared-projects/join', { code: project.code });
  const url = `/quick-view?sharedProject=${project.id}&note=${note.id}`;
  await Promise.all([alice.goto(url), bob.goto(url)]);
  // The editor's chunk loads with the first opened note (slow on a busy machine).
  await expect(box(alice, 'Charger')).toBeVisible({ timeout: 20_000 });
  await expect(box(bob, 'Charger')).toBeVisible({ timeout: 20_000 });

  // Each ticks a different item at the same moment: neither tick undoes the other.
  await Promise.all([box(alice, 'Passport').click(), box(bob, 'Tickets').click()]);
  await agree(alice, bob, note.id, { Passport: true, Tickets: true });

  // Both click the same item at once, twice, then three clicks against two. A click toggles what its
  // page shows, so whether the item ends ticked depends on whether the other's click had arrived
  // first; what must hold is that both pages and the stored note end the same, and the other items
  // keep their ticks.
  const clicks = async (page: Page, times: number) => {
    for (let i = 0; i < times; i++) await box(page, 'Charger').click();
  };
  let charger = false;
  for (const [byAlice, byBob] of [
    [1, 1],
    [1, 1],
    [3, 2],
  ] as const) {
    await Promise.all([clicks(alice, byAlice), clicks(bob, byBob)]);
    charger = await settledCharger(alice, bob, note.id);
    await agree(alice, bob, note.id, { Passport: true, Tickets: true, Charger: charger });
  }

  // One unticks while the other types in the same note: the words and the untick both arrive.
  await editorOf(bob).getByText('Pack light.').click();
  await bob.keyboard.press('End');
  await Promise.all([bob.keyboard.type(' Bring snacks.', { delay: 10 }), box(alice, 'Passport').click()]);
  await agree(alice, bob, note.id, { Tickets: true, Charger: charger });
  for (const page of [alice, bob]) await expect(editorOf(page)).toContainText('Pack light. Bring snacks.');

  // The stored note, read back by both after a reload, keeps every word and tick.
  const content = await storedContent(alice, note.id);
  expect(content).toContain('Pack light. Bring snacks.');
  expect(content).toContain(markdownOf({ Tickets: true, Charger: charger }));
  await Promise.all([alice.reload(), bob.reload()]);
  for (const page of [alice, bob]) {
    await expect(box(page, 'Charger')).toBeVisible({ timeout: 20_000 });
    expect(await ticksOf(page)).toEqual(expected({ Tickets: true, Charger: charger }));
    await expect(editorOf(page)).toContainText('Pack light. Bring snacks.');
  }

  await Promise.all([alice.context().close(), bob.context().close()]);
});
