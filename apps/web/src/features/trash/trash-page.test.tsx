import type { TrashItem } from '@notewise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrashPage } from './trash-page';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: Object.assign(vi.fn(), toast) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const times = {
  deletedAt: new Date(Date.now() - 60_000).toISOString(),
  expiresAt: new Date(Date.now() + 30 * 86_400_000 - 60_000).toISOString(),
};
const note = (id: string, title: string): TrashItem => ({
  kind: 'note',
  id,
  title,
  excerpt: '',
  projectId: 'p1',
  projectName: 'Home',
  ...times,
});

type Answer = { status: number; body?: unknown };
const json = ({ status, body }: Answer) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The API as a table of "METHOD path" -> answers in turn; every call is recorded. */
function fakeApi(routes: Record<string, Answer[]>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url}`;
      calls.push(call);
      const answer = routes[call]?.shift();
      if (!answer) throw new Error(`Unexpected ${call}`);
      return json(answer);
    }),
  );
  return calls;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <TrashPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('TrashPage', () => {
  it('says Trash is empty, with how long things stay, and offers nothing to empty', async () => {
    fakeApi({ 'GET /api/trash': [{ status: 200, body: { items: [], nextCursor: null } }] });
    renderPage();
    expect(await screen.findByText('Trash is empty')).toBeTruthy();
    expect(screen.getByText('Deleted notes and projects stay here for 30 days.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Empty Trash' }).hasAttribute('disabled')).toBe(true);
  });

  it('loads the next page with Load more, and Empty Trash counts every loaded item', async () => {
    const calls = fakeApi({
      'GET /api/trash': [{ status: 200, body: { items: [note('n1', 'First')], nextCursor: 'c1' } }],
      'GET /api/trash?cursor=c1': [
        { status: 200, body: { items: [note('n2', 'Second')], nextCursor: null } },
      ],
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Items in Trash' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls).toEqual(['GET /api/trash', 'GET /api/trash?cursor=c1']);

    fireEvent.click(screen.getByRole('button', { name: 'Empty Trash' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Empty Trash?' });
    expect(confirm.textContent).toContain('Delete 2 items forever? This cannot be undone.');
  });

  it('shows the error with Try again when Trash cannot load', async () => {
    fakeApi({
      'GET /api/trash': [
        { status: 500, body: { error: { code: 'INTERNAL', message: 'Something broke' } } },
        { status: 200, body: { items: [note('n1', 'Back again')], nextCursor: null } },
      ],
    });
    renderPage();
    expect(await screen.findByText('Could not load Trash')).toBeTruthy();
    expect(screen.getByText('Something broke')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Back again' })).toBeTruthy();
  });

  it('puts a row back and says why when the server refuses the restore', async () => {
    fakeApi({
      'GET /api/trash': [
        { status: 200, body: { items: [note('n1', 'Stubborn')], nextCursor: null } },
        { status: 200, body: { items: [note('n1', 'Stubborn')], nextCursor: null } },
      ],
      'POST /api/trash/notes/n1/restore': [
        { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Only the owner can restore this.' } } },
      ],
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Stubborn' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not restore "Stubborn"', {
        description: 'Only the owner can restore this.',
      }),
    );
    expect(await screen.findByRole('listitem', { name: 'Stubborn' })).toBeTruthy();
  });
});
