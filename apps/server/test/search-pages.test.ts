import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchRepo, MATCH_WINDOW } from '../src/modules/search/search.repo';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';

/**
 * The search page (decision 055): every match is reachable page by page, past the window of the
 * newest 500 matches, without a duplicate; filters by project and kind; the words to highlight,
 * including a misspelt word's correction; the passage around a match deep in a note.
 */
interface Result {
  id: string;
  projectId: string;
  title: string;
  preview: string;
  score: number;
}
interface Page {
  results: Result[];
  nextCursor: string | null;
  terms: string[];
}

const PERSONAL = MATCH_WINDOW + 25;
const SHARED = 12;

describe.each(dialects)('search pages on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let personal: { id: string };
  let shared: { id: string };
  const get = async (query: Record<string, string>) => {
    const response = await request(t.app, 'GET', `/api/search?${new URLSearchParams(query)}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const all = async (query: Record<string, string>) => {
    const seen: Result[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await get({ ...query, ...(cursor ? { cursor } : {}) });
      seen.push(...page.results);
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    const account = await signUp(t.app);
    cookie = account.cookie;
    const post = async (url: string, body: unknown) => {
      const response = await request(t.app, 'POST', url, { cookie, body });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json();
    };
    personal = await post('/api/projects', { name: 'Kitchen' });
    shared = await post('/api/shared-projects', { name: 'Family recipes', color: 'green' });
    const filler = 'Some words about the market and the weather. '.repeat(6);
    for (let i = 0; i < PERSONAL; i++) {
      // Titles differ in how well they match, so ranking and recency disagree.
      const title = i % 7 === 0 ? `Avocado toast ${i}` : `Breakfast ${i}`;
      await post('/api/notes', {
        projectId: personal.id,
        title,
        content: `${filler}Buy one avocado for day ${i}.`,
      });
    }
    for (let i = 0; i < SHARED; i++) {
      await post('/api/notes', { projectId: shared.id, title: `Shared ${i}`, content: 'An avocado salad.' });
    }
    await post('/api/notes', { projectId: personal.id, title: 'Unrelated', content: 'Nothing to see.' });
    // Another account's avocado note never shows.
    const stranger = await signUp(t.app);
    const theirs = (
      await request(t.app, 'POST', '/api/projects', { cookie: stranger.cookie, body: { name: 'Theirs' } })
    ).json();
    await request(t.app, 'POST', '/api/notes', {
      cookie: stranger.cookie,
      body: { projectId: theirs.id, title: 'Stranger avocado', content: 'avocado' },
    });
    await createSearchRepo(t.database.db, t.database.dialect).maintain({ force: true });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  it('reaches every match, past the window, once each, ranked pages first', async () => {
    const first = await get({ q: 'avocado', limit: '50' });
    expect(first.results).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    expect(first.terms).toEqual(['avocado']);
    const results = await all({ q: 'avocado', limit: '50' });
    const ids = results.map((result) => result.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(PERSONAL + SHARED);
    expect(results.some((result) => result.title === 'Stranger avocado')).toBe(false);
    // The first page is the best of the window: the titles with the word rank above the rest.
    expect(first.results[0]?.title).toMatch(/^Avocado toast/);
    const window = results.slice(0, MATCH_WINDOW);
    for (let i = 1; i < window.length; i++) {
      expect(window[i - 1]!.score).toBeGreaterThanOrEqual(window[i]!.score);
    }
  });

  it("keeps Capture's quick list at 10 and offers the rest", async () => {
    const quick = await get({ q: 'avocado' });
    expect(quick.results).toHaveLength(10);
    expect(quick.nextCursor).not.toBeNull();
  });

  it('shows the passage around a match deep in a note', async () => {
    const page = await get({ q: 'avocado', projectId: personal.id, limit: '5' });
    for (const result of page.results) {
      expect(result.preview.startsWith('…')).toBe(true);
      expect(result.preview.toLowerCase()).toContain('avocado');
    }
  });

  it('filters by project and by shared or personal', async () => {
    const inShared = await all({ q: 'avocado', projectId: shared.id, limit: '5' });
    expect(inShared).toHaveLength(SHARED);
    expect(inShared.every((result) => result.projectId === shared.id)).toBe(true);
    expect(await all({ q: 'avocado', kind: 'shared', limit: '200' })).toHaveLength(SHARED);
    const personalOnly = await all({ q: 'avocado', kind: 'personal', limit: '200' });
    expect(personalOnly).toHaveLength(PERSONAL);
  });

  it('finds a misspelt word and names its correction to highlight', async () => {
    const page = await get({ q: 'avocdo', kind: 'shared', limit: '50' });
    expect(page.terms).toContain('avocado');
    expect(page.results).toHaveLength(SHARED);
  });

  it('refuses a forged cursor', async () => {
    const response = await request(t.app, 'GET', '/api/search?q=avocado&cursor=eyJwIjoieCJ9', { cookie });
    expect(response.statusCode).toBe(400);
  });

  // Last: it rewrites the notes' times. Notes saved in one millisecond (an import) tie on updated_at;
  // the window and the walk past it must break the tie the same way, or the edge skips or repeats.
  it('reaches every match once when many notes share one saved time', async () => {
    await sql`update notes set updated_at = (select max(updated_at) from notes)`.execute(t.database.db);
    const ids = (await all({ q: 'avocado', limit: '50' })).map((result) => result.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(PERSONAL + SHARED);
  });
});
