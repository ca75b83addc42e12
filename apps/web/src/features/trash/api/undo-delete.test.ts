import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteKeys, projectKeys, trashKeys } from '@/lib/query-keys';
import { toastMovedToTrash, UNDO_DURATION_MS } from './undo-delete';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The toast's Undo action, as sonner would call it. */
function undoAction(): () => void {
  const options = toast.mock.calls[0]?.[1] as { action: { label: string; onClick: () => void } };
  expect(options.action.label).toBe('Undo');
  return options.action.onClick;
}

describe('toastMovedToTrash', () => {
  it('says where the note went, offers Undo for 10 seconds, and Undo restores it and refetches', async () => {
    const fetchStub = vi.fn(async () =>
      answer(200, { note: { id: 'n1', projectId: 'p1' }, movedToInbox: false }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    toastMovedToTrash(queryClient, { kind: 'note', id: 'n1', title: 'Plan' });
    expect(toast).toHaveBeenCalledWith(
      'Note moved to Trash',
      expect.objectContaining({ duration: UNDO_DURATION_MS }),
    );
    expect(UNDO_DURATION_MS).toBe(10_000);

    undoAction()();
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Restored "Plan"'));
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/trash/notes/n1/restore',
      expect.objectContaining({ method: 'POST' }),
    );
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([noteKeys.all, projectKeys.all, trashKeys.all]));
  });

  it('says why when the restore is refused, and still refetches', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, { error: { code: 'NOT_FOUND', message: 'Project not found' } })),
    );
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    toastMovedToTrash(queryClient, { kind: 'project', id: 'p1', title: 'Art' });
    expect(toast).toHaveBeenCalledWith('Project moved to Trash', expect.anything());
    undoAction()();
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not restore "Art"', {
        description: 'Project not found',
      }),
    );
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: trashKeys.all }));
  });
});
