import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './support';

// Markdown checklist shortcuts in the editor, and a floating format toolbar that leaves
// the selected line visible and stays one row on a phone.

/** Signed in, on /editor with `text` brought over from the composer. */
async function openEditor(page: Page, text: string) {
  await page.goto('/help-center');
  await signUpViaApi(page, 'Writer');
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Note text' }).fill(text);
  await page.getByRole('button', { name: 'Editor' }).click();
  await expect(page).toHaveURL(/\/editor$/);
  const editor = page.getByRole('textbox', { name: 'Note content' });
  await expect(editor).toContainText(text.split('\n')[0] ?? '');
  return editor;
}

/** Selects the paragraph showing `text` (End, then Shift+Home) and returns the selection's box. */
async function selectParagraph(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Note content' });
  await editor.getByText(text, { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar).toBeVisible();
  // Positioned after it shows (later on a busy machine): wait until two reads 150 ms apart agree.
  let last = '';
  await expect
    .poll(
      async () => {
        const current = JSON.stringify(await toolbar.boundingBox());
        const settled = current === last;
        last = current;
        return settled;
      },
      { intervals: [150], timeout: 10_000 },
    )
    .toBe(true);
  const selection = await page.evaluate(() => {
    const rect = window.getSelection()?.getRangeAt(0).getBoundingClientRect();
    return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
  });
  const box = await toolbar.boundingBox();
  expect(selection).not.toBeNull();
  expect(box).not.toBeNull();
  return {
    toolbar,
    selection: selection as NonNullable<typeof selection>,
    box: box as NonNullable<typeof box>,
  };
}

function overlapsVertically(a: { y: number; height: number }, b: { y: number; height: number }) {
  return a.y < b.y + b.height && b.y < a.y + a.height;
}

test('typing "[ ] " or "- [ ] " at the start of a line makes a checklist item', async ({ page }) => {
  const editor = await openEditor(page, 'Shopping');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('[ ] milk');
  await page.keyboard.press('Enter');
  await page.keyboard.type('eggs');
  // Two unchecked items in one checklist, no literal brackets.
  const items = editor.locator('ul[data-type="taskList"] > li');
  await expect(items).toHaveCount(2);
  await expect(editor).not.toContainText('[ ]');

  // Leave the list, then the bullet form: "- " starts a bullet, "[x] " turns that item into a
  // checked checklist item (not a checklist nested inside a bullet).
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- [x] bread');
  await expect(editor.locator('ul[data-type="taskList"] > li')).toHaveCount(3);
  await expect(editor.locator('li[data-checked="true"]')).toContainText('bread');
  await expect(editor.locator('ul:not([data-type]) ul[data-type="taskList"]')).toHaveCount(0);
  await expect(editor.locator('ul:not([data-type])')).toHaveCount(0);
  await expect(editor).not.toContainText('[x]');
});

test('the format toolbar does not cover the selected line', async ({ page }) => {
  await openEditor(page, ['First line of text', 'Second line of text', 'Third line of text'].join('\n\n'));
  const { selection, box } = await selectParagraph(page, 'Second line of text');
  expect(overlapsVertically(selection, box)).toBe(false);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  // The floating bars stay hidden until floating-ui has placed them: shown at their old position for
  // a frame, they could cover the selected line at 390 px (decision 026).
  test('the format toolbar is one row that scrolls, below the selection, and its menus open', async ({
    page,
  }) => {
    await openEditor(page, ['First line of text', 'Second line of text', 'Third line of text'].join('\n\n'));
    const { toolbar, selection, box } = await selectParagraph(page, 'Second line of text');
    expect(overlapsVertically(selection, box)).toBe(false);
    expect(box.y).toBeGreaterThan(selection.y);
    // One row of 44 px buttons (plus padding and border), inside the screen.
    expect(box.height).toBeLessThan(60);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // The last control is reachable by scrolling the row, and its menu is not cut off.
    const lists = toolbar.getByRole('button', { name: 'Lists' });
    await lists.scrollIntoViewIfNeeded();
    await lists.click();
    await expect(page.getByRole('menu', { name: 'Lists' })).toBeVisible();
    await expect(page.getByRole('menuitemradio', { name: 'Checklist' })).toBeInViewport();
  });
});
