import crypto from 'node:crypto';
import { CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotesRepo } from '../src/modules/notes/notes.repo';
import { restEditUpdate } from '../src/realtime/collab/ydoc';
import { dialects, nextMillisecond, request, signUp, startTestApp, type TestApp } from './helpers';

interface Summary {
  id: string;
  projectId: string;
  pinned: boolean;
  updatedAt: string;
}

const SEED_PER_PROJECT = [300, 230] as const;
const SHARED_NOTES = 30;
const STRANGER_NOTES = 40;
/** Alice pins every 13th of the first 200 notes of her first project. */
const ALICE_PINS = Math.ceil(200 / 13);

describe.each(dialects)('cursor pagination on %s', (dialect) => {
  let t: TestApp;
  let alice: { cookie: string; user: { id: string } };
  let bob: { cookie: string; user: { id: string } };
  const projectIds: string[] = [];
  let sharedId = '';
  let strangerProjectId = '';
  const strangerNoteIds = new Set<string>();

  const get = (cookie: string, url: string) => request(t.app, 'GET', url, { cookie });

  /**
   * Inserts notes straight into the database (the API would take minutes for thousands), with
   * updated_at values that collide in threes, so ties on the timestamp are paged by id.
   */
  async function seedNotes(projectId: string, authorId: string, count: number, base: number) {
    const rows = Array.from({ length: count }, (_, index) => {
      const at = new Date(base + Math.floor(index / 3) * 1000).toISOString();
      return {
        id: crypto.randomUUID(),
        project_id: projectId,
        author_id: authorId,
        title: `Note ${index}`,
        content: `Body ${index}`,
        plain_text: `Body ${index}`,
        excerpt: `Body ${index}`,
        tags: '[]',
        version: 1,
        ydoc: null,
        created_at: at,
        updated_at: at,
      };
    });
    for (let start = 0; start < rows.length; start += 100) {
      await t.database.db
        .insertInto('notes')
        .values(rows.slice(start, start + 100))
        .execute();
    }
    return rows.map((row) => row.id);
  }

  /** Follows nextCursor from the first page to the last; returns every item in order. */
  async function walk<T>(
    cookie: string,
    path: string,
    key: string,
    options: { limit?: number; between?: (page: number) => Promise<void> } = {},
  ): Promise<{ items: T[]; pages: number }> {
    const items: T[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query = new URLSearchParams();
      if (options.limit !== undefined) query.set('limit', String(options.limit));
      if (cursor) query.set('cursor', cursor);
      const separator = path.includes('?') ? '&' : '?';
      const response = await get(cookie, `${path}${query.size ? separator + query : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as Record<string, unknown> & { nextCursor: string | null };
      const page = body[key] as T[];
      expect(page.length).toBeLessThanOrEqual(options.limit ?? 50);
      if (body.nextCursor !== null) expect(page.length).toBe(options.limit ?? 50);
      items.push(...page);
      cursor = body.nextCursor;
      pages += 1;
      await options.between?.(pages);
    } while (cursor);
    return { items, pages };
  }

  /** docs/product.md §4 order: the user's pinned notes first, then the rest; newest updated first, ties by id. */
  function expectedOrder(notes: Summary[]): string[] {
    return [...notes]
      .sort((a, b) => {
        if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
        if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
        return a.id < b.id ? 1 : -1;
      })
      .map((note) => note.id);
  }

  const ids = (notes: Array<{ id: string }>) => notes.map((note) => note.id);

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    alice = await signUp(t.app, { name: 'Alice' });
    bob = await signUp(t.app, { name: 'Bob' });
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    for (const [index, count] of SEED_PER_PROJECT.entries()) {
      const project = (
        await request(t.app, 'POST', '/api/projects', { cookie: alice.cookie, body: { name: `P${index}` } })
      ).json();
      projectIds.push(project.id);
      await seedNotes(project.id, alice.user.id, count, base + index * 500);
    }
    // Bob's shared project with Alice as a member: its notes are in her lists; Bob's own are not.
    const shared = (
      await request(t.app, 'POST', '/api/shared-projects', { cookie: bob.cookie, body: { name: 'Team' } })
    ).json();
    sharedId = shared.id;
    // The owner's membership and this join tie in one millisecond; members list owner first by time.
    await nextMillisecond();
    await request(t.app, 'POST', '/api/shared-projects/join', {
      cookie: alice.cookie,
      body: { code: shared.code },
    });
    await seedNotes(sharedId, bob.user.id, SHARED_NOTES, base + 250);
    const own = (
      await request(t.app, 'POST', '/api/projects', { cookie: bob.cookie, body: { name: 'Private' } })
    ).json();
    strangerProjectId = own.id;
    for (const id of await seedNotes(own.id, bob.user.id, STRANGER_NOTES, base + 100))
      strangerNoteIds.add(id);
    // Alice pins every 13th note of her first project; Bob pins some of the shared ones for himself.
    const firstProject = (await get(alice.cookie, `/api/notes?projectId=${projectIds[0]}&limit=200`)).json();
    for (const [index, note] of (firstProject.notes as Summary[]).entries()) {
      if (index % 13 === 0)
        await request(t.app, 'PUT', `/api/notes/${note.id}/pin`, { cookie: alice.cookie });
    }
    const sharedNotes = (await get(bob.cookie, `/api/notes?projectId=${sharedId}`)).json().notes as Summary[];
    for (const note of sharedNotes.slice(0, 5)) {
      await request(t.app, 'PUT', `/api/notes/${note.id}/pin`, { cookie: bob.cookie });
    }
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  const aliceTotal = SEED_PER_PROJECT[0] + SEED_PER_PROJECT[1] + SHARED_NOTES;

  it('walks all of a user’s 560 notes: each exactly once, pinned first, then newest updated', async () => {
    const { items, pages } = await walk<Summary>(alice.cookie, '/api/notes', 'notes', { limit: 37 });
    expect(items).toHaveLength(aliceTotal);
    expect(new Set(ids(items)).size).toBe(aliceTotal);
    expect(ids(items)).toEqual(expectedOrder(items));
    expect(pages).toBe(Math.ceil(aliceTotal / 37));
    // Her pins only: Bob's pins in the shared project are not hers.
    expect(items.filter((note) => note.pinned)).toHaveLength(ALICE_PINS);
    expect(items.some((note) => strangerNoteIds.has(note.id))).toBe(false);
  });

  it('pages 50 at a time by default and never cuts a list off', async () => {
    const first = (await get(alice.cookie, '/api/notes')).json();
    expect(first.notes).toHaveLength(50);
    expect(typeof first.nextCursor).toBe('string');
    const { items } = await walk<Summary>(alice.cookie, '/api/notes', 'notes', { limit: 200 });
    expect(items).toHaveLength(aliceTotal);
  });

  it('walks one project, the shared project, pinned only and unpinned only', async () => {
    const project = await walk<Summary>(alice.cookie, `/api/notes?projectId=${projectIds[0]}`, 'notes', {
      limit: 41,
    });
    expect(project.items).toHaveLength(SEED_PER_PROJECT[0]);
    expect(project.items.every((note) => note.projectId === projectIds[0])).toBe(true);
    expect(ids(project.items)).toEqual(expectedOrder(project.items));

    const shared = await walk<Summary>(alice.cookie, `/api/notes?projectId=${sharedId}`, 'notes', {
      limit: 7,
    });
    expect(shared.items).toHaveLength(SHARED_NOTES);
    expect(shared.items.some((note) => note.pinned)).toBe(false);
    const bobsView = await walk<Summary>(bob.cookie, `/api/notes?projectId=${sharedId}`, 'notes', {
      limit: 4,
    });
    expect(ids(bobsView.items)).toEqual(expectedOrder(bobsView.items));
    expect(bobsView.items.slice(0, 5).every((note) => note.pinned)).toBe(true);

    const pinned = await walk<Summary>(alice.cookie, '/api/notes?pinned=true', 'notes', { limit: 6 });
    const unpinned = await walk<Summary>(alice.cookie, '/api/notes?pinned=false', 'notes', { limit: 60 });
    expect(pinned.items.every((note) => note.pinned)).toBe(true);
    expect(unpinned.items.every((note) => !note.pinned)).toBe(true);
    expect(pinned.items.length + unpinned.items.length).toBe(aliceTotal);
  });

  it('counts come from their own query and match the walk', async () => {
    const counts = (await get(alice.cookie, '/api/notes/counts')).json();
    expect(counts.total).toBe(aliceTotal);
    expect(counts.pinned).toBe(ALICE_PINS);
    const { items } = await walk<Summary>(alice.cookie, '/api/notes', 'notes', { limit: 200 });
    expect(counts.lastUpdatedAt).toBe(
      items
        .map((note) => note.updatedAt)
        .sort()
        .at(-1),
    );
    const project = (await get(alice.cookie, `/api/notes/counts?projectId=${projectIds[1]}`)).json();
    expect(project).toMatchObject({ total: SEED_PER_PROJECT[1], pinned: 0 });
    expect((await get(alice.cookie, `/api/notes/counts?projectId=${strangerProjectId}`)).statusCode).toBe(
      404,
    );
  });

  it('keeps every unchanged note exactly once while notes are created, updated and pinned between pages', async () => {
    const before = await walk<Summary>(alice.cookie, '/api/notes', 'notes', { limit: 200 });
    const changed = new Set<string>();
    const unseen = () => before.items.slice(-150).map((note) => note.id);
    const during = await walk<Summary>(alice.cookie, '/api/notes', 'notes', {
      limit: 45,
      between: async (page) => {
        if (page > 6) return;
        const created = await request(t.app, 'POST', '/api/notes', {
          cookie: alice.cookie,
          body: { projectId: projectIds[page % 2], title: `Created during page ${page}` },
        });
        changed.add(created.json().id);
        const [toUpdate, toPin] = unseen().filter((id) => !changed.has(id));
        if (!toUpdate || !toPin) throw new Error('not enough unseen notes');
        const current = (await get(alice.cookie, `/api/notes/${toUpdate}`)).json();
        await request(t.app, 'PATCH', `/api/notes/${toUpdate}`, {
          cookie: alice.cookie,
          body: { content: `edited on page ${page}`, version: current.version },
        });
        changed.add(toUpdate);
        await request(t.app, 'PUT', `/api/notes/${toPin}/pin`, { cookie: alice.cookie });
        changed.add(toPin);
        // A note already seen moves to the top: it must not come back later in this walk.
        const seenId = before.items[page * 10]?.id;
        if (seenId && !changed.has(seenId)) {
          const seen = (await get(alice.cookie, `/api/notes/${seenId}`)).json();
          await request(t.app, 'PATCH', `/api/notes/${seenId}`, {
            cookie: alice.cookie,
            body: { content: 'seen, then edited', version: seen.version },
          });
        }
      },
    });
    expect(new Set(ids(during.items)).size).toBe(during.items.length);
    const unchanged = ids(before.items).filter((id) => !changed.has(id));
    const seenUnchanged = ids(during.items).filter((id) => !changed.has(id));
    expect(seenUnchanged).toEqual(unchanged);
  });

  it('refuses a limit outside 1..200 with the error shape', async () => {
    for (const limit of ['0', '201', '-1', '2.5', 'ten', '']) {
      const response = await get(alice.cookie, `/api/notes?limit=${limit}`);
      expect(response.statusCode, `limit=${limit}`).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
    expect((await get(alice.cookie, '/api/notes?limit=200')).json().notes).toHaveLength(200);
    expect((await get(alice.cookie, '/api/notes?limit=1')).json().notes).toHaveLength(1);
    expect((await get(alice.cookie, '/api/projects?limit=201')).statusCode).toBe(400);
    expect((await get(alice.cookie, '/api/pins?limit=0')).statusCode).toBe(400);
  });

  it('answers a malformed or forged cursor with 400, never 500, and leaks nothing', async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = [
      'not a cursor!',
      '%00',
      Buffer.from('{"p":1,').toString('base64url'),
      b64(null),
      b64([1, 2, 3]),
      b64({ p: 2, u: '2026-01-01T00:00:00.000Z', i: 'x' }),
      b64({ p: 0, u: 'yesterday', i: 'x' }),
      b64({ p: 0, u: '2026-01-01T00:00:00.000Z', i: 'x'.repeat(65) }),
      b64({ p: 0, u: '2026-01-01T00:00:00.000Z', i: 'x', extra: 1 }),
      'A'.repeat(600),
    ];
    // A pins cursor is no notes or projects cursor.
    const pinsCursor = b64({ t: '2026-01-01T00:00:00.000Z', i: 'x' });
    for (const path of ['/api/notes', '/api/projects', '/api/shared-projects']) {
      expect((await get(alice.cookie, `${path}?cursor=${pinsCursor}`)).statusCode).toBe(400);
    }
    for (const cursor of forged) {
      for (const path of ['/api/notes', '/api/pins', '/api/projects', '/api/shared-projects']) {
        const response = await get(alice.cookie, `${path}?cursor=${encodeURIComponent(cursor)}`);
        expect(response.statusCode, `${path} ${cursor}`).toBe(400);
        expect(response.json().error.code).toEqual(expect.any(String));
      }
    }
    // Well-formed but made up: only moves the start of the caller's own list.
    const injected = b64({ p: 0, u: '2099-01-01T00:00:00.000Z', i: "x') or 1=1 --" });
    const response = await get(alice.cookie, `/api/notes?cursor=${injected}&limit=200`);
    expect(response.statusCode).toBe(200);
    const listed = response.json().notes as Summary[];
    expect(listed.some((note) => strangerNoteIds.has(note.id))).toBe(false);
    expect(listed.every((note) => !note.pinned)).toBe(true);
  });

  it('never shows another user’s notes, pins or projects, whatever the cursor', async () => {
    const bobs = await walk<Summary>(bob.cookie, '/api/notes', 'notes', { limit: 25 });
    expect(bobs.items).toHaveLength(STRANGER_NOTES + SHARED_NOTES);
    const alices = await walk<Summary>(alice.cookie, '/api/notes', 'notes', { limit: 200 });
    expect(alices.items.some((note) => strangerNoteIds.has(note.id))).toBe(false);
    // Bob's cursor in Alice's hands is just a position in her own list.
    const bobsCursor = (await get(bob.cookie, '/api/notes?limit=3')).json().nextCursor as string;
    const viaCursor = (await get(alice.cookie, `/api/notes?cursor=${bobsCursor}&limit=200`)).json().notes;
    expect((viaCursor as Summary[]).some((note) => strangerNoteIds.has(note.id))).toBe(false);
    expect((await get(alice.cookie, `/api/notes?projectId=${strangerProjectId}`)).statusCode).toBe(404);
    const bobsPins = await walk<{ noteId: string }>(bob.cookie, '/api/pins', 'pins', { limit: 2 });
    expect(bobsPins.items).toHaveLength(5);
  });

  it.runIf(dialect === 'sqlite')(
    'reads pins from the user’s pins and a project page from its index',
    async () => {
      const db = t.database.db;
      // With statistics, as a server that has run ANALYZE (search keeps them current) has.
      await sql`analyze`.execute(db);
      const compiled: CompiledQuery[] = [];
      const recorder: KyselyPlugin = {
        transformQuery: (args) => {
          compiled.push(db.getExecutor().compileQuery(args.node, args.queryId));
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const notes = createNotesRepo(db.withPlugin(recorder), { restEditUpdate });
      await notes.list(alice.user.id, {}, { limit: 50 });
      await notes.list(alice.user.id, { projectId: projectIds[0] }, { limit: 50 });
      await notes.pinned(alice.user.id, { limit: 50 });
      expect(compiled.length).toBeGreaterThanOrEqual(3);
      for (const query of compiled) {
        const plan = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
        );
        const details = plan.rows.map((row) => row.detail).join('\n');
        if (/from "pins" as "pin"/.test(query.sql)) {
          // The user's pins first (few), never every note probed for a pin.
          // (A project's page reads pins and the rest in one compound statement: its first table.)
          const firstRead = plan.rows.find((row) => /^(SEARCH|SCAN) /.test(row.detail))?.detail;
          expect(firstRead, query.sql).toMatch(/^SEARCH pin USING (COVERING )?INDEX/);
        }
        // One project's notes: a range of its index in order, never a sort of the project.
        if (/from "notes" as "n"/.test(query.sql) && /"n"\."project_id" = \?/.test(query.sql)) {
          expect(details, query.sql).toMatch(/USING (COVERING )?INDEX notes_project_updated_id_idx/);
          expect(details, query.sql).not.toMatch(/SCAN n\b/);
          // All Notes merges each project's page (at most a page each), so only that merge sorts.
          if (!/union all/.test(query.sql))
            expect(details, query.sql).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
        }
      }
    },
  );

  it('pages pins newest pinned first', async () => {
    const { items } = await walk<{ noteId: string; pinnedAt: string }>(alice.cookie, '/api/pins', 'pins', {
      limit: 4,
    });
    const pinnedCount = (await get(alice.cookie, '/api/notes/counts')).json().pinned;
    expect(items).toHaveLength(pinnedCount);
    expect(new Set(items.map((pin) => pin.noteId)).size).toBe(items.length);
    const sorted = [...items].sort((a, b) =>
      a.pinnedAt === b.pinnedAt ? (a.noteId < b.noteId ? 1 : -1) : a.pinnedAt < b.pinnedAt ? 1 : -1,
    );
    expect(items).toEqual(sorted);
  });

  it('All Notes is the same list whether it merges per-project pages (200 projects) or walks the index (201)', async () => {
    const carol = await signUp(t.app, { name: 'Carol' });
    const carolProjects: string[] = [];
    for (let index = 0; index < 200; index++) {
      const project = (
        await request(t.app, 'POST', '/api/projects', { cookie: carol.cookie, body: { name: `C${index}` } })
      ).json();
      carolProjects.push(project.id);
    }
    const base = Date.parse('2026-02-01T00:00:00.000Z');
    for (const [index, projectId] of [carolProjects[0], carolProjects[99], carolProjects[199]].entries()) {
      await seedNotes(projectId as string, carol.user.id, 7, base + index * 1500);
    }
    // Exactly 200 memberships: the merge path (MERGE_MAX_PROJECTS in notes.repo.ts).
    const memberships = await t.database.db
      .selectFrom('project_members')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', carol.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(memberships.count)).toBe(200);
    const merged = await walk<Summary>(carol.cookie, '/api/notes', 'notes', { limit: 4 });
    expect(merged.items).toHaveLength(21);
    await request(t.app, 'POST', '/api/projects', { cookie: carol.cookie, body: { name: 'C200' } });
    const walked = await walk<Summary>(carol.cookie, '/api/notes', 'notes', { limit: 4 });
    expect(ids(walked.items)).toEqual(ids(merged.items));
    const sorted = [...merged.items].sort((a, b) =>
      a.updatedAt === b.updatedAt ? (a.id < b.id ? 1 : -1) : a.updatedAt < b.updatedAt ? 1 : -1,
    );
    expect(ids(merged.items)).toEqual(ids(sorted));
  });

  it('pages projects, shared projects and members', async () => {
    for (let index = 0; index < 9; index++) {
      await request(t.app, 'POST', '/api/projects', {
        cookie: alice.cookie,
        body: { name: `Extra ${index}` },
      });
    }
    const personal = await walk<{ id: string; updatedAt: string }>(
      alice.cookie,
      '/api/projects',
      'projects',
      {
        limit: 4,
      },
    );
    expect(personal.items).toHaveLength(SEED_PER_PROJECT.length + 9);
    expect(new Set(ids(personal.items)).size).toBe(personal.items.length);
    const updated = personal.items.map((project) => project.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
    const all = await walk<{ id: string }>(alice.cookie, '/api/projects?kind=all', 'projects', { limit: 5 });
    expect(ids(all.items)).toContain(sharedId);
    expect(ids(all.items)).not.toContain(strangerProjectId);

    for (let index = 0; index < 4; index++) {
      await request(t.app, 'POST', '/api/shared-projects', {
        cookie: alice.cookie,
        body: { name: `S${index}` },
      });
    }
    const shared = await walk<{ id: string }>(alice.cookie, '/api/shared-projects', 'sharedProjects', {
      limit: 2,
    });
    expect(shared.items).toHaveLength(5);
    expect(new Set(ids(shared.items)).size).toBe(5);

    const code = (await get(bob.cookie, `/api/shared-projects/${sharedId}`)).json().code;
    for (let index = 0; index < 4; index++) {
      const member = await signUp(t.app, { name: `Member ${index}` });
      await request(t.app, 'POST', '/api/shared-projects/join', { cookie: member.cookie, body: { code } });
    }
    const members = await walk<{ userId: string; joinedAt: string; role: string }>(
      alice.cookie,
      `/api/shared-projects/${sharedId}/members`,
      'members',
      { limit: 2 },
    );
    expect(members.items).toHaveLength(6);
    expect(members.items[0]?.role).toBe('owner');
    expect(new Set(members.items.map((member) => member.userId)).size).toBe(6);
    const badCursor = await get(alice.cookie, `/api/shared-projects/${sharedId}/members?cursor=zzz`);
    expect(badCursor.statusCode).toBe(400);
    const strangers = await get(alice.cookie, `/api/shared-projects/${strangerProjectId}/members`);
    expect(strangers.statusCode).toBe(404);
  }, 60_000);
});
