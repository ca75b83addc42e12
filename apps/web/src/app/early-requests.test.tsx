import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMe, forgetUserData } from '@/features/auth/api/get-me';
import { NOTES_PAGE_PATHS } from '@/features/notes/api/first-page-paths';
import { fetchNoteCounts } from '@/features/notes/api/get-note-counts';
import { fetchNotes } from '@/features/notes/api/get-notes';
import { api } from '@/lib/api';
import { dropEarlyRequests, seedEarlyResponses, startEarlyRequests } from '@/lib/early-requests';
import { fetchProjects } from '@/lib/project-queries';
import { ROUTES } from '@/lib/route-table';
import { earlyPaths, embeddedAnswers, FIRST_PAGE_DATA_ID, NOTES_PAGE, SESSION_PATHS } from './early-paths';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(...answers: Response[]) {
  const paths: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    paths.push(String(input));
    return answers.shift() ?? json({ notes: [], projects: [], nextCursor: null });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, paths };
}

afterEach(() => {
  dropEarlyRequests();
  vi.unstubAllGlobals();
});

describe('early requests (decision 079)', () => {
  it('asks for exactly the paths the session and All Notes fetchers request', async () => {
    const { paths } = stubFetch();
    await fetchMe();
    await fetchNotes({});
    await fetchNoteCounts(undefined);
    await fetchProjects('all');
    expect(paths).toEqual([...SESSION_PATHS, ...NOTES_PAGE_PATHS]);
    expect(ROUTES.find((route) => route.id === 'notes')?.path).toBe(NOTES_PAGE);
    expect(earlyPaths('/notes/')).toEqual([...SESSION_PATHS, ...NOTES_PAGE_PATHS]);
    expect(earlyPaths('/')).toEqual(SESSION_PATHS);
    expect(earlyPaths('/quick-view')).toEqual(SESSION_PATHS);
  });

  it('answers the first GET of a path from the early request, and only the first', async () => {
    const { fetch } = stubFetch(json({ from: 'early' }), json({ from: 'later' }));
    startEarlyRequests(['/api/notes/counts']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await api.get('/api/notes/counts')).toEqual({ from: 'early' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await api.get('/api/notes/counts')).toEqual({ from: 'later' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('sends the request again when the early answer is not a success (signed out then)', async () => {
    const { fetch } = stubFetch(
      json({ error: { code: 'UNAUTHORIZED', message: 'no' } }, 401),
      json({ ok: 1 }),
    );
    startEarlyRequests(['/api/notes']);
    expect(await api.get('/api/notes')).toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("takes the session's 401 as its answer: a signed-out visit asks for /api/me once", async () => {
    const { fetch } = stubFetch(
      json({ error: { code: 'UNAUTHORIZED', message: 'no' } }, 401),
      json({ id: 'x' }),
    );
    startEarlyRequests([...SESSION_PATHS, '/api/notes'], { signedOutAnswers: SESSION_PATHS });
    expect(await fetchMe()).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls.filter(([input]) => String(input) === '/api/me')).toHaveLength(1);
  });

  it('never answers another path, a POST or a request with its own headers', async () => {
    const { fetch } = stubFetch(json({ from: 'early' }), json({ a: 1 }), json({ b: 2 }), json({ c: 3 }));
    startEarlyRequests(['/api/notes']);
    expect(await api.get('/api/notes?cursor=x')).toEqual({ a: 1 });
    expect(await api.post('/api/notes', {})).toEqual({ b: 2 });
    expect(await api.get('/api/notes', { headers: { 'x-test': '1' } })).toEqual({ c: 3 });
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it("never answers the next visitor with the previous one's page-load reads (sign-out, sign-in)", async () => {
    const { fetch } = stubFetch(json({ notes: ['previous visitor'] }), json({ notes: [] }));
    startEarlyRequests(['/api/notes']);
    forgetUserData(new QueryClient());
    expect(await api.get('/api/notes')).toEqual({ notes: [] });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("answers the first reads from the page's data block (decision 097) without a fetch, once each", async () => {
    const { fetch } = stubFetch(json({ from: 'network' }));
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = FIRST_PAGE_DATA_ID;
    block.textContent = JSON.stringify({ '/api/notes/counts': { total: 3, title: '\u003c/script>' } });
    document.head.append(block);
    try {
      const answers = embeddedAnswers(document);
      expect(answers).toEqual({ '/api/notes/counts': { total: 3, title: '</script>' } });
      seedEarlyResponses(answers ?? {});
      expect(await api.get('/api/notes/counts')).toEqual({ total: 3, title: '</script>' });
      expect(fetch).not.toHaveBeenCalled();
      expect(await api.get('/api/notes/counts')).toEqual({ from: 'network' });
      block.textContent = '{not json';
      expect(embeddedAnswers(document)).toBeUndefined();
    } finally {
      block.remove();
    }
    expect(embeddedAnswers(document)).toBeUndefined();
  });
});
