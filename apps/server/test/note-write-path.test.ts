import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../src/db/time';
import type { BusEvent } from '../src/events/event-bus';
import { dialects, request, signUp, startTestApp, TEST_ORIGIN, type TestApp } from './helpers';
import { collabClient, typeParagraph, until } from './support/collab-client';

const LONG_AGO = '2001-01-01T00:00:00.000Z';

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function multipart(fileName: string, text: string) {
  const boundary = `----notewise${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/markdown\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * One note-write path (decision 050): whatever writes a note (REST, offline replay, capture, import,
 * voice, co-editing, restore, move), its project's `updated_at` moves to the write's time and exactly
 * one note event is published for it.
 */
describe.each(dialects)('every source of a note write on %s', (dialect) => {
  let t: TestApp;
  let host: string;
  let published: BusEvent[] = [];
  let stop: () => void;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    stop = t.bus.subscribe((message) => published.push(message));
  });
  afterAll(async () => {
    stop();
    await t.close();
    await t.testDb.destroy();
  });

  async function account() {
    const signed = await signUp(t.app);
    const as = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: signed.cookie, ...(body !== undefined ? { body } : {}) });
    return { ...signed, as };
  }

  async function projectUpdatedAt(projectId: string): Promise<string> {
    const row = await t.database.db
      .selectFrom('projects')
      .select('updated_at')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    return toIso(row.updated_at);
  }

  /**
   * Runs `write` with the projects dated long ago and nothing published, and returns the note events
   * it published: awaited until `expected` have arrived (some are published just after the write
   * commits, the co-editing store's for one), then 50 ms for any extra one to show.
   */
  async function observe(projectIds: string[], write: () => Promise<unknown>, expected = 1) {
    if (projectIds.length > 0) {
      await t.database.db
        .updateTable('projects')
        .set({ updated_at: LONG_AGO })
        .where('id', 'in', projectIds)
        .execute();
    }
    published = [];
    await write();
    const noteEvents = () =>
      published.filter((message) => message.event.type.startsWith('note.')).map((message) => message.event);
    // Waited for, not slept for (decision 114): 50 ms alone missed a late event on a loaded machine.
    await until(() => noteEvents().length >= expected, 15_000, `${expected} note events`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return noteEvents();
  }

  async function expectBumpedTo(projectId: string, noteId: string) {
    const note = (
      await t.database.db
        .selectFrom('notes')
        .select('updated_at')
        .where('id', '=', noteId)
        .executeTakeFirstOrThrow()
    ).updated_at;
    expect(await projectUpdatedAt(projectId)).toBe(toIso(note));
  }

  it('REST create, its offline replay, edit, rename and restore', async () => {
    const a = await account();
    const project = (await a.as('POST', '/api/projects', { name: 'Work' })).json();
    let noteId = '';
    let events = await observe([project.id], async () => {
      const created = await a.as('POST', '/api/notes', {
        projectId: project.id,
        content: 'one',
        clientId: 'client-1234',
      });
      noteId = created.json().id;
    });
    expect(events).toEqual([expect.objectContaining({ type: 'note.created', noteId })]);
    await expectBumpedTo(project.id, noteId);

    // The offline queue sends the same create again: the first note, no event, nothing written.
    events = await observe(
      [project.id],
      () => a.as('POST', '/api/notes', { projectId: project.id, content: 'one', clientId: 'client-1234' }),
      0,
    );
    expect(events).toEqual([]);
    expect(await projectUpdatedAt(project.id)).toBe(LONG_AGO);

    events = await observe([project.id], () =>
      a.as('PATCH', `/api/notes/${noteId}`, { content: 'two', version: 1 }),
    );
    expect(events).toEqual([expect.objectContaining({ type: 'note.updated', noteId, source: 'rest' })]);
    await expectBumpedTo(project.id, noteId);

    events = await observe([project.id], () => a.as('PATCH', `/api/notes/${noteId}`, { title: 'Renamed' }));
    expect(events).toEqual([expect.objectContaining({ type: 'note.updated', noteId })]);
    await expectBumpedTo(project.id, noteId);

    const versions = (await a.as('GET', `/api/notes/${noteId}/versions`)).json().versions;
    const first = versions.at(-1);
    events = await observe([project.id], () =>
      a.as('POST', `/api/notes/${noteId}/versions/${first.id}/restore`),
    );
    expect(events).toEqual([expect.objectContaining({ type: 'note.updated', noteId, source: 'rest' })]);
    await expectBumpedTo(project.id, noteId);
  });

  it('a move bumps both projects and is one event', async () => {
    const a = await account();
    const from = (await a.as('POST', '/api/projects', { name: 'From' })).json();
    const to = (await a.as('POST', '/api/projects', { name: 'To' })).json();
    const note = (await a.as('POST', '/api/notes', { projectId: from.id, content: 'x' })).json();
    const events = await observe([from.id, to.id], () =>
      a.as('POST', `/api/notes/${note.id}/move`, { projectId: to.id }),
    );
    expect(events).toEqual([
      expect.objectContaining({
        type: 'note.updated',
        noteId: note.id,
        fromProjectId: from.id,
        projectId: to.id,
      }),
    ]);
    expect(await projectUpdatedAt(from.id)).not.toBe(LONG_AGO);
    expect(await projectUpdatedAt(to.id)).toBe(await projectUpdatedAt(from.id));
  });

  it('AI capture and voice save create through the same path', async () => {
    const a = await account();
    let captured = '';
    const inboxBefore = (await a.as('GET', '/api/projects')).json();
    const projectIds = (inboxBefore.projects ?? []).map((p: { id: string }) => p.id);
    let events = await observe(projectIds, async () => {
      const response = await a.as('POST', '/api/ai/capture', { content: 'Buy milk and eggs tomorrow.' });
      expect(response.statusCode, response.body).toBe(201);
      captured = response.json().note?.id ?? response.json().id;
    });
    expect(events).toEqual([expect.objectContaining({ type: 'note.created', noteId: captured })]);
    const capturedNote = (await a.as('GET', `/api/notes/${captured}`)).json();
    await expectBumpedTo(capturedNote.projectId, captured);

    const call = (await a.as('POST', '/api/voice/calls', { mode: 'browser' })).json().call;
    expect(
      (
        await a.as('POST', `/api/voice/calls/${call.id}/turns`, {
          speaker: 'user',
          text: 'We agreed to ship.',
          offsetMs: 0,
        })
      ).statusCode,
    ).toBe(201);
    const inbox = capturedNote.projectId;
    let saved = '';
    events = await observe([inbox], async () => {
      const response = await a.as('POST', `/api/voice/calls/${call.id}/save`, {
        title: 'Call',
        projectId: inbox,
      });
      expect(response.statusCode, response.body).toBe(201);
      saved = response.json().note?.id ?? response.json().noteId;
    });
    expect(events).toEqual([expect.objectContaining({ type: 'note.created', noteId: saved })]);
    await expectBumpedTo(inbox, saved);
  });

  it('an import creates each note through the same path, one event each', async () => {
    const a = await account();
    const project = (await a.as('POST', '/api/projects', { name: 'Imported' })).json();
    const body = multipart('plan.md', '# Plan\n\nFirst step.');
    const events = await observe([project.id], async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/import?projectId=${project.id}`,
        headers: {
          host: 'localhost:3000',
          origin: TEST_ORIGIN,
          cookie: a.cookie,
          'content-type': body.contentType,
        },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'note.created', projectId: project.id });
    await expectBumpedTo(project.id, (events[0] as { noteId: string }).noteId);
  });

  it('the co-editing store writes like REST: project bumped, one event', async () => {
    const a = await account();
    const project = (await a.as('POST', '/api/shared-projects', { name: 'Team' })).json();
    const note = (await a.as('POST', '/api/notes', { projectId: project.id, content: 'Agenda' })).json();
    const client = collabClient(host, a.cookie, note.id);
    try {
      await client.synced;
      const events = await observe([project.id], async () => {
        typeParagraph(client.doc, 'typed together');
        await until(async () => {
          const row = await t.database.db
            .selectFrom('notes')
            .select('content')
            .where('id', '=', note.id)
            .executeTakeFirst();
          return row?.content.includes('typed together') ?? false;
        }, 15_000);
      });
      expect(events).toEqual([expect.objectContaining({ type: 'note.updated', noteId: note.id })]);
      await expectBumpedTo(project.id, note.id);
    } finally {
      client.destroy();
    }
  });
});
