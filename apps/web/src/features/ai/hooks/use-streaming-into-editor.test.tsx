import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiEditorTarget, AiEnhancing } from '@/features/editor';
import { useEnhancement } from './use-enhancement';
import { useStreamingIntoEditor } from './use-streaming-into-editor';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('@/lib/toast', () => ({ toast: { error: toastError, success: vi.fn() } }));

/** A stand-in for the rich-text editor's handle: its Markdown and every setMarkdown call. */
function fakeEditor(markdown: string) {
  const calls: { text: string; options?: { silent?: boolean; addToHistory?: boolean } }[] = [];
  const editor: AiEditorTarget & { markdown: string } = {
    markdown,
    getMarkdown: () => editor.markdown,
    setMarkdown: (text, options) => {
      calls.push({ text, options });
      editor.markdown = text;
    },
  };
  return { editor, calls };
}

/**
 * POST /api/ai/enhance answered by a real Server-Sent Events body that the test writes to event by
 * event; aborting the request errors the body, as a browser's fetch does.
 */
function fakeEnhanceServer() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const requests: { body: unknown; signal: AbortSignal }[] = [];
  const fetchStub = vi.fn(async (_url: string, init: RequestInit) => {
    const signal = init.signal as AbortSignal;
    requests.push({ body: JSON.parse(String(init.body)), signal });
    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        controller = streamController;
      },
    });
    signal.addEventListener('abort', () =>
      controller.error(new DOMException('The operation was aborted.', 'AbortError')),
    );
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  const send = (event: string, data: unknown) =>
    controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  return { fetchStub, requests, send, end: () => controller.close() };
}

function renderStreaming(markdown: string) {
  const { editor, calls } = fakeEditor(markdown);
  const editorRef = { current: editor };
  const enhancing: AiEnhancing[] = [];
  const previews: string[] = [];
  const view = renderHook(() => {
    const slot = useStreamingIntoEditor({ editorRef, onEnhancingChange: (next) => enhancing.push(next) });
    const enhancement = useEnhancement(slot);
    const text = enhancement.preview?.text;
    if (text !== undefined && previews.at(-1) !== text) previews.push(text);
    return enhancement;
  });
  return { ...view, editor, calls, enhancing, previews };
}

describe('useStreamingIntoEditor (with useEnhancement over a real SSE body)', () => {
  let server: ReturnType<typeof fakeEnhanceServer>;
  beforeEach(() => {
    server = fakeEnhanceServer();
    vi.stubGlobal('fetch', server.fetchStub);
    toastError.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the tokens in the order they arrive, then puts the result in as one undo step', async () => {
    const view = renderStreaming('teh draft');
    let running!: Promise<void>;
    act(() => {
      running = view.result.current.run('grammar');
    });
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]?.body).toEqual({ action: 'grammar', content: 'teh draft' });
    expect(view.enhancing).toEqual(['waiting']);

    act(() => server.send('delta', { text: 'The ' }));
    await waitFor(() => expect(view.result.current.preview?.text).toBe('The '));
    // The first words arrived: the host is no longer busy, the preview types on.
    expect(view.enhancing).toEqual(['waiting', false]);
    act(() => server.send('delta', { text: 'draft.' }));
    act(() => server.send('done', { output: 'The draft.' }));
    await act(() => running);

    expect(view.result.current.preview).toEqual({
      action: 'grammar',
      text: 'The draft.',
      output: 'The draft.',
    });
    // Every frame the user saw was a longer start of the answer: in order, nothing skipped back.
    for (const [index, text] of view.previews.entries()) {
      expect('The draft.'.startsWith(text)).toBe(true);
      if (index > 0) expect(text.length).toBeGreaterThan(view.previews[index - 1]?.length ?? 0);
    }
    // Nothing in the note until the user picks Replace.
    expect(view.calls).toEqual([]);

    act(() => view.result.current.apply('replace'));
    expect(view.editor.markdown).toBe('The draft.');
    expect(view.calls).toEqual([
      { text: 'teh draft', options: { silent: true, addToHistory: false } },
      { text: 'The draft.', options: undefined },
    ]);
    expect(view.enhancing).toEqual(['waiting', false, 'streaming', false]);
    expect(view.result.current.undoText).toBe('teh draft');
  });

  it('Discard cancels the request and nothing more is shown', async () => {
    const view = renderStreaming('Some notes');
    let running!: Promise<void>;
    act(() => {
      running = view.result.current.run('summarize');
    });
    await waitFor(() => expect(server.requests).toHaveLength(1));
    act(() => server.send('delta', { text: 'Short' }));
    await waitFor(() => expect(view.result.current.preview?.text).toBe('Short'));

    act(() => view.result.current.discard());
    await act(() => running);
    expect(server.requests[0]?.signal.aborted).toBe(true);
    expect(view.result.current.preview).toBeNull();
    expect(view.result.current.busy).toBeNull();
    expect(toastError).not.toHaveBeenCalled();
    expect(view.calls).toEqual([]);
    expect(view.editor.markdown).toBe('Some notes');
  });

  it('an error event surfaces as a toast, releases the host and leaves the note alone', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderStreaming('Some notes');
    let running!: Promise<void>;
    act(() => {
      running = view.result.current.run('structure');
    });
    await waitFor(() => expect(server.requests).toHaveLength(1));
    act(() => server.send('error', { code: 'AI_FAILED', message: 'The model is not available.' }));
    await act(() => running);

    expect(toastError).toHaveBeenCalledWith('The model is not available.');
    expect(logged).toHaveBeenCalledOnce();
    expect(view.result.current.preview).toBeNull();
    expect(view.result.current.busy).toBeNull();
    expect(view.enhancing).toEqual(['waiting', false]);
    expect(view.calls).toEqual([]);
  });

  it('a co-edited note gets the result directly, and an unchanged result adds no undo step', () => {
    const { editor, calls } = fakeEditor('Same text');
    const editorRef = { current: editor };
    const ends: { changed: boolean }[] = [];
    const { result } = renderHook(() =>
      useStreamingIntoEditor({
        editorRef,
        shared: true,
        onEnhancingChange: () => undefined,
        onStreamEnd: ({ changed }) => ends.push({ changed }),
      }),
    );
    act(() => result.current.setTextStreaming('New text', { done: true }));
    act(() => result.current.setTextStreaming('New text', { done: true }));
    expect(calls).toEqual([
      { text: 'New text', options: {} },
      { text: 'New text', options: { addToHistory: false } },
    ]);
    expect(ends).toEqual([{ changed: true }, { changed: false }]);
  });
});
