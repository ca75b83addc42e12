import type { Note } from '@notewise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditorSnapshot, RichTextEditorHandle } from '@/features/editor';
import { noteKeys } from '@/lib/query-keys';
import { SaveStatus } from '../components/save-status';
import { usePlainNoteSave } from './use-plain-note-save';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('@/lib/toast', () => ({ toast: { error: toastError, success: vi.fn() } }));

function makeNote(overrides: Partial<Note> = {}): Note {
  return {
    id: 'note-1',
    projectId: 'project-1',
    title: 'Plan',
    tags: [],
    version: 3,
    pinned: false,
    preview: '',
    excerpt: '',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    lastEdited: '2026-11-20T10:00:00.000Z',
    authorId: 'user-1',
    content: 'Old text',
    ...overrides,
  };
}

/** The editor's handle as the save model uses it: Markdown, snapshots and their cheap comparison. */
function fakeEditor(markdown: string) {
  const editor = {
    markdown,
    getMarkdown: () => editor.markdown,
    snapshot: () => ({ markdown: editor.markdown }) as unknown as EditorSnapshot,
    isSameAs: (snapshot: EditorSnapshot | null) =>
      snapshot !== null && (snapshot as unknown as { markdown: string }).markdown === editor.markdown,
  };
  return editor;
}

/** PATCH /api/notes/:id answered in turn by `answers`: a note (200) or the server's error body. */
function fakeNotesApi(answers: { status: number; body: unknown }[]) {
  const patches: unknown[] = [];
  const fetchStub = vi.fn(async (url: string, init: RequestInit) => {
    expect(url).toBe('/api/notes/note-1');
    expect(init.method).toBe('PATCH');
    patches.push(JSON.parse(String(init.body)));
    const answer = answers.shift() ?? { status: 500, body: { error: { code: 'X', message: 'No answer' } } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetchStub, patches };
}

function renderSave(note: Note) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const editor = fakeEditor(note.content);
  const editorRef = { current: editor as unknown as RichTextEditorHandle };
  const titleRef = { current: note.title };
  const onReplace = vi.fn();
  const view = renderHook(
    () =>
      usePlainNoteSave({
        note,
        queued: null,
        userId: 'user-1',
        editorRef,
        titleRef,
        isEnhancing: () => false,
        onReplace,
      }),
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    },
  );
  act(() => view.result.current.onEditorReady(editorRef.current));
  return { ...view, editor, titleRef, onReplace, queryClient };
}

interface SessionProbe {
  session: ReturnType<typeof usePlainNoteSave> | null;
  renders: number;
  editorRef: { current: RichTextEditorHandle };
}

/** A note session reduced to its status label, counting its own renders. */
function SessionWithLabel({ probe }: { probe: SessionProbe }) {
  probe.renders += 1;
  const session = usePlainNoteSave({
    note: makeNote(),
    queued: null,
    userId: 'user-1',
    editorRef: probe.editorRef,
    titleRef: { current: 'Plan' },
    isEnhancing: () => false,
    onReplace: () => undefined,
  });
  probe.session = session;
  const { label, saving, failed } = session;
  return (
    <SaveStatus label={label} enhancing={false} saving={saving} waiting={false} online failed={failed} />
  );
}

const theirs = makeNote({
  title: 'Plan (theirs)',
  content: 'Their text',
  version: 4,
  updatedAt: '2026-11-21T09:00:00.000Z',
});
const conflictAnswer = {
  status: 409,
  body: {
    error: {
      code: 'CONFLICT',
      message: 'This note was changed somewhere else since you opened it. Choose which version to keep.',
      details: { current: theirs },
    },
  },
};

describe('usePlainNoteSave', () => {
  beforeEach(() => toastError.mockClear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('tracks unsaved changes exactly and autosaves only what changed', async () => {
    const api = fakeNotesApi([{ status: 200, body: makeNote({ content: 'New text', version: 4 }) }]);
    vi.stubGlobal('fetch', api.fetchStub);
    const view = renderSave(makeNote());
    expect(view.result.current.label.get().dirty).toBe(false);

    view.editor.markdown = 'New text';
    act(() => view.result.current.onContentChange());
    await waitFor(() => expect(view.result.current.label.get().dirty).toBe(true));

    // Typed back to the saved text: clean at once, without a Markdown comparison.
    view.editor.markdown = 'Old text';
    act(() => view.result.current.onContentChange());
    expect(view.result.current.label.get().dirty).toBe(false);

    view.titleRef.current = '  ';
    act(() => view.result.current.onTitleChange());
    // An empty title saves as the default one, which differs from 'Plan'.
    expect(view.result.current.label.get().dirty).toBe(true);
    view.titleRef.current = 'Plan';
    act(() => view.result.current.onTitleChange());
    expect(view.result.current.label.get().dirty).toBe(false);

    view.editor.markdown = 'New text';
    act(() => view.result.current.onContentChange());
    await waitFor(() => expect(api.patches).toHaveLength(1), { timeout: 3_000 });
    expect(api.patches[0]).toEqual({ version: 3, content: 'New text' });
    await waitFor(() => expect(view.result.current.label.get().justSaved).toBe(true));
    expect(view.result.current.label.get().dirty).toBe(false);
    expect(view.result.current.isDirty()).toBe(false);
    expect(view.queryClient.getQueryData(noteKeys.detail('note-1'))).toMatchObject({ version: 4 });
  });

  it('the status label goes Unsaved changes, Saved, then clears on the next key, the session not re-rendered by it', async () => {
    const api = fakeNotesApi([{ status: 200, body: makeNote({ content: 'New text', version: 4 }) }]);
    vi.stubGlobal('fetch', api.fetchStub);
    const queryClient = new QueryClient();
    const editor = fakeEditor('Old text');
    const editorRef = { current: editor as unknown as RichTextEditorHandle };
    const probe: SessionProbe = { session: null, renders: 0, editorRef };
    render(
      <QueryClientProvider client={queryClient}>
        <SessionWithLabel probe={probe} />
      </QueryClientProvider>,
    );
    const typed = () => act(() => probe.session?.onContentChange());
    const status = screen.getByRole('status');
    act(() => probe.session?.onEditorReady(editorRef.current));
    expect(status.textContent).toBe('');
    const before = probe.renders;

    editor.markdown = 'New text';
    typed();
    await waitFor(() => expect(status.textContent).toBe('Unsaved changes'));
    // The label changed by itself: the note view around it (toolbars, title) did not render again.
    expect(probe.renders).toBe(before);

    await waitFor(() => expect(status.textContent).toBe('Saved'), { timeout: 3_000 });
    expect(api.patches).toEqual([{ version: 3, content: 'New text' }]);
    const saved = probe.renders;
    editor.markdown = 'New text!';
    typed();
    expect(status.textContent).toBe('');
    await waitFor(() => expect(status.textContent).toBe('Unsaved changes'));
    expect(probe.renders).toBe(saved);
  });

  it('an AI result saves with reason ai, and the next edit without it', async () => {
    const api = fakeNotesApi([
      { status: 200, body: makeNote({ content: 'AI text', version: 4 }) },
      { status: 200, body: makeNote({ content: 'AI text, edited', version: 5 }) },
    ]);
    vi.stubGlobal('fetch', api.fetchStub);
    const view = renderSave(makeNote());
    act(() => view.result.current.onAiApplied());
    view.editor.markdown = 'AI text';
    act(() => view.result.current.onContentChange());
    await waitFor(() => expect(api.patches).toHaveLength(1), { timeout: 3_000 });
    await waitFor(() => expect(view.result.current.label.get().justSaved).toBe(true));
    view.editor.markdown = 'AI text, edited';
    act(() => view.result.current.onContentChange());
    await waitFor(() => expect(api.patches).toHaveLength(2), { timeout: 3_000 });
    expect(api.patches).toEqual([
      { version: 3, content: 'AI text', reason: 'ai' },
      { version: 4, content: 'AI text, edited' },
    ]);
  });

  it('409, keep mine: saves my title and text over the server version', async () => {
    const mineSaved = makeNote({ title: 'Plan B', content: 'My text', version: 5 });
    const api = fakeNotesApi([conflictAnswer, { status: 200, body: mineSaved }]);
    vi.stubGlobal('fetch', api.fetchStub);
    const view = renderSave(makeNote());
    view.editor.markdown = 'My text';
    view.titleRef.current = 'Plan B';

    let saved!: Promise<boolean>;
    act(() => {
      saved = view.result.current.save();
    });
    await waitFor(() => expect(view.result.current.conflict).not.toBeNull());
    expect(view.result.current.conflict).toMatchObject({
      mine: { title: 'Plan B', markdown: 'My text' },
      theirs: { title: 'Plan (theirs)', markdown: 'Their text', updatedAt: theirs.updatedAt },
    });
    expect(toastError).not.toHaveBeenCalled();

    act(() => view.result.current.chooseMine());
    await expect(saved).resolves.toBe(true);
    expect(api.patches).toEqual([
      { version: 3, title: 'Plan B', content: 'My text' },
      // Recorded as a merge: the server keeps the text it overwrote as a version of its own.
      { version: 4, title: 'Plan B', content: 'My text', reason: 'merge' },
    ]);
    expect(view.result.current.conflict).toBeNull();
    expect(view.result.current.isDirty()).toBe(false);
    expect(view.onReplace).not.toHaveBeenCalled();
  });

  it('409, use theirs: opens the server version and sends nothing more', async () => {
    const api = fakeNotesApi([conflictAnswer]);
    vi.stubGlobal('fetch', api.fetchStub);
    const view = renderSave(makeNote());
    view.editor.markdown = 'My text';

    let saved!: Promise<boolean>;
    act(() => {
      saved = view.result.current.save();
    });
    await waitFor(() => expect(view.result.current.conflict).not.toBeNull());
    act(() => view.result.current.chooseTheirs());
    await expect(saved).resolves.toBe(true);
    expect(view.onReplace).toHaveBeenCalledWith(theirs);
    expect(api.patches).toHaveLength(1);
    expect(view.queryClient.getQueryData(noteKeys.detail('note-1'))).toEqual(theirs);
  });

  it('409, decide later: nothing is saved and the changes stay', async () => {
    const api = fakeNotesApi([conflictAnswer]);
    vi.stubGlobal('fetch', api.fetchStub);
    const view = renderSave(makeNote());
    view.editor.markdown = 'My text';

    let saved!: Promise<boolean>;
    act(() => {
      saved = view.result.current.save();
    });
    await waitFor(() => expect(view.result.current.conflict).not.toBeNull());
    act(() => view.result.current.decideLater());
    await expect(saved).resolves.toBe(false);
    expect(view.result.current.isDirty()).toBe(true);
    expect(view.onReplace).not.toHaveBeenCalled();
  });
});
