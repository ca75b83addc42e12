import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { createNote, createProject, signUpFresh, uniqueEmail } from './support';

// Every block a Markdown note holds, made from the toolbar and by typing Markdown, saved,
// and back after a reload; tables with keyboard navigation; images uploaded through /api/images;
// paste of other apps' HTML and of Markdown; and two people editing a table and a code block at once.

interface NoteBody {
  id: string;
  content: string;
}

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Note content' });

/** A fresh user with one empty note, open in Quick View with the caret in the text. */
async function openEmptyNote(page: Page) {
  await signUpFresh(page, 'Block Writer');
  const project = await createProject(page, 'Blocks');
  const note = await createNote(page, project.id, 'Every block');
  await page.goto(`/quick-view?project=${project.id}&note=${note.id}`);
  const editor = editorOf(page);
  // The editor's chunk loads with the first opened note (slow on a busy machine).
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.click();
  return { note, editor };
}

async function noteContent(page: Page, id: string): Promise<string> {
  const response = await page.request.get(`/api/notes/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as NoteBody).content;
}

/** Saves (Ctrl+S), waits for the stored Markdown to contain `expected`, reloads. */
async function saveAndReload(page: Page, noteId: string, expected: string) {
  await page.keyboard.press('ControlOrMeta+s');
  await expect.poll(() => noteContent(page, noteId), { timeout: 10_000 }).toContain(expected);
  await page.reload();
  await expect(editorOf(page)).toBeVisible({ timeout: 20_000 });
}

/**
 * After a toolbar command: TipTap's focus() restores the selection on the next animation frame, so
 * a key pressed before that (End, Enter) would act on the old selection.
 */
function nextFrames(page: Page) {
  return page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * A key that moves the caret natively (End, Home, arrows): ProseMirror reads the new selection on the
 * browser's selectionchange, which a busy machine may deliver after the next key (Enter would then
 * act on the old selection). Waits for it.
 */
async function move(page: Page, key: string) {
  await page.keyboard.press(key);
  await nextFrames(page);
}

/** Selects `length` characters ending `fromEnd` characters before the end of the caret's line. */
async function selectFromEnd(page: Page, fromEnd: number, length: number) {
  await page.keyboard.press('End');
  for (let index = 0; index < fromEnd; index += 1) await page.keyboard.press('ArrowLeft');
  for (let index = 0; index < length; index += 1) await page.keyboard.press('Shift+ArrowLeft');
  await nextFrames(page);
}

/** Every cell's text, row by row. */
function tableCells(table: Locator): Promise<string[][]> {
  return table.evaluate((element) =>
    Array.from(element.querySelectorAll('tr')).map((row) =>
      Array.from(row.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').trim()),
    ),
  );
}

/** Pastes like the system clipboard does: a paste event carrying these types. */
async function paste(editor: Locator, data: Record<string, string>) {
  await editor.evaluate((element, items) => {
    const transfer = new DataTransfer();
    for (const [type, value] of Object.entries(items)) transfer.setData(type, value);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, data);
}

/** A PNG drawn in the page (two coloured halves), as bytes. */
async function makePng(page: Page, width = 64, height = 40): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.fillStyle = '#4650d8';
      context.fillRect(0, 0, w / 2, h);
      context.fillStyle = '#e0701f';
      context.fillRect(w / 2, 0, w / 2, h);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

test('each block from the toolbar is saved and comes back after a reload', async ({ page }) => {
  test.setTimeout(60_000);
  const { note, editor } = await openEmptyNote(page);
  const formatting = page.getByRole('toolbar', { name: 'Formatting' });
  const insert = page.getByRole('toolbar', { name: 'Insert' });

  // Heading 2 through the text style menu.
  await page.keyboard.type('Release notes');
  await move(page, 'Shift+Home');
  await formatting.getByRole('button', { name: /^Text style/ }).click();
  await page.getByRole('menuitemradio', { name: 'Heading 2' }).click();
  await expect(editor.locator('h2')).toHaveText('Release notes');
  // TipTap gives focus back on the next frame: keys pressed before that would go to the menu.
  await expect(editor).toBeFocused();
  await nextFrames(page);

  // Strikethrough, inline code and a mailto: link on words of one line (selected from its end, so
  // no mark runs on into text typed after it).
  await move(page, 'End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('old plan run npm test see docs or mail us');
  await selectFromEnd(page, 0, 'mail us'.length);
  await formatting.getByRole('button', { name: 'Link' }).click();
  const linkForm = page.getByRole('dialog', { name: 'Link' });
  await linkForm.getByLabel('Link address').fill('javascript:alert(1)');
  await linkForm.getByRole('button', { name: 'Apply' }).click();
  await expect(linkForm.getByRole('alert')).toBeVisible();
  await linkForm.getByLabel('Link address').fill('team@example.com');
  await linkForm.getByRole('button', { name: 'Apply' }).click();
  await expect(editor.locator('a[href="mailto:team@example.com"]')).toHaveText('mail us');
  await expect(editor).toBeFocused();
  await nextFrames(page);
  await selectFromEnd(page, ' see docs or mail us'.length, 'npm test'.length);
  await formatting.getByRole('button', { name: 'Inline code' }).click();
  await nextFrames(page);
  await expect(editor.locator('p code')).toHaveText('npm test');
  await selectFromEnd(page, ' run npm test see docs or mail us'.length, 'plan'.length);
  await formatting.getByRole('button', { name: 'Strikethrough' }).click();
  await nextFrames(page);
  await expect(editor.locator('s')).toHaveText('plan');

  // A relative link on a line of its own.
  await move(page, 'End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Guide');
  await move(page, 'Shift+Home');
  await formatting.getByRole('button', { name: /link/i }).click();
  await linkForm.getByLabel('Link address').fill('../guides/setup.md');
  await linkForm.getByRole('button', { name: 'Apply' }).click();
  await expect(editor.locator('a[href="../guides/setup.md"]')).toHaveText('Guide');
  await expect(editor).toBeFocused();
  await nextFrames(page);

  // Horizontal rule, then a code block with a language (highlighted once its grammar loads).
  await move(page, 'End');
  await page.keyboard.press('Enter');
  await insert.getByRole('button', { name: 'Insert horizontal rule' }).click();
  await nextFrames(page);
  await expect(editor.locator('hr')).toHaveCount(1);
  await insert.getByRole('button', { name: 'Code block' }).click();
  await nextFrames(page);
  await page.keyboard.type('def greet():\n    return "hi"');
  await expect(editor.locator('pre')).toHaveCount(1);
  await page.getByRole('toolbar', { name: 'Code block' }).getByLabel('Code language').selectOption('python');
  await expect(editor.locator('pre .hljs-keyword').first()).toHaveText('def');
  await expect(editor).toBeFocused();
  await nextFrames(page);

  // Leave the code block (the arrow moves below it) and add a table.
  await move(page, 'ControlOrMeta+End');
  await move(page, 'ArrowDown');
  await insert.getByRole('button', { name: 'Insert table' }).click();
  await expect(editor.locator('table tr')).toHaveCount(3);
  await expect(editor.locator('table tr').first().locator('th')).toHaveCount(3);

  await saveAndReload(page, note.id, '```python');
  const reloaded = editorOf(page);
  await expect(reloaded.locator('h2')).toHaveText('Release notes');
  await expect(reloaded.locator('s')).toHaveText('plan');
  await expect(reloaded.locator('p code')).toHaveText('npm test');
  await expect(reloaded.locator('a[href="mailto:team@example.com"]')).toHaveText('mail us');
  await expect(reloaded.locator('a[href="../guides/setup.md"]')).toHaveText('Guide');
  await expect(reloaded.locator('hr')).toHaveCount(1);
  await expect(reloaded.locator('pre')).toContainText('return "hi"');
  await expect(reloaded.locator('pre .hljs-keyword').first()).toHaveText('def');
  await expect(reloaded.locator('table tr')).toHaveCount(3);
  await expect(reloaded.locator('table tr').first().locator('th')).toHaveCount(3);
});

test('typing Markdown makes the blocks, and they survive a reload', async ({ page }) => {
  test.setTimeout(60_000);
  const { note, editor } = await openEmptyNote(page);
  const type = (text: string) => page.keyboard.type(text);

  await type('# Title');
  await page.keyboard.press('Enter');
  await type('> Quoted');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await type('- [ ] task one');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await type('#### Small heading');
  await page.keyboard.press('Enter');
  await type('Some ~~gone~~ and `code` here');
  await page.keyboard.press('Enter');
  await type('---');
  await type('```js ');
  await type('const answer = 42;');

  await expect(editor.locator('h1')).toHaveText('Title');
  await expect(editor.locator('blockquote')).toContainText('Quoted');
  await expect(editor.locator('ul[data-type="taskList"] li')).toContainText('task one');
  await expect(editor.locator('h4')).toHaveText('Small heading');
  await expect(editor.locator('s')).toHaveText('gone');
  await expect(editor.locator('p code')).toHaveText('code');
  await expect(editor.locator('hr')).toHaveCount(1);
  await expect(editor.locator('pre')).toHaveText('const answer = 42;');
  await expect(editor).not.toContainText('~~');
  await expect(editor).not.toContainText('```');

  await saveAndReload(page, note.id, 'const answer = 42;');
  const reloaded = editorOf(page);
  await expect(reloaded.locator('h1')).toHaveText('Title');
  await expect(reloaded.locator('blockquote')).toContainText('Quoted');
  await expect(reloaded.locator('ul[data-type="taskList"] li')).toContainText('task one');
  await expect(reloaded.locator('h4')).toHaveText('Small heading');
  await expect(reloaded.locator('s')).toHaveText('gone');
  await expect(reloaded.locator('p code')).toHaveText('code');
  await expect(reloaded.locator('hr')).toHaveCount(1);
  await expect(reloaded.locator('pre')).toHaveText('const answer = 42;');
  await expect(reloaded.locator('pre .hljs-keyword').first()).toHaveText('const');
});

test('a table: Tab moves between cells, rows and columns are added, and it comes back the same', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { note, editor } = await openEmptyNote(page);
  await page.getByRole('toolbar', { name: 'Insert' }).getByRole('button', { name: 'Insert table' }).click();
  await nextFrames(page);
  const table = editor.locator('table');
  await expect(table).toBeVisible();

  // The caret starts in the first header cell; Tab walks right, then into the next row.
  for (const text of ['Name', 'Role', 'Team', 'Ada', 'Engineer', 'Core']) {
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  // Tab selects the cell's text: End puts the caret after it.
  await move(page, 'End');
  await page.keyboard.type('!');
  // To the row's last cell, so the new column goes at the end.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');

  const controls = page.getByRole('toolbar', { name: 'Table' });
  await controls.getByRole('button', { name: 'Add row below' }).click();
  await controls.getByRole('button', { name: 'Add column right' }).click();
  await nextFrames(page);
  await expect(table.locator('tr')).toHaveCount(4);
  await expect(table.locator('tr').first().locator('th, td')).toHaveCount(4);
  // The header row is a toggle with a pressed state.
  await expect(controls.getByRole('button', { name: 'Header row' })).toHaveAttribute('aria-pressed', 'true');

  // Back with Shift+Tab into the new column's header cell (from "Core" past "Engineer" and "Ada!").
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('Shift+Tab');
  await page.keyboard.type('Since');
  const expected = await tableCells(table);
  expect(expected[0]).toEqual(['Name', 'Role', 'Team', 'Since']);
  expect(expected[1]).toEqual(['Ada!', 'Engineer', 'Core', '']);
  expect(expected).toHaveLength(4);

  await saveAndReload(page, note.id, '| Name');
  const reloadedTable = editorOf(page).locator('table');
  await expect(reloadedTable).toBeVisible();
  expect(await tableCells(reloadedTable)).toEqual(expected);
  await expect(reloadedTable.locator('tr').first().locator('th')).toHaveCount(4);

  // Delete a column and the table from its controls.
  await reloadedTable.locator('td').first().click();
  await page.getByRole('toolbar', { name: 'Table' }).getByRole('button', { name: 'Delete column' }).click();
  await expect(reloadedTable.locator('tr').first().locator('th')).toHaveCount(3);
  await page.getByRole('toolbar', { name: 'Table' }).getByRole('button', { name: 'Delete table' }).click();
  await expect(editorOf(page).locator('table')).toHaveCount(0);
});

test('an image is uploaded, described, and loads from /api/images after a reload; a refused file inserts nothing', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { note, editor } = await openEmptyNote(page);
  await page.keyboard.type('Diagram below');
  await page.keyboard.press('Enter');

  // A file that only claims to be a PNG: the server reads the bytes and refuses it.
  await page.getByTestId('image-file-input').setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not an image at all'),
  });
  await expect(page.getByText('Failed to upload image')).toBeVisible();
  await expect(page.getByText(/Nothing was added/)).toBeVisible();
  await expect(editor.locator('img[src]')).toHaveCount(0);

  await page.getByTestId('image-file-input').setInputFiles({
    name: 'diagram.png',
    mimeType: 'image/png',
    buffer: await makePng(page),
  });
  const image = editor.locator('img[src]');
  await expect(image).toHaveAttribute('src', /^\/api\/images\/[A-Za-z0-9_-]+\.webp$/);
  await expect(image).toHaveAttribute('alt', 'diagram');

  // Alt text through the image's controls.
  await image.click();
  await page.getByRole('toolbar', { name: 'Image' }).getByRole('button', { name: 'Edit alt text' }).click();
  const dialog = page.getByRole('dialog', { name: 'Image description' });
  await dialog.getByLabel('Alt text').fill('Blue and orange halves');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(image).toHaveAttribute('alt', 'Blue and orange halves');

  await saveAndReload(page, note.id, '![Blue and orange halves](/api/images/');
  const reloaded = editorOf(page).locator('img[src]');
  await expect(reloaded).toHaveAttribute('alt', 'Blue and orange halves');
  await expect.poll(() => reloaded.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(64);
  const src = await reloaded.getAttribute('src');
  const response = await page.request.get(src ?? '');
  expect(response.headers()['content-type']).toBe('image/webp');
});

test('pasted Google Docs and Notion HTML and a pasted Markdown table become blocks, without styles or scripts', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { note, editor } = await openEmptyNote(page);

  const googleDocs =
    '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b3c4d-7fff-1234-abcd-0123456789ab">' +
    '<h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;">Meeting notes</span></h2>' +
    '<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:700;">Decided</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;"> to ship </span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;text-decoration:line-through;">Friday</span></p>' +
    '<ul style="margin-top:0;margin-bottom:0;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;" aria-level="1"><p dir="ltr" role="presentation"><span style="font-size:11pt;">First point</span></p></li></ul>' +
    '<img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script></b>';
  await paste(editor, {
    'text/html': googleDocs,
    'text/plain': 'Meeting notes\nDecided to ship Friday\nFirst point',
  });
  await expect(editor.locator('h2')).toHaveText('Meeting notes');
  await expect(editor.locator('strong')).toHaveText('Decided');
  // The wrapper's font-weight:normal does not make everything bold.
  await expect(editor.locator('strong')).toHaveCount(1);
  await expect(editor.locator('s')).toHaveText('Friday');
  await expect(editor.locator('ul li')).toContainText('First point');
  await expect(editor.locator('[style*="font-family"], script')).toHaveCount(0);

  await move(page, 'ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const notion =
    '<h3>Checklist</h3><p>Read <a href="https://example.com/spec">the spec</a> and <code>npm ci</code></p>' +
    '<pre><code class="language-bash">npm run build</code></pre><blockquote>Keep it small</blockquote>';
  await paste(editor, { 'text/html': notion, 'text/plain': 'Checklist\nRead the spec' });
  await expect(editor.locator('h3')).toHaveText('Checklist');
  await expect(editor.locator('a[href="https://example.com/spec"]')).toHaveText('the spec');
  await expect(editor.locator('pre')).toContainText('npm run build');
  await expect(editor.locator('blockquote')).toContainText('Keep it small');

  await move(page, 'ControlOrMeta+End');
  await move(page, 'ArrowDown');
  await page.keyboard.press('Enter');
  await paste(editor, {
    'text/plain': '| Fruit | Count |\n| --- | ---: |\n| Apple | 3 |\n| Pear | ~~5~~ 4 |\n',
  });
  const table = editor.locator('table');
  await expect(table).toBeVisible();
  expect(await tableCells(table)).toEqual([
    ['Fruit', 'Count'],
    ['Apple', '3'],
    ['Pear', '5 4'],
  ]);
  await expect(table.locator('s')).toHaveText('5');
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();

  await saveAndReload(page, note.id, '| Fruit');
  const reloaded = editorOf(page);
  await expect(reloaded.locator('h2')).toHaveText('Meeting notes');
  await expect(reloaded.locator('s').first()).toHaveText('Friday');
  expect(await tableCells(reloaded.locator('table'))).toEqual([
    ['Fruit', 'Count'],
    ['Apple', '3'],
    ['Pear', '5 4'],
  ]);
});

// Co-editing: two members, one shared note, one edits a table while the other writes a code block.

async function newUser(browser: Browser, baseURL: string, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email: uniqueEmail('blocks'), password: 'correct-horse-9' },
    headers: { origin: baseURL },
  });
  expect(response.ok()).toBe(true);
  return page;
}

/** The document's blocks as plain data, without other people's carets. */
function blocksOf(editor: Locator) {
  return editor.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll('.nw-collab-caret')) caret.remove();
    // Caret labels leave word joiners (U+2060) behind; cells may end in a zero-width space or a space.
    const clean = (text: string | null) => (text ?? '').replace(/[\u200b\u2060\ufeff]/g, '');
    return Array.from(copy.children).map((block) => {
      const table = block.matches('table') ? block : block.querySelector('table');
      if (table) {
        return Array.from(table.querySelectorAll('tr')).map((row) =>
          Array.from(row.querySelectorAll('th, td')).map((cell) => clean(cell.textContent).trim()),
        );
      }
      return `${block.tagName.toLowerCase()}:${clean(block.textContent)}`;
    });
  });
}

test('two members editing a table and a code block at the same time end with the same document', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const baseURL = String(test.info().project.use.baseURL);
  const alice = await newUser(browser, baseURL, 'Alice Archer');
  const bob = await newUser(browser, baseURL, 'Bob Baker');
  const headers = { origin: baseURL };
  const projectResponse = await alice.request.post('/api/shared-projects', {
    data: { name: 'Team' },
    headers,
  });
  const project = (await projectResponse.json()) as { id: string; code: string };
  const note = (await (
    await alice.request.post('/api/notes', {
      data: {
        projectId: project.id,
        title: 'Plan',
        content: 'Intro\n\n| A | B |\n| --- | --- |\n| 1 | 2 |\n\n```js\nlet x = 1;\n```\n\nEnd',
      },
      headers,
    })
  ).json()) as NoteBody;
  expect(
    (await bob.request.post('/api/shared-projects/join', { data: { code: project.code }, headers })).ok(),
  ).toBe(true);
  const url = `/quick-view?sharedProject=${project.id}&note=${note.id}`;
  await Promise.all([alice.goto(url), bob.goto(url)]);
  const editorA = editorOf(alice);
  const editorB = editorOf(bob);
  // Connecting and loading the editor's chunks takes a few seconds on a busy machine.
  await expect(editorA.locator('table')).toBeVisible({ timeout: 30_000 });
  await expect(editorB.locator('pre')).toBeVisible({ timeout: 30_000 });

  // Alice works in the table (types, adds a row and a column); Bob types in the code block.
  await editorA.locator('td').first().click();
  await move(alice, 'End');
  await editorB.locator('pre').click();
  await move(bob, 'End');
  const aliceWork = (async () => {
    await alice.keyboard.type(' one', { delay: 20 });
    const controls = alice.getByRole('toolbar', { name: 'Table' });
    await controls.getByRole('button', { name: 'Add row below' }).click();
    await nextFrames(alice);
    // The caret stays in its cell: Tab past "2" into the new row.
    await alice.keyboard.press('Tab');
    await alice.keyboard.press('Tab');
    await alice.keyboard.type('new', { delay: 20 });
    await controls.getByRole('button', { name: 'Add column right' }).click();
    await nextFrames(alice);
    await alice.keyboard.press('Tab');
    await alice.keyboard.type('C', { delay: 20 });
  })();
  const bobWork = (async () => {
    await bob.keyboard.press('Enter');
    await bob.keyboard.type('let y = x + 1;', { delay: 20 });
    await bob.keyboard.press('Enter');
    await bob.keyboard.type('console.log(y);', { delay: 20 });
  })();
  await Promise.all([aliceWork, bobWork]);

  // Both converge, with both people's changes.
  await expect
    .poll(async () => JSON.stringify(await blocksOf(editorA)) === JSON.stringify(await blocksOf(editorB)), {
      timeout: 15_000,
    })
    .toBe(true);
  const final = await blocksOf(editorA);
  const code = final.find((block): block is string => typeof block === 'string' && block.startsWith('pre:'));
  expect(code).toBe('pre:let x = 1;\nlet y = x + 1;\nconsole.log(y);');
  const rows = final.find((block): block is string[][] => Array.isArray(block));
  // The new column went right of the first one (where Alice's caret was).
  expect(rows).toEqual([
    ['A', '', 'B'],
    ['1 one', '', '2'],
    ['new', 'C', ''],
  ]);

  // Stored: a reload of either shows the same table and code.
  await expect
    .poll(async () => (await noteContent(bob, note.id)).includes('console.log(y);'), { timeout: 10_000 })
    .toBe(true);
  await bob.reload();
  await expect(editorOf(bob).locator('pre')).toBeVisible({ timeout: 30_000 });
  await expect(editorOf(bob).locator('pre')).toHaveText('let x = 1;\nlet y = x + 1;\nconsole.log(y);');
  expect(await blocksOf(editorOf(bob))).toEqual(final);

  await Promise.all([alice.context().close(), bob.context().close()]);
});
