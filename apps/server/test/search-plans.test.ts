import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareContent } from '../src/modules/notes/note-content';
import { createSearchRepo, type SearchRepo } from '../src/modules/search/search.repo';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';

/**
 * Query plans of a search on a table large enough for the planner to prefer an index (decision 016):
 * PostgreSQL never reads notes sequentially, whether the words are rare, in most notes or misspelt;
 * SQLite starts from the FTS index (the outer loop) and reaches notes by primary key.
 */
const NOTE_COUNT = 10_000;
const WORDS =
  'meeting project budget plan review design launch customer travel garden recipe coffee research paper draft outline summary invoice contract hiring roadmap sprint'.split(
    ' ',
  );
const QUERIES = ['zeppelin', 'meeting project budget', 'reserch', 'plann', 'budget'];

describe.each(dialects)('search query plans on %s', (dialect) => {
  let t: TestApp;
  let search: SearchRepo;
  let userId: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    const account = await signUp(t.app);
    userId = account.user.id;
    const project = (
      await request(t.app, 'POST', '/api/projects', { cookie: account.cookie, body: { name: 'Archive' } })
    ).json();
    let state = 7;
    const random = () => {
      state = (state * 1664525 + 1013904223) % 4294967296;
      return state / 4294967296;
    };
    const words = (count: number) =>
      Array.from({ length: count }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    for (let offset = 0; offset < NOTE_COUNT; offset += 1000) {
      const rows = Array.from({ length: 1000 }, (_, i) => {
        const n = offset + i;
        const { content, plainText, excerpt } = prepareContent(
          `${words(30)}${n % 500 === 0 ? ' zeppelin' : ''}`,
        );
        const at = new Date(base + n * 1000).toISOString();
        return {
          id: crypto.randomUUID(),
          project_id: project.id,
          author_id: userId,
          title: words(3),
          content,
          plain_text: plainText,
          excerpt,
          tags: '[]',
          version: 1,
          ydoc: null,
          created_at: at,
          updated_at: at,
        };
      });
      await t.database.db.insertInto('notes').values(rows).execute();
    }
    search = createSearchRepo(t.database.db, t.database.dialect);
    // After a bulk change, statistics are refreshed (the server's maintenance does this by itself).
    await search.maintain({ force: true });
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  it.each(QUERIES)('plans %s from the index', async (query) => {
    const plan = await search.explain(userId, query);
    if (dialect === 'postgres') {
      expect(plan.join('\n')).not.toMatch(/Seq Scan on notes/);
      expect(plan.join('\n')).toMatch(/Index Scan|Bitmap Index Scan/);
    } else {
      // The window's first loop is the FTS5 index; notes are reached by their integer key.
      const firstScan = plan.find((line) => /^(SCAN|SEARCH) /.test(line));
      expect(firstScan).toMatch(/^SCAN f VIRTUAL TABLE INDEX/);
      expect(plan).toContain('SEARCH n USING INTEGER PRIMARY KEY (rowid=?)');
      expect(plan.join('\n')).not.toMatch(/SCAN n\b/);
    }
    expect((await search.search(userId, query)).length).toBeGreaterThan(0);
  });
});
