import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiPost, newUserInOwnContext } from './support';

// Two people typing at the same spot at the same time must keep each one's words whole
// and in order. Both type the same leading characters (" from..."), which is what scrambled them:
// y-tiptap's string diff and its caret recovery both confuse two identical characters typed at one
// spot (decision 013).

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Note content' });

/** The last paragraph's text, without the other person's caret label (it sits inside the text). */
function lastParagraph(editor: Locator): Promise<string> {
  return editor.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll('.nw-collab-caret')) caret.remove();
    const paragraphs = copy.querySelectorAll('p');
    return (paragraphs[paragraphs.length - 1]?.textContent ?? '').replace(/\u2060/g, '');
  });
}

/** The editor's caret is at the very end (TipTap keeps its editor on the element). */
function caretAtEnd(editor: Locator): Promise<boolean> {
  return editor.evaluate((element) => {
    const { state } = (element as unknown as { editor: { state: EditorStateLike } }).editor;
    return state.selection.empty && state.selection.head === state.doc.content.size - 1;
  });
}
interface EditorStateLike {
  selection: { empty: boolean; head: number };
  doc: { content: { size: number } };
}

/**
 * Ctrl+End, checked: a message from the other side can arrive in the instant between the browser
 * moving the caret and ProseMirror reading it, and then the redraw puts the old caret back.
 */
async function caretToEnd(page: Page, editor: Locator) {
  await expect(async () => {
    await page.keyboard.press('ControlOrMeta+End');
    expect(await caretAtEnd(editor)).toBe(true);
  }).toPass({ timeout: 5_000 });
}

/** Typing speeds per round (ms between keys): fast typists and the 30-40 ms of the first report. */
const DELAYS = [0, 5, 10, 20, 40];
const ROUNDS = 20;

test('two people typing at the same spot at the same time keep their words whole and in order, 20 times', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alice = await newUserInOwnContext(browser, 'Alice Archer', 'cotype');
  const bob = await newUserInOwnContext(browser, 'Bob Baker', 'cotype');
  const project = await apiPost<{ id: string; code: string }>(alice, '/api/shared-projects', {
    name: 'Team',
  });
  const note = await apiPost<{ id: string }>(alice, '/api/notes', {
    projectId: project.id,
    title: 'Standup',
    content: 'Start.',
  });
  await apiPost(bob, '/api/shared-projects/join', { code: project.code });
  const url = `/quick-view?sharedProject=${project.id}&note=${note.id}`;
  await Promise.all([alice.goto(url), bob.goto(url)]);
  const editorA = editorOf(alice);
  const editorB = editorOf(bob);
  await expect(editorA).toContainText('Start.', { timeout: 20_000 });
  await expect(editorB).toContainText('Start.', { timeout: 20_000 });
  await editorA.click();
  await editorB.click();

  const textA = ' fromA1 fromA2';
  const textB = ' fromD1 fromD2';
  const failures: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // A fresh paragraph at the end, both carets at its end.
    const head = `Round ${round}.`;
    await caretToEnd(alice, editorA);
    await alice.keyboard.press('Enter');
    await alice.keyboard.type(head);
    await expect.poll(() => lastParagraph(editorB)).toBe(head);
    await caretToEnd(bob, editorB);

    const delay = DELAYS[round % DELAYS.length];
    await Promise.all([alice.keyboard.type(textA, { delay }), bob.keyboard.type(textB, { delay })]);
    await expect
      .poll(async () => (await lastParagraph(editorA)) === (await lastParagraph(editorB)))
      .toBe(true);
    const merged = await lastParagraph(editorA);
    // Either order is fine; what each person typed stays one piece.
    if (merged !== head + textA + textB && merged !== head + textB + textA) {
      failures.push(`round ${round} (${delay} ms a key): "${merged}"`);
    }
  }
  expect(failures).toEqual([]);

  await Promise.all([alice.context().close(), bob.context().close()]);
});
