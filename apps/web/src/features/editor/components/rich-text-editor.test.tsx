import { docToMarkdown } from '@notewise/editor';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichTextEditor, type RichTextEditorHandle } from './rich-text-editor';

afterEach(cleanup);

async function renderEditor(initialMarkdown: string) {
  let handle: RichTextEditorHandle | null = null;
  render(
    <RichTextEditor
      initialMarkdown={initialMarkdown}
      label="Note content"
      onReady={(ready) => {
        handle = ready;
      }}
    />,
  );
  await waitFor(() => expect(handle).not.toBeNull());
  return handle as unknown as RichTextEditorHandle;
}

// getMarkdown keeps the Markdown of the last document it serialised (decision 098): every change,
// however it is made, must give the new text, and asking again must give the same.
describe('RichTextEditor getMarkdown', () => {
  it('follows every change of the document, typed, replaced or undone', async () => {
    const handle = await renderEditor('Pack light.');
    expect(handle.getMarkdown()).toBe('Pack light.');
    expect(handle.getMarkdown()).toBe('Pack light.');

    act(() => {
      handle.editor.chain().focus('end').insertContent(' And early').run();
    });
    expect(handle.getMarkdown()).toBe('Pack light. And early');
    act(() => {
      handle.editor.commands.insertContent(' soon');
    });
    expect(handle.getMarkdown()).toBe('Pack light. And early soon');
    expect(handle.getMarkdown()).toBe('Pack light. And early soon');

    act(() => handle.setMarkdown('- [ ] Passport\n- [x] Tickets'));
    expect(handle.getMarkdown()).toBe('- [ ] Passport\n- [x] Tickets');

    // Undo goes back to an earlier document (history groups quick changes): its text, not the last.
    act(() => {
      handle.editor.commands.undo();
    });
    expect(handle.getMarkdown()).not.toBe('- [ ] Passport\n- [x] Tickets');
    expect(handle.getMarkdown()).toBe(docToMarkdown(handle.editor.getJSON()));
  });

  it('gives the same text as serialising the document afresh', async () => {
    const handle = await renderEditor('# Trip\n\nRemember **the keys**.\n\n- [ ] Charger');
    const first = handle.getMarkdown();
    act(() => {
      handle.editor.chain().focus('start').insertContent('Big ').run();
    });
    const changed = handle.getMarkdown();
    expect(changed).not.toBe(first);
    expect(changed).toBe(docToMarkdown(handle.editor.getJSON()));
    expect(changed).toBe('# Big Trip\n\nRemember **the keys**.\n\n- [ ] Charger');
  });
});

// Checklist items are drawn by the web's own node view (decision 105): a tick must still change the
// saved text, be one undo step, name the box for assistive technology, and keep the shared schema.
describe('RichTextEditor checklist ticks', () => {
  const boxes = () => [...document.querySelectorAll<HTMLInputElement>('li > label > input[type="checkbox"]')];

  it('ticks and unticks an item in the saved text, each an undo step', async () => {
    const handle = await renderEditor('- [ ] Passport\n- [x] Tickets');
    expect(handle.editor.schema.nodes.taskItem?.spec.content).toBe('paragraph block*');
    const [passport, tickets] = boxes();
    expect(passport?.getAttribute('aria-label')).toBe('Task item checkbox for Passport');
    expect(passport?.checked).toBe(false);
    expect(tickets?.checked).toBe(true);

    act(() => passport?.click());
    expect(handle.getMarkdown()).toBe('- [x] Passport\n- [x] Tickets');
    expect(passport?.closest('li')?.dataset.checked).toBe('true');
    act(() => {
      handle.editor.commands.undo();
    });
    expect(handle.getMarkdown()).toBe('- [ ] Passport\n- [x] Tickets');
    expect(passport?.checked).toBe(false);

    act(() => tickets?.click());
    expect(handle.getMarkdown()).toBe('- [ ] Passport\n- [ ] Tickets');
    expect(tickets?.checked).toBe(false);
    expect(tickets?.closest('li')?.dataset.checked).toBe('false');
  });

  it('renames the box as its text changes and leaves a read-only note as it is', async () => {
    const handle = await renderEditor('- [ ] Pass');
    act(() => {
      handle.editor.chain().focus('end').insertContent('port').run();
    });
    expect(boxes()[0]?.getAttribute('aria-label')).toBe('Task item checkbox for Passport');

    act(() => handle.editor.setEditable(false));
    act(() => boxes()[0]?.click());
    expect(boxes()[0]?.checked).toBe(false);
    expect(handle.getMarkdown()).toBe('- [ ] Passport');
  });
});
