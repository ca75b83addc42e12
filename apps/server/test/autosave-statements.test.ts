import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, type TestApp } from './helpers';
import { statementsOf } from './support/statement-counter';
import { sharedProject, startListening, stopApp, withTwoInstances } from './support/suite-app';

/**
 * An autosave is the request a typing person sends every 2 s; each statement is a round trip that
 * costs CPU on both sides of a PostgreSQL server (decision 090). Its count is pinned here so it
 * cannot grow back unnoticed (decision 102); a session older than the cache's few seconds adds its
 * re-check (one more), which is not counted here.
 */
const AUTOSAVE_STATEMENTS = 8;

describe.each(dialects)('an autosave on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    ({ t } = await startListening(dialect));
  });
  afterAll(() => stopApp(t));

  async function account(name = 'Writer') {
    const signed = await signUp(t.app, { name });
    const as = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: signed.cookie, ...(body !== undefined ? { body } : {}) });
    return { ...signed, id: signed.user.id as string, as };
  }

  it(`sends ${AUTOSAVE_STATEMENTS} statements once its history version is open, and the note answers as before`, async () => {
    const writer = await account();
    const project = (await writer.as('POST', '/api/projects', { name: 'Counted' })).json();
    const note = (await writer.as('POST', '/api/notes', { projectId: project.id, content: 'one' })).json();
    // The first save opens the version the next ones move on (recorded as its own statements).
    const first = await writer.as('PATCH', `/api/notes/${note.id}`, { content: 'one two', version: 1 });
    expect(first.statusCode, first.body).toBe(200);

    let saved: Awaited<ReturnType<typeof writer.as>> | undefined;
    const statements = await statementsOf(async () => {
      saved = await writer.as('PATCH', `/api/notes/${note.id}`, { content: 'one two three', version: 2 });
    });
    expect(saved?.statusCode, saved?.body).toBe(200);
    expect(saved?.json()).toMatchObject({ id: note.id, content: 'one two three', version: 3 });
    expect(statements, statements.join('\n')).toHaveLength(AUTOSAVE_STATEMENTS);

    const read = (await writer.as('GET', `/api/notes/${note.id}`)).json();
    expect(read).toMatchObject({ content: 'one two three', version: 3, excerpt: 'one two three' });
    const versions = (await writer.as('GET', `/api/notes/${note.id}/versions`)).json().versions;
    expect(versions).toHaveLength(2);
  });
});

type Signed = Awaited<ReturnType<typeof signUp>>;

/**
 * Two people who share a note save it at the same moment from the same version, each through their
 * own instance (the same one on SQLite), round after round. Exactly one save lands; the other is
 * the 409 conflict with the winner's note (never a 500, never both), and its re-save on the version
 * the conflict gave lands on top: the later wins, and both texts are in history, the later newest.
 */
async function raceSaves(apps: [TestApp, TestApp], rounds: number) {
  const [first, second] = apps;
  const ana = await signUp(first.app, { name: 'Ana' });
  const ben = await signUp(first.app, { name: 'Ben' });
  const project = await sharedProject(first, ana, [ben]);
  const as = (app: TestApp, who: Signed, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    request(app.app, method, url, { cookie: who.cookie, ...(body !== undefined ? { body } : {}) });
  const note = (
    await as(first, ana, 'POST', '/api/notes', { projectId: project.id, content: 'start' })
  ).json();
  let version = note.version as number;
  for (let round = 0; round < rounds; round += 1) {
    const texts = [`ana ${round}`, `ben ${round}`];
    const saves = await Promise.all([
      as(first, ana, 'PATCH', `/api/notes/${note.id}`, { content: texts[0], version }),
      as(second, ben, 'PATCH', `/api/notes/${note.id}`, { content: texts[1], version }),
    ]);
    expect(saves.map((save) => save.statusCode).sort(), saves.map((save) => save.body).join('\n')).toEqual([
      200, 409,
    ]);
    const won = saves.findIndex((save) => save.statusCode === 200);
    const lost = 1 - won;
    const conflict = saves[lost]?.json().error;
    expect(conflict.details.current).toMatchObject({ content: texts[won], version: version + 1 });
    const loser = lost === 0 ? { app: first, who: ana } : { app: second, who: ben };
    const resaved = await as(loser.app, loser.who, 'PATCH', `/api/notes/${note.id}`, {
      content: texts[lost],
      version: conflict.details.current.version,
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    version = resaved.json().version;
    expect(version).toBe(note.version + 2 * (round + 1));

    const versions = (await as(first, ana, 'GET', `/api/notes/${note.id}/versions?limit=100`)).json()
      .versions;
    const textOf = async (id: string) =>
      (await as(first, ana, 'GET', `/api/notes/${note.id}/versions/${id}`)).json().content;
    expect(await textOf(versions[0].id)).toBe(texts[lost]);
    expect(await textOf(versions[1].id)).toBe(texts[won]);
    expect((await as(second, ben, 'GET', `/api/notes/${note.id}`)).json().content).toBe(texts[lost]);
  }
}

describe.each(dialects)('two people saving one note at once on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await startListening(dialect));
  });
  afterAll(() => stopApp(t));

  it('one save lands, the other conflicts and lands on top: both in history, the later wins', async () => {
    await raceSaves([t, t], 8);
  });

  it('renames at once (no version) all land, each on the one before', async () => {
    const signed = await signUp(t.app);
    const as = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: signed.cookie, ...(body !== undefined ? { body } : {}) });
    const project = (await as('POST', '/api/projects', { name: 'Renames' })).json();
    const note = (
      await as('POST', '/api/notes', { projectId: project.id, title: 'Zero', content: 'x' })
    ).json();
    const titles = ['One', 'Two', 'Three', 'Four'];
    const renames = await Promise.all(titles.map((title) => as('PATCH', `/api/notes/${note.id}`, { title })));
    expect(renames.map((rename) => rename.statusCode)).toEqual(titles.map(() => 200));
    const read = (await as('GET', `/api/notes/${note.id}`)).json();
    expect(read.version).toBe(note.version + titles.length);
    // The last rename to land is the one the note keeps, and history's newest version holds it.
    const last = renames.reduce((a, b) => (b.json().version > a.json().version ? b : a)).json();
    expect(read.title).toBe(last.title);
    const versions = (await as('GET', `/api/notes/${note.id}/versions`)).json().versions;
    expect(versions[0].title).toBe(read.title);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'two people saving one note at once through two instances',
  () => {
    it('one save lands, the other conflicts and lands on top: both in history, the later wins', async () => {
      await withTwoInstances((one, two) => raceSaves([one, two], 8));
    });
  },
);
