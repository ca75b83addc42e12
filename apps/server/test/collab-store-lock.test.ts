import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { Redis as RedisClient } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { DatabaseHandle } from '../src/db';
import {
  createTestDatabase,
  request,
  signUp,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from './helpers';
import { type CollabClient, collabClient, until } from './support/collab-client';
import { listen, sharedProject } from './support/suite-app';

/**
 * Two instances store an open note through Hocuspocus' Redis lock: one store at a time per note
 * (decision 111). An instance that finds the lock held waits for it and then stores, merged with
 * what the holder stored and the update log, so right after both instances stopped the note's
 * stored text (search, previews, export) holds every keystroke either instance acknowledged,
 * even one that had not yet crossed to the other instance.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const required = process.env.REQUIRE_POSTGRES === '1';

type Stop = (one: TestApp, two: TestApp) => Promise<void>;

describe.runIf((databaseUrl && redisUrl) || required)('co-edited notes stored under the Redis lock', () => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let redis: Redis;
  const redisPrefix = `test-${crypto.randomBytes(4).toString('hex')}:`;
  const env = { DEMO_ACCOUNT: 'false', REDIS_URL: redisUrl ?? '', AUTH_SECRET: 'x'.repeat(40) };
  let owner: { cookie: string };
  let member: { cookie: string };
  let projectId: string;

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    handle = testDb.open();
    redis = new RedisClient(redisUrl ?? '');
    const setup = await startTestApp('postgres', env, testDb, { redisPrefix });
    try {
      owner = await signUp(setup.app);
      member = await signUp(setup.app);
      projectId = (await sharedProject(setup, owner, [member])).id;
    } finally {
      await setup.close();
    }
  }, 30_000);

  afterAll(async () => {
    redis?.disconnect();
    await handle?.close();
    await testDb?.destroy();
  });

  /** The co-editing channel an instance hears a note's updates from other instances on. */
  const channel = (noteId: string) => `${redisPrefix}notewise:collab:note:${noteId}`;

  /** One instance stops hearing the other's updates on the note (as if Redis lost them in transit). */
  const deafen = async (t: TestApp, noteId: string) => {
    const relay = t.collab.hocuspocus.configuration.extensions.find((extension) => 'sub' in extension) as
      | { sub: Redis }
      | undefined;
    expect(relay, 'the Redis extension').toBeDefined();
    await relay?.sub.unsubscribe(channel(noteId));
  };

  /** Types `word` one character at a time into a new paragraph, as the editor does. */
  const type = async (client: CollabClient, word: string) => {
    const text = new Y.XmlText('');
    client.doc.transact(() => {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [text]);
      const fragment = client.doc.getXmlFragment('default');
      fragment.insert(fragment.length, [paragraph]);
    });
    for (const character of word) {
      text.insert(text.length, character);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };

  /**
   * Two fresh instances, the owner on the first and the member on the second typing into one note
   * until the server acknowledged every keystroke; `before` runs after the note is open on both and
   * `stop` then stops both instances. Returns the note's plain text read from the database after.
   */
  async function coEditThenStop(
    words: { one: string; two: string },
    stop: Stop,
    before: (one: TestApp, two: TestApp, noteId: string) => Promise<void> = async () => {},
  ): Promise<string> {
    const one = await startTestApp('postgres', env, testDb, { redisPrefix });
    const two = await startTestApp('postgres', env, testDb, { redisPrefix });
    const clients: CollabClient[] = [];
    let stopped = false;
    try {
      const hosts = { one: await listen(one), two: await listen(two) };
      const note = (
        await request(one.app, 'POST', '/api/notes', {
          cookie: owner.cookie,
          body: { projectId, content: 'Minutes' },
        })
      ).json() as { id: string };
      const a = collabClient(hosts.one, owner.cookie, note.id);
      const b = collabClient(hosts.two, member.cookie, note.id);
      clients.push(a, b);
      await Promise.all([a.synced, b.synced]);
      await until(() => a.text().includes('Minutes') && b.text().includes('Minutes'), 5000, 'note open');
      await before(one, two, note.id);
      await Promise.all([type(a, words.one), type(b, words.two)]);
      await until(
        () => a.provider.unsyncedChanges === 0 && b.provider.unsyncedChanges === 0,
        5000,
        'every keystroke acknowledged',
      );
      stopped = true;
      await stop(one, two);
      const row = await handle.db
        .selectFrom('notes')
        .select('plain_text')
        .where('id', '=', note.id)
        .executeTakeFirstOrThrow();
      return row.plain_text;
    } finally {
      for (const client of clients) client.destroy();
      if (!stopped) await Promise.all([one.close(), two.close()]);
    }
  }

  const bothAtOnce: Stop = async (one, two) => {
    await Promise.all([one.close(), two.close()]);
  };

  it('a store that finds the lock held stores once the holder is done', async () => {
    const words = { one: 'alphaheld', two: 'bravoheld' };
    let lockKey = '';
    const text = await coEditThenStop(
      words,
      async (one, two) => {
        // Another instance's store holds the note's lock for 300 ms while both shut down.
        await redis.set(lockKey, 'another-instance', 'PX', 2000);
        const released = new Promise((resolve) => setTimeout(resolve, 300)).then(() => redis.del(lockKey));
        await bothAtOnce(one, two);
        await released;
      },
      async (_one, _two, noteId) => {
        lockKey = `${channel(noteId)}:lock`;
      },
    );
    expect(text).toContain(words.one);
    expect(text).toContain(words.two);
  }, 60_000);

  it.each([
    ['first', 'one'],
    ['second', 'two'],
  ] as const)(
    'both stop at once while the %s instance missed the other one’s keystrokes',
    async (_, deaf) => {
      const words = { one: `alpha${deaf}missed`, two: `bravo${deaf}missed` };
      const text = await coEditThenStop(words, bothAtOnce, async (one, two, noteId) => {
        await deafen(deaf === 'one' ? one : two, noteId);
      });
      expect(text).toContain(words.one);
      expect(text).toContain(words.two);
    },
    60_000,
  );
});
