import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareContent } from '../src/modules/notes/note-content';
import { createSearchRepo, type SearchRepo, type WindowStart } from '../src/modules/search/search.repo';
import { searchPage } from '../src/modules/search/search-page';
import { indexSegments } from '../src/modules/search/sqlite-index-queries';
import { request, signUp, startTestApp, type TestApp } from './helpers';

/**
 * SQLite search on a server of many people (decision 077): a user who sees few of the notes has the
 * window read from their own notes, each probed against the index, not from the index's walk through
 * everyone's matches. Both starts give the same pages: results, order, scores, previews, cursors.
 */
const OTHERS_NOTES = 4000;
const WORDS = 'meeting budget travel research garden review plan launch'.split(' ');
const QUERIES = ['meeting', 'budget travel', 'reserch', 'plan revi', 'garden meeting launch', 'zeppelin'];

describe('search window start on sqlite', () => {
  let t: TestApp;
  let userId: string;
  let personalId: string;
  const repos = {} as Record<WindowStart, SearchRepo>;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false' });
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    userId = me.user.id;
    const post = async (cookie: string, url: string, body: unknown) => {
      const response = await request(t.app, 'POST', url, { cookie, body });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json();
    };
    const personal = await post(me.cookie, '/api/projects', { name: 'Mine' });
    personalId = personal.id;
    const shared = await post(other.cookie, '/api/shared-projects', { name: 'Team' });
    await post(me.cookie, '/api/shared-projects/join', { code: shared.code });
    const theirs = await post(other.cookie, '/api/projects', { name: 'Theirs' });

    let state = 11;
    const random = () => {
      state = (state * 1664525 + 1013904223) % 4294967296;
      return state / 4294967296;
    };
    const words = (count: number) =>
      Array.from({ length: count }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
    const note = (projectId: string, authorId: string, n: number, extra = '') => {
      const { content, plainText, excerpt } = prepareContent(`${words(12)} ${extra}`);
      const at = new Date(Date.parse('2026-01-01T00:00:00.000Z') + n * 1000).toISOString();
      return {
        id: crypto.randomUUID(),
        project_id: projectId,
        author_id: authorId,
        title: words(2),
        content,
        plain_text: plainText,
        excerpt,
        tags: random() < 0.2 ? JSON.stringify([WORDS[n % WORDS.length]]) : '[]',
        version: 1,
        ydoc: null,
        created_at: at,
        updated_at: at,
        // Some of mine in the Trash: never a result.
        deleted_at: projectId === personalId && n % 9 === 0 ? at : null,
      };
    };
    // Mine and the team's interleaved with everyone else's, as notes arrive on a shared server.
    const rows = [];
    for (let n = 0; n < OTHERS_NOTES; n++) {
      rows.push(note(theirs.id, other.user.id, n, n % 700 === 0 ? 'zeppelin' : ''));
      if (n % 100 === 0) rows.push(note(personalId, userId, n, n % 300 === 0 ? 'zeppelin' : ''));
      if (n % 250 === 0) rows.push(note(shared.id, other.user.id, n));
    }
    for (let i = 0; i < rows.length; i += 500) {
      await t.database.db
        .insertInto('notes')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const firstMine = rows.find((row) => row.project_id === personalId && !row.deleted_at);
    const pinned = await request(t.app, 'PUT', `/api/notes/${firstMine?.id}/pin`, { cookie: me.cookie });
    expect(pinned.statusCode).toBe(204);
    for (const start of ['cheaper', 'index', 'notes'] as const) {
      repos[start] = createSearchRepo(t.database.db, t.database.dialect, start);
    }
    await repos.cheaper.maintain({ force: true });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  it('merges the index into one segment in maintenance (a probe seeks each segment)', async () => {
    expect(await indexSegments(t.database.db)).toBe(1);
  });

  it('starts from the notes of a user who sees few of them, from the index otherwise', async () => {
    const plan = await repos.cheaper.explain(userId, 'meeting');
    expect(plan.find((line) => /^(SCAN|SEARCH) /.test(line))).toMatch(/^SEARCH m USING COVERING INDEX/);
    expect(plan.join('\n')).toMatch(/EXISTS VIRTUAL TABLE INDEX 0:=M/);
    const forced = await repos.index.explain(userId, 'meeting');
    expect(forced.find((line) => /^(SCAN|SEARCH) /.test(line))).toMatch(/^SCAN f VIRTUAL TABLE INDEX/);
  });

  it.each(QUERIES)('gives the same pages from either start: %s', async (q) => {
    for (const scope of [{}, { projectId: personalId }, { kind: 'shared' as const }]) {
      const walk = async (repo: SearchRepo) => {
        const pages = [];
        let cursor: string | undefined;
        do {
          const page = await searchPage(repo, userId, { q, limit: 7, cursor, ...scope });
          pages.push(page);
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        return pages;
      };
      const fromIndex = await walk(repos.index);
      expect(await walk(repos.notes)).toEqual(fromIndex);
      expect(await walk(repos.cheaper)).toEqual(fromIndex);
      if (q !== 'zeppelin' && Object.keys(scope).length === 0) {
        expect(fromIndex.flatMap((page) => page.results).length).toBeGreaterThan(10);
      }
    }
    expect(await repos.notes.search(userId, q)).toEqual(await repos.index.search(userId, q));
  });
});
