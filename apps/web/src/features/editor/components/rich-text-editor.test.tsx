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
