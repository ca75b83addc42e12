import type { Note } from '@notewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';

/** Decision 024: a replayed offline create (same clientId) never makes a second note. */
describe.each(dialects)('note creation with a client id on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  async function project(cookie: string, name = 'Offline'): Promise<string> {
    const created = await request(t.app, 'POST', '/api/projects', { cookie, body: { name } });
    expect(created.statusCode).toBe(201);
    return (created.json() as { id: string }).id;
  }

  async function countNotes(cookie: string, projectId: string): Promise<number> {
    const list = await request(t.app, 'GET', `/api/notes?projectId=${projectId}`, { cookie });
    return (list.json() as { notes: unknown[] }).notes.length;
  }

  it('POST /api/notes twice with the same clientId returns the same note', async () => {
    const { cookie } = await signUp(t.app);
    const projectId = await project(cookie);
    const body = { projectId, title: 'Queued', content: 'Written offline', clientId: 'offline-abc12345' };
    const first = await request(t.app, 'POST', '/api/notes', { cookie, body });
    const second = await request(t.app, 'POST', '/api/notes', { cookie, body });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect((second.json() as Note).id).toBe((first.json() as Note).id);
    expect(await countNotes(cookie, projectId)).toBe(1);
  });

  it('a replay after the note went to Trash makes nothing and says where it is (404, not an error)', async () => {
    const { cookie } = await signUp(t.app);
    const projectId = await project(cookie);
    const body = { projectId, content: 'Made, then deleted', clientId: 'trashed-replay-1' };
    const first = await request(t.app, 'POST', '/api/notes', { cookie, body });
    expect(first.statusCode).toBe(201);
    const id = (first.json() as Note).id;
    expect((await request(t.app, 'DELETE', `/api/notes/${id}`, { cookie })).statusCode).toBe(204);
    for (const url of ['/api/notes', '/api/ai/capture']) {
      const replay = await request(t.app, 'POST', url, { cookie, body });
      expect(replay.statusCode, replay.body).toBe(404);
      expect(replay.json().error.message).toBe('This note was created and then deleted; find it in Trash.');
    }
    expect(await countNotes(cookie, projectId)).toBe(0);
  });

  it('parallel replays of one create make one note (the unique index decides)', async () => {
    const { cookie } = await signUp(t.app);
    const projectId = await project(cookie);
    const body = { projectId, content: 'Raced', clientId: 'parallel-create-1' };
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => request(t.app, 'POST', '/api/notes', { cookie, body })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => (answer.json() as Note).id)).size).toBe(1);
    expect(await countNotes(cookie, projectId)).toBe(1);
  });

  it('a replayed capture returns the first note without a second one', async () => {
    const { cookie } = await signUp(t.app);
    const projectId = await project(cookie);
    const body = { content: 'Captured offline\n\nbody', projectId, clientId: 'capture-replay-1' };
    // Two at once (the AI limit per user), then a late third.
    const answers = await Promise.all(
      [0, 1].map(() => request(t.app, 'POST', '/api/ai/capture', { cookie, body })),
    );
    answers.push(await request(t.app, 'POST', '/api/ai/capture', { cookie, body }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((answer) => (answer.json() as { note: Note }).note.id));
    expect(ids.size).toBe(1);
    expect(await countNotes(cookie, projectId)).toBe(1);
  });

  it('the same clientId from another user is another note (ids are per author)', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const clientId = 'shared-client-id-1';
    const a = await request(t.app, 'POST', '/api/notes', {
      cookie: alice.cookie,
      body: { projectId: await project(alice.cookie), content: 'Alice', clientId },
    });
    const b = await request(t.app, 'POST', '/api/notes', {
      cookie: bob.cookie,
      body: { projectId: await project(bob.cookie), content: 'Bob', clientId },
    });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect((b.json() as Note).id).not.toBe((a.json() as Note).id);
    expect((b.json() as Note).content).toBe('Bob');
  });

  it('refuses malformed client ids', async () => {
    const { cookie } = await signUp(t.app);
    const projectId = await project(cookie);
    for (const clientId of ['short', 'x'.repeat(65), '../../etc', 'with space 123', 42]) {
      const answer = await request(t.app, 'POST', '/api/notes', { cookie, body: { projectId, clientId } });
      expect(answer.statusCode).toBe(400);
    }
    expect(await countNotes(cookie, projectId)).toBe(0);
  });

  it('without a clientId every create is a new note, as before', async () => {
    const { cookie } = await signUp(t.app);
    const projectId = await project(cookie);
    for (let i = 0; i < 2; i += 1) {
      expect((await request(t.app, 'POST', '/api/notes', { cookie, body: { projectId } })).statusCode).toBe(
        201,
      );
    }
    expect(await countNotes(cookie, projectId)).toBe(2);
  });
});
