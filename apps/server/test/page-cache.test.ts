import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../src/db/time';
import type { BusEvent } from '../src/events/event-bus';
import { dialects, nextMillisecond, request, signUp, startTestApp, type TestApp } from './helpers';
import { stopApp, withTwoInstances } from './support/suite-app';

/*
 * The list page cache (decision 067) must never answer with a page the user may no longer see or
 * that a change has made stale. Each case reads the lists twice first (the second read is a hit),
 * makes the change through the API as a client would, and reads again.
 */

const ALL_NOTES = '/api/notes';
const PROJECTS = '/api/projects?kind=all';
const SHARED = '/api/shared-projects';

describe.each(dialects)('list page cache on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(() => stopApp(t));

  const get = async (cookie: string, url: string) => {
    const response = await request(t.app, 'GET', url, { cookie });
    return { status: response.statusCode, body: response.json() };
  };
  /** Reads a list twice, proving the second read came from the cache. */
  const cached = async (cookie: string, url: string) => {
    await get(cookie, url);
    const hits = t.pages.hits;
    const second = await get(cookie, url);
    expect(t.pages.hits, `${url} served from the cache`).toBe(hits + 1);
    return second.body;
  };
  const send = async (
    cookie: string,
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ) => {
    const response = await request(t.app, method, url, { cookie, ...(body !== undefined ? { body } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.statusCode === 204 ? undefined : response.json();
  };
  const noteIds = (page: { notes: { id: string }[] }) => page.notes.map((note) => note.id);
  const projectIds = (page: { projects: { id: string }[] }) => page.projects.map((project) => project.id);

  /** An owner with a shared project and one note in it, and a member who joined. */
  const sharedWorld = async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const project = await send(owner.cookie, 'POST', '/api/shared-projects', { name: 'Team' });
    await send(member.cookie, 'POST', '/api/shared-projects/join', { code: project.code });
    const note = await send(owner.cookie, 'POST', '/api/notes', { projectId: project.id, title: 'Plan' });
    // Writes in one millisecond tie on their time (then id order): the tests assert the order of this
    // note and the ones they write next.
    await nextMillisecond();
    return { owner, member, project, note };
  };

  it('a hit answers the same bytes as a fresh read, with the same status and type', async () => {
    const { member, project } = await sharedWorld();
    for (const url of [
      ALL_NOTES,
      `${ALL_NOTES}?projectId=${project.id}&limit=10`,
      PROJECTS,
      SHARED,
      '/api/pins',
      '/api/notes/counts',
    ]) {
      const first = await request(t.app, 'GET', url, { cookie: member.cookie });
      const hits = t.pages.hits;
      const second = await request(t.app, 'GET', url, { cookie: member.cookie });
      expect(t.pages.hits).toBe(hits + 1);
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers['content-type']).toBe(first.headers['content-type']);
      expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    }
  });

  it('a hit asked for brotli or gzip answers the page compressed as a fresh read is', async () => {
    const { owner, project } = await sharedWorld();
    for (let i = 0; i < 10; i++)
      await send(owner.cookie, 'POST', '/api/notes', {
        projectId: project.id,
        title: `Long ${i}`,
        content: 'text '.repeat(80),
      });
    const plain = (await request(t.app, 'GET', ALL_NOTES, { cookie: owner.cookie })).body;
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const hits = t.pages.hits;
        const answer = await request(t.app, 'GET', ALL_NOTES, {
          cookie: owner.cookie,
          headers: { 'accept-encoding': accept },
        });
        expect(t.pages.hits).toBe(hits + 1);
        answers.push(answer);
      }
      for (const answer of answers) {
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
        const body =
          encoding === 'br'
            ? zlib.brotliDecompressSync(answer.rawPayload)
            : zlib.gunzipSync(answer.rawPayload);
        expect(body.toString('utf8')).toBe(plain);
      }
    }
    const identity = await request(t.app, 'GET', ALL_NOTES, {
      cookie: owner.cookie,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
  });

  it('sends timestamps as the ISO strings the rows hold, read without a Date per row', async () => {
    const { owner, project, note } = await sharedWorld();
    await send(owner.cookie, 'PUT', `/api/notes/${note.id}/pin`);
    const row = await t.database.db
      .selectFrom('notes')
      .select(['created_at', 'updated_at'])
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    const pin = await t.database.db
      .selectFrom('pins')
      .select('pinned_at')
      .where('note_id', '=', note.id)
      .executeTakeFirstOrThrow();
    const listed = (await get(owner.cookie, ALL_NOTES)).body.notes[0];
    expect(listed.createdAt).toBe(toIso(row.created_at));
    expect(listed.updatedAt).toBe(toIso(row.updated_at));
    expect((await get(owner.cookie, '/api/pins')).body.pins[0].pinnedAt).toBe(toIso(pin.pinned_at));
    const projectRow = await t.database.db
      .selectFrom('projects')
      .select(['created_at', 'updated_at'])
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    const shown = (await get(owner.cookie, SHARED)).body.sharedProjects[0];
    expect([shown.createdAt, shown.updatedAt]).toEqual([
      toIso(projectRow.created_at),
      toIso(projectRow.updated_at),
    ]);
    for (const value of [listed.createdAt, listed.updatedAt, shown.updatedAt])
      expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('keeps pages apart by user and by query', async () => {
    const { owner, member, project } = await sharedWorld();
    const personal = await send(owner.cookie, 'POST', '/api/projects', { name: 'Mine' });
    await send(owner.cookie, 'POST', '/api/notes', { projectId: personal.id, title: 'Private' });
    const ownerPage = await cached(owner.cookie, ALL_NOTES);
    const memberPage = await cached(member.cookie, ALL_NOTES);
    expect(ownerPage.notes).toHaveLength(2);
    expect(memberPage.notes).toHaveLength(1);
    expect((await get(member.cookie, `${ALL_NOTES}?projectId=${personal.id}`)).status).toBe(404);
    expect((await cached(owner.cookie, `${ALL_NOTES}?projectId=${project.id}`)).notes).toHaveLength(1);
    expect((await cached(owner.cookie, `${ALL_NOTES}?limit=1`)).notes).toHaveLength(1);
  });

  it('a note created or edited by another member shows at once', async () => {
    const { owner, member, project, note } = await sharedWorld();
    await cached(member.cookie, ALL_NOTES);
    await cached(member.cookie, `${ALL_NOTES}?projectId=${project.id}`);
    const added = await send(owner.cookie, 'POST', '/api/notes', { projectId: project.id, title: 'Added' });
    expect(noteIds((await get(member.cookie, ALL_NOTES)).body)).toContain(added.id);
    await cached(member.cookie, `${ALL_NOTES}?projectId=${project.id}`);
    await nextMillisecond(); // the edit is asserted newest: apart from the note added above
    await send(owner.cookie, 'PATCH', `/api/notes/${note.id}`, { title: 'Plan, edited' });
    const page = (await get(member.cookie, `${ALL_NOTES}?projectId=${project.id}`)).body;
    expect(page.notes.find((n: { id: string }) => n.id === note.id).title).toBe('Plan, edited');
    expect(page.notes[0].id).toBe(note.id);
  });

  it('a note deleted to Trash or moved out of the project leaves the lists of everyone who saw it', async () => {
    const { owner, member, project, note } = await sharedWorld();
    const second = await send(owner.cookie, 'POST', '/api/notes', { projectId: project.id, title: 'Second' });
    const mine = await send(owner.cookie, 'POST', '/api/projects', { name: 'Mine' });
    expect(noteIds(await cached(member.cookie, ALL_NOTES))).toEqual([second.id, note.id]);
    const countsBefore = await cached(member.cookie, '/api/notes/counts');
    await send(owner.cookie, 'DELETE', `/api/notes/${note.id}`);
    expect(noteIds((await get(member.cookie, ALL_NOTES)).body)).toEqual([second.id]);
    expect((await get(member.cookie, '/api/notes/counts')).body).not.toEqual(countsBefore);

    const sharedCount = (page: { projects: { id: string; noteCount: number }[] }) =>
      page.projects.find((p) => p.id === project.id)?.noteCount;
    expect(sharedCount(await cached(owner.cookie, PROJECTS))).toBe(1);
    await cached(member.cookie, ALL_NOTES);
    await send(owner.cookie, 'POST', `/api/notes/${second.id}/move`, { projectId: mine.id });
    expect(noteIds((await get(member.cookie, ALL_NOTES)).body)).toEqual([]);
    expect(sharedCount((await get(owner.cookie, PROJECTS)).body)).toBe(0);
    expect(noteIds((await get(owner.cookie, `${ALL_NOTES}?projectId=${mine.id}`)).body)).toEqual([second.id]);
  });

  it('a member removed from a shared project no longer sees it or its notes', async () => {
    const { owner, member, project, note } = await sharedWorld();
    expect(noteIds(await cached(member.cookie, ALL_NOTES))).toEqual([note.id]);
    expect(projectIds(await cached(member.cookie, PROJECTS))).toContain(project.id);
    expect((await cached(member.cookie, SHARED)).sharedProjects).toHaveLength(1);
    const members = await cached(owner.cookie, SHARED);
    expect(members.sharedProjects[0].memberCount).toBe(2);
    await send(owner.cookie, 'DELETE', `/api/shared-projects/${project.id}/members/${member.user.id}`);
    expect(noteIds((await get(member.cookie, ALL_NOTES)).body)).not.toContain(note.id);
    expect(projectIds((await get(member.cookie, PROJECTS)).body)).not.toContain(project.id);
    expect(
      (await get(member.cookie, SHARED)).body.sharedProjects.map((p: { id: string }) => p.id),
    ).not.toContain(project.id);
    expect((await get(member.cookie, `${ALL_NOTES}?projectId=${project.id}`)).status).toBe(404);
    expect((await get(owner.cookie, SHARED)).body.sharedProjects[0].memberCount).toBe(1);
  });

  it('a deleted project leaves every member’s lists', async () => {
    const { owner, member, project, note } = await sharedWorld();
    expect(noteIds(await cached(member.cookie, ALL_NOTES))).toEqual([note.id]);
    expect(projectIds(await cached(member.cookie, PROJECTS))).toContain(project.id);
    await cached(member.cookie, `${ALL_NOTES}?projectId=${project.id}`);
    await send(owner.cookie, 'DELETE', `/api/shared-projects/${project.id}`);
    expect(noteIds((await get(member.cookie, ALL_NOTES)).body)).toEqual([]);
    expect(projectIds((await get(member.cookie, PROJECTS)).body)).not.toContain(project.id);
    expect((await get(member.cookie, `${ALL_NOTES}?projectId=${project.id}`)).status).toBe(404);
  });

  it('pins, a new share code and the owner’s new name show at once', async () => {
    const { owner, member, project, note } = await sharedWorld();
    const other = await send(owner.cookie, 'POST', '/api/notes', { projectId: project.id, title: 'Newer' });
    expect(noteIds(await cached(member.cookie, ALL_NOTES))).toEqual([other.id, note.id]);
    expect((await cached(member.cookie, '/api/pins')).pins).toEqual([]);
    await send(member.cookie, 'PUT', `/api/notes/${note.id}/pin`);
    expect(noteIds((await get(member.cookie, ALL_NOTES)).body)).toEqual([note.id, other.id]);
    const pins = (await get(member.cookie, '/api/pins')).body.pins;
    expect(pins.map((pin: { noteId: string }) => pin.noteId)).toEqual([note.id]);

    const before = (await cached(owner.cookie, SHARED)).sharedProjects[0];
    const renewed = await send(owner.cookie, 'POST', `/api/shared-projects/${project.id}/code`);
    expect(renewed.code).not.toBe(before.code);
    expect((await get(owner.cookie, SHARED)).body.sharedProjects[0].code).toBe(renewed.code);

    expect((await cached(member.cookie, SHARED)).sharedProjects[0].ownerName).toBe('Test User');
    await send(owner.cookie, 'PATCH', '/api/me', { name: 'Renamed Owner' });
    expect((await get(member.cookie, SHARED)).body.sharedProjects[0].ownerName).toBe('Renamed Owner');
  });

  it('after sign-out the old cookie gets 401 on every cached list, not the page', async () => {
    const { member } = await sharedWorld();
    for (const url of [ALL_NOTES, PROJECTS, SHARED, '/api/pins', '/api/notes/counts'])
      await cached(member.cookie, url);
    await send(member.cookie, 'POST', '/api/auth/sign-out', {});
    for (const url of [ALL_NOTES, PROJECTS, SHARED, '/api/pins', '/api/notes/counts']) {
      const response = await request(t.app, 'GET', url, { cookie: member.cookie });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBeDefined();
    }
  });

  it('a forged or expired session cookie gets 401 on every cached list, never the page', async () => {
    const { member } = await sharedWorld();
    const lists = [ALL_NOTES, PROJECTS, SHARED, '/api/pins', '/api/notes/counts'];
    for (const url of lists) await cached(member.cookie, url);
    const [name = '', value = ''] = member.cookie.split('=');
    const [token = '', signature = ''] = decodeURIComponent(value).split('.');
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    const forged = [
      `${name}=${encodeURIComponent(`${flip(token)}.${signature}`)}`,
      `${name}=${encodeURIComponent(`${token}.${flip(signature)}`)}`,
      `${name}=${encodeURIComponent(`${crypto.randomBytes(24).toString('base64url')}.${signature}`)}`,
      `${name}=${token}`,
    ];
    const refused = async (cookie: string) => {
      for (const url of lists) {
        const response = await request(t.app, 'GET', url, { cookie });
        expect(response.statusCode, `${url} with ${cookie}`).toBe(401);
        expect(response.json().error.code).toBeDefined();
      }
    };
    for (const cookie of forged) await refused(cookie);
    // Expired in the database; once the session cache's few seconds are over (forgotten here), 401.
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() as never })
      .where('user_id', '=', member.user.id)
      .execute();
    t.sessions.forgetUser(member.user.id);
    await refused(member.cookie);
  });

  it('an account deleted: its cookie gets 401, and co-members’ lists lose it', async () => {
    const { owner, member, project } = await sharedWorld();
    const own = await send(member.cookie, 'POST', '/api/notes', {
      projectId: project.id,
      title: 'By member',
    });
    expect((await cached(owner.cookie, SHARED)).sharedProjects[0].memberCount).toBe(2);
    const withAuthor = (await cached(owner.cookie, ALL_NOTES)).notes.find(
      (n: { id: string }) => n.id === own.id,
    );
    expect(withAuthor.authorId).toBe(member.user.id);
    await cached(member.cookie, ALL_NOTES);
    await send(member.cookie, 'POST', '/api/me/delete', { password: member.password });
    expect((await request(t.app, 'GET', ALL_NOTES, { cookie: member.cookie })).statusCode).toBe(401);
    expect((await get(owner.cookie, SHARED)).body.sharedProjects[0].memberCount).toBe(1);
    const after = (await get(owner.cookie, ALL_NOTES)).body.notes.find(
      (n: { id: string }) => n.id === own.id,
    );
    expect(after.authorId).toBeNull();
  });
});

describe('list page cache and the admin CLI (another SQLite connection)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false' });
  });
  afterAll(() => stopApp(t));
  const send = async (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const response = await request(t.app, method, url, { cookie, ...(body !== undefined ? { body } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };

  it('a user deleted or disabled by the CLI shows at once: co-members’ lists, the user’s 401', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const leaver = await signUp(t.app);
    const project = await send(owner.cookie, 'POST', '/api/shared-projects', { name: 'Team' });
    for (const joiner of [member, leaver]) {
      await send(joiner.cookie, 'POST', '/api/shared-projects/join', { code: project.code });
    }
    const read = async () => {
      await send(owner.cookie, 'GET', SHARED);
      const hits = t.pages.hits;
      const page = await send(owner.cookie, 'GET', SHARED);
      expect(t.pages.hits).toBe(hits + 1);
      return page.sharedProjects[0].memberCount;
    };
    expect(await read()).toBe(3);
    await send(member.cookie, 'GET', ALL_NOTES);
    await send(member.cookie, 'GET', ALL_NOTES);

    const { deleteUser, setUserDisabled } = await import('../src/modules/admin/user-admin');
    const cli = t.testDb.open();
    try {
      await deleteUser(cli.db, leaver.user.id, { delete: async () => {} } as never);
      expect((await send(owner.cookie, 'GET', SHARED)).sharedProjects[0].memberCount).toBe(2);
      await setUserDisabled(cli.db, member.user.id, true);
      const refused = await request(t.app, 'GET', ALL_NOTES, { cookie: member.cookie });
      expect(refused.statusCode).toBe(401);
    } finally {
      await cli.close();
    }
  });
});

describe('list page cache, held in memory', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false', PAGE_CACHE_MB: '1' });
  });
  afterAll(() => stopApp(t));

  it('stays within its byte budget, dropping the least recently used pages first', async () => {
    const user = await signUp(t.app);
    const project = (
      await request(t.app, 'POST', '/api/projects', { cookie: user.cookie, body: { name: 'P' } })
    ).json();
    for (let i = 0; i < 40; i++) {
      await request(t.app, 'POST', '/api/notes', {
        cookie: user.cookie,
        body: { projectId: project.id, title: `Note ${i} ${'t'.repeat(150)}`, content: 'word '.repeat(200) },
      });
    }
    const read = (limit: number) =>
      request(t.app, 'GET', `/api/notes?limit=${limit}`, { cookie: user.cookie });
    let sent = 0;
    for (let limit = 1; limit <= 100; limit++) {
      sent += (await read(limit)).rawPayload.length;
      expect(t.pages.size.bytes).toBeLessThanOrEqual(1024 * 1024);
    }
    expect(sent).toBeGreaterThan(1024 * 1024);
    expect(t.pages.size.pages).toBeLessThan(100);
    expect(t.pages.evictions, 'pages pushed out by the budget are counted').toBeGreaterThan(0);
    const hits = t.pages.hits;
    await read(100);
    expect(t.pages.hits, 'the newest page is kept').toBe(hits + 1);
    await read(1);
    expect(t.pages.hits, 'the oldest page went first').toBe(hits + 1);
  });
});

describe('list page cache, a page being built when a change lands', () => {
  it('is sent but not kept', async () => {
    const { PageCache } = await import('../src/http/page-cache');
    const Fastify = (await import('fastify')).default;
    const cache = new PageCache(1024 * 1024);
    const app: FastifyInstance = Fastify();
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (req) => {
      req.user = { id: 'u1' } as never;
    });
    let version = 1;
    let release: () => void = () => {};
    // Resolved once the first read is under way: the change below must land during it, whatever the
    // machine's load (a 20 ms sleep let a slow request read after the change; decision 114).
    let reading: () => void = () => {};
    const readStarted = new Promise<void>((resolve) => (reading = resolve));
    app.get('/list', async (req, reply) =>
      cache.serve(req, reply, async () => {
        const read = version;
        if (read === 1) {
          const released = new Promise<void>((resolve) => (release = resolve));
          reading();
          await released;
        }
        return { version: read };
      }),
    );
    const pending = app.inject({ method: 'GET', url: '/list' });
    await readStarted;
    version = 2;
    cache.forgetUsers(['u1']);
    release();
    expect((await pending).json()).toEqual({ version: 1 });
    expect(cache.size.pages).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/list' })).json()).toEqual({ version: 2 });
    expect((await app.inject({ method: 'GET', url: '/list' })).json()).toEqual({ version: 2 });
    expect(cache.hits).toBe(1);
    await app.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'list page cache with two instances on PostgreSQL and Redis',
  () => {
    it('an edit or a sign-out through one instance reaches the other at once (pages, sessions)', async () => {
      await withTwoInstances(async (one, two, hosts) => {
        const hostOne = `http://${hosts.one}`;
        const hostTwo = `http://${hosts.two}`;
        const owner = await signUp(one.app);
        const member = await signUp(two.app);
        const project = (
          await request(one.app, 'POST', '/api/shared-projects', {
            cookie: owner.cookie,
            body: { name: 'Two' },
          })
        ).json();
        await request(two.app, 'POST', '/api/shared-projects/join', {
          cookie: member.cookie,
          body: { code: project.code },
        });
        const note = (
          await request(one.app, 'POST', '/api/notes', {
            cookie: owner.cookie,
            body: { projectId: project.id, title: 'Before' },
          })
        ).json();
        const list = async (host: string) => {
          const response = await fetch(`${host}/api/notes?projectId=${project.id}`, {
            headers: { cookie: member.cookie },
          });
          expect(response.status).toBe(200);
          return ((await response.json()) as { notes: { title: string }[] }).notes.map((n) => n.title);
        };
        expect(await list(hostOne)).toEqual(['Before']);
        const hits = one.pages.hits;
        expect(await list(hostOne)).toEqual(['Before']);
        expect(one.pages.hits).toBe(hits + 1);

        // Instance one's bus hearing a message, awaited instead of polling to a deadline (decision
        // 114): one's own listeners (pages, sessions) were subscribed at its start, so they have run
        // by then, and the next request must show the change.
        const heardOnOne = (match: (message: BusEvent) => boolean) =>
          new Promise<void>((resolve) => {
            const stop = one.bus.subscribe((message) => {
              if (!match(message)) return;
              stop();
              resolve();
            });
          });
        const updateHeard = heardOnOne(
          (m) => m.event.type === 'note.updated' && 'noteId' in m.event && m.event.noteId === note.id,
        );
        const edited = await fetch(`${hostTwo}/api/notes/${note.id}`, {
          method: 'PATCH',
          headers: { cookie: owner.cookie, origin: hostTwo, 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'After' }),
        });
        expect(edited.status).toBe(200);
        // The event crosses through Redis; once instance one has heard it, its page is gone.
        await updateHeard;
        expect(await list(hostOne)).toEqual(['After']);

        // Signed out through instance two: instance one forgets the cached session at once (its
        // session cache would otherwise hold it for 5 s), so the old cookie gets no page there.
        const status = async () =>
          (
            await fetch(`${hostOne}/api/notes?projectId=${project.id}`, {
              headers: { cookie: member.cookie },
            })
          ).status;
        expect(await status()).toBe(200);
        const signOutHeard = heardOnOne((m) => m.sessionsOf?.includes(member.user.id) === true);
        const signedOut = await fetch(`${hostTwo}/api/auth/sign-out`, {
          method: 'POST',
          headers: { cookie: member.cookie, origin: hostTwo, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(signedOut.status).toBe(200);
        await signOutHeard;
        expect(await status()).toBe(401);
      });
    });
  },
);
