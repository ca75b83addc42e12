import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  createTestDatabase,
  dialects,
  request,
  signUp,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from './helpers';
import { type CollabClient, collabClient, typeParagraph, until } from './support/collab-client';
import { listen } from './support/suite-app';

/**
 * Two instances behind one address (one PostgreSQL schema, one Redis prefix): two people opening the
 * same fresh note at the same moment, one on each instance, must see its text once, and so must the
 * stored note. The same holds when a REST edit arrives while both instances have the note open.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const required = process.env.REQUIRE_POSTGRES === '1';

const ROUNDS = 50;
const REST_ROUNDS = 20;

type Client = CollabClient;

function count(text: string, marker: string): number {
  return text.split(marker).length - 1;
}

/** Which rounds doubled, and where it showed (live in a client, or in the stored note). */
class Doubled {
  readonly seen = new Map<number, string[]>();
  add(round: number, where: string) {
    this.seen.set(round, [...(this.seen.get(round) ?? []), where]);
  }
  summary(rounds: number) {
    return `${this.seen.size} of ${rounds} rounds doubled or diverged: ${JSON.stringify(Object.fromEntries(this.seen))}`;
  }
}

/**
 * Each client types a line and waits for the other's: every change publishes a sync step through
 * Redis, so once both lines crossed, whatever one instance held and the other lacked has crossed too.
 * False when the two documents do not end up equal.
 */
async function exchange(a: Client, b: Client, tag: string): Promise<boolean> {
  typeParagraph(a.doc, `one ${tag}`);
  typeParagraph(b.doc, `two ${tag}`);
  try {
    await until(
      () => a.text().includes(`two ${tag}`) && b.text().includes(`one ${tag}`),
      5000,
      `edits ${tag} crossed`,
    );
    await until(() => a.text() === b.text(), 2000, `documents ${tag} equal`);
    return true;
  } catch {
    return false;
  }
}

describe.runIf((databaseUrl && redisUrl) || required)('two instances on one PostgreSQL and one Redis', () => {
  let testDb: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  let hostOne: string;
  let hostTwo: string;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let member: Awaited<ReturnType<typeof signUp>>;
  let projectId: string;

  beforeAll(async () => {
    expect(databaseUrl, 'TEST_DATABASE_URL').toBeTruthy();
    expect(redisUrl, 'TEST_REDIS_URL').toBeTruthy();
    const redisPrefix = `test-${crypto.randomBytes(4).toString('hex')}:`;
    testDb = await createTestDatabase('postgres');
    const env = { DEMO_ACCOUNT: 'false', REDIS_URL: redisUrl ?? '', AUTH_SECRET: 'x'.repeat(40) };
    one = await startTestApp('postgres', env, testDb, { redisPrefix });
    two = await startTestApp('postgres', env, testDb, { redisPrefix });
    hostOne = await listen(one);
    hostTwo = await listen(two);
    owner = await signUp(one.app);
    member = await signUp(two.app);
    const project = (
      await request(one.app, 'POST', '/api/shared-projects', {
        cookie: owner.cookie,
        body: { name: 'Scale' },
      })
    ).json();
    projectId = project.id;
    await request(two.app, 'POST', '/api/shared-projects/join', {
      cookie: member.cookie,
      body: { code: project.code },
    });
  }, 30_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await testDb?.destroy();
  });

  const createNote = async (content: string) =>
    (
      await request(one.app, 'POST', '/api/notes', { cookie: owner.cookie, body: { projectId, content } })
    ).json() as { id: string; version: number };

  const storedNote = async (noteId: string) =>
    (await request(two.app, 'GET', `/api/notes/${noteId}`, { cookie: member.cookie })).json() as {
      content: string;
      version: number;
    };

  const patchContent = (
    app: TestApp['app'],
    cookie: string,
    noteId: string,
    content: string,
    version: number,
  ) => request(app, 'PATCH', `/api/notes/${noteId}`, { cookie, body: { content, version } });

  /** The stored Markdown once it holds every marker (the store ran), or null if it never does. */
  const storedWith = async (noteId: string, markers: string[]) => {
    let content = '';
    try {
      await until(
        async () => {
          content = (await storedNote(noteId)).content;
          return markers.every((marker) => content.includes(marker));
        },
        8000,
        `note ${noteId} stored`,
      );
      return content;
    } catch {
      return null;
    }
  };

  it(`a fresh note opened on both instances at once is never doubled (${ROUNDS} rounds)`, async () => {
    const doubled = new Doubled();
    const notes: { id: string; seed: string; tag: string }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const seed = `Seed ${round} ${crypto.randomBytes(3).toString('hex')}`;
      const note = await createNote(`${seed} with **bold**`);
      // Both open in the same tick, one on each instance: both find the note without a Yjs state.
      const a = collabClient(hostOne, owner.cookie, note.id);
      const b = collabClient(hostTwo, member.cookie, note.id);
      try {
        await Promise.all([a.synced, b.synced]);
        if (!(await exchange(a, b, `s${round}`))) doubled.add(round, 'diverged');
        if (count(a.text(), seed) !== 1 || count(b.text(), seed) !== 1) doubled.add(round, 'live');
      } finally {
        a.destroy();
        b.destroy();
      }
      notes.push({ id: note.id, seed, tag: `s${round}` });
    }
    // The last one to leave stores the document at once; both edits show that the store ran.
    for (const [round, note] of notes.entries()) {
      const content = await storedWith(note.id, [`one ${note.tag}`, `two ${note.tag}`]);
      if (content === null) doubled.add(round, 'not stored');
      else if (count(content, note.seed) !== 1) doubled.add(round, 'stored');
    }
    expect(doubled.seen.size, doubled.summary(ROUNDS)).toBe(0);
  }, 90_000);

  it(`a REST edit while both instances have the note open replaces its text once (${REST_ROUNDS} rounds)`, async () => {
    const doubled = new Doubled();
    const notes: { id: string; replaced: string }[] = [];
    for (let round = 0; round < REST_ROUNDS; round += 1) {
      const note = await createNote(`Before ${round}`);
      const a = collabClient(hostOne, owner.cookie, note.id);
      const b = collabClient(hostTwo, member.cookie, note.id);
      try {
        await Promise.all([a.synced, b.synced]);
        if (!(await exchange(a, b, `r${round}`))) doubled.add(round, 'diverged before the edit');
        const replaced = `Replaced ${round} ${crypto.randomBytes(3).toString('hex')}`;
        // Alternate the instance the edit arrives on; a store of the co-edits just before it moves the
        // version on, and the edit is then sent again on the version the conflict names.
        const [app, cookie] = round % 2 === 0 ? [one.app, owner.cookie] : [two.app, member.cookie];
        let version = (await storedNote(note.id)).version;
        let edit = await patchContent(app, cookie, note.id, `${replaced} and *more*`, version);
        for (let retry = 0; edit.statusCode === 409 && retry < 3; retry += 1) {
          version = edit.json().error.details.current.version;
          edit = await patchContent(app, cookie, note.id, `${replaced} and *more*`, version);
        }
        expect(edit.statusCode, edit.body).toBe(200);
        await until(
          () =>
            a.text().includes(replaced) &&
            b.text().includes(replaced) &&
            !a.text().includes(`Before ${round}`),
          5000,
          `REST edit ${round} live`,
        );
        if (!(await exchange(a, b, `after${round}`))) doubled.add(round, 'diverged');
        if (count(a.text(), replaced) !== 1 || count(b.text(), replaced) !== 1) doubled.add(round, 'live');
        notes.push({ id: note.id, replaced });
      } finally {
        a.destroy();
        b.destroy();
      }
    }
    for (const [index, note] of notes.entries()) {
      const content = await storedWith(note.id, [`one after${index}`, `two after${index}`]);
      if (content === null) doubled.add(index, 'not stored');
      else if (count(content, note.replaced) !== 1 || content.includes(`Before ${index}`)) {
        doubled.add(index, 'stored');
      }
    }
    expect(doubled.seen.size, doubled.summary(REST_ROUNDS)).toBe(0);
  }, 90_000);
});

/** The same paths on one instance, on each database: the REST edit's update is logged and applied. */
describe.each(dialects)('a REST edit of a co-edited note on %s', (dialect) => {
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    host = await listen(t);
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  it('reaches the open document once, is kept for the next load, and a same-text edit logs nothing', async () => {
    const owner = await signUp(t.app);
    const project = (
      await request(t.app, 'POST', '/api/shared-projects', { cookie: owner.cookie, body: { name: 'One' } })
    ).json();
    const note = (
      await request(t.app, 'POST', '/api/notes', {
        cookie: owner.cookie,
        body: { projectId: project.id, content: 'First text' },
      })
    ).json();
    // Stores compact the log at any time: a new entry shows as a higher id, not as a longer log.
    const lastLogged = async () =>
      (
        await t.database.db
          .selectFrom('note_updates')
          .select((eb) => eb.fn.max('id').as('last'))
          .where('note_id', '=', note.id)
          .executeTakeFirst()
      )?.last ?? 0;

    const client = collabClient(host, owner.cookie, note.id);
    await client.synced;
    expect(client.text()).toContain('First text');
    const edit = await request(t.app, 'PATCH', `/api/notes/${note.id}`, {
      cookie: owner.cookie,
      body: { content: 'Second text', version: note.version },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await until(() => client.text().includes('Second text'), 5000, 'REST edit live');
    expect(client.text()).not.toContain('First text');
    expect(count(client.text(), 'Second text')).toBe(1);
    client.destroy();

    // Whatever the store did meanwhile, a fresh load holds the edit once and the state is kept.
    const again = collabClient(host, owner.cookie, note.id);
    await again.synced;
    expect(count(again.text(), 'Second text')).toBe(1);
    const before = Number(await lastLogged());
    const current = (await request(t.app, 'GET', `/api/notes/${note.id}`, { cookie: owner.cookie })).json();
    const same = await request(t.app, 'PATCH', `/api/notes/${note.id}`, {
      cookie: owner.cookie,
      body: { content: current.content, version: current.version },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(Number(await lastLogged())).toBeLessThanOrEqual(before);
    again.destroy();
    const row = await t.database.db
      .selectFrom('notes')
      .select('ydoc')
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    expect(row.ydoc?.byteLength ?? 0).toBeGreaterThan(0);
  });

  it('drops an unreadable state, and the next load builds the edited text once', async () => {
    const owner = await signUp(t.app);
    const project = (
      await request(t.app, 'POST', '/api/shared-projects', { cookie: owner.cookie, body: { name: 'Bad' } })
    ).json();
    const note = (
      await request(t.app, 'POST', '/api/notes', {
        cookie: owner.cookie,
        body: { projectId: project.id, content: 'Old text' },
      })
    ).json();
    const bad = new Y.Doc();
    bad.getXmlFragment('default').insert(0, [new Y.XmlElement('iframe')]);
    await t.database.db
      .updateTable('notes')
      .set({ ydoc: Y.encodeStateAsUpdate(bad) })
      .where('id', '=', note.id)
      .execute();
    const edit = await request(t.app, 'PATCH', `/api/notes/${note.id}`, {
      cookie: owner.cookie,
      body: { content: 'New text', version: note.version },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const row = await t.database.db
      .selectFrom('notes')
      .select('ydoc')
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    expect(row.ydoc).toBeNull();
    const client = collabClient(host, owner.cookie, note.id);
    await client.synced;
    expect(count(client.text(), 'New text')).toBe(1);
    expect(client.text()).not.toContain('iframe');
    client.destroy();
  });
});
