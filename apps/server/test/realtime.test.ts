import type { ChangeEvent, RealtimeEvent } from '@notewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Outbox } from '../src/realtime/events-socket';
import { dialects, request, signUp, type TestApp } from './helpers';
import { collabClient, typeParagraph, until } from './support/collab-client';
import { sharedProject, startListening, stopApp, withTwoInstances } from './support/suite-app';

/** Opens /api/events as a browser would and collects what arrives. */
async function openEvents(host: string, cookie: string) {
  const events: ChangeEvent[] = [];
  const socket = new WebSocket(`ws://${host}/api/events`, { headers: { cookie, origin: `http://${host}` } });
  await new Promise<void>((resolve, reject) => {
    socket.once('message', () => resolve());
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`closed ${code}`)));
  });
  socket.on('message', (data) => events.push(JSON.parse(String(data)) as ChangeEvent));
  /**
   * The first event matching `predicate`, as it arrives (decision 114: no duration is asserted; the
   * server has no slower path that could deliver an event late, so its arrival is the behaviour).
   * The time-out only turns a missing event into a readable failure.
   */
  const waitFor = (predicate: (event: ChangeEvent) => boolean, timeoutMs = 15_000) =>
    new Promise<{ event: ChangeEvent }>((resolve, reject) => {
      const found = events.find(predicate);
      if (found) return resolve({ event: found });
      const timer = setTimeout(() => {
        socket.off('message', onMessage);
        reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      const onMessage = () => {
        const match = events.find(predicate);
        if (!match) return;
        clearTimeout(timer);
        socket.off('message', onMessage);
        resolve({ event: match });
      };
      socket.on('message', onMessage);
    });
  return { socket, events, waitFor };
}

describe('event outbox', () => {
  it('coalesces repeats, sends at most 10 a second, and turns a flood into one resync', () => {
    const sent: RealtimeEvent[] = [];
    const outbox = new Outbox((event) => sent.push(event));
    const t0 = 1_000_000;
    outbox.flush(t0);
    for (let i = 0; i < 5; i++) outbox.push({ type: 'note.updated', noteId: 'same' });
    outbox.flush(t0 + 100);
    expect(sent).toEqual([{ type: 'note.updated', noteId: 'same' }]);

    for (let i = 0; i < 25; i++) outbox.push({ type: 'note.created', noteId: `n${i}` });
    outbox.flush(t0 + 200);
    expect(sent.at(-1)).toEqual({ type: 'resync' });

    sent.length = 0;
    for (let second = 0; second < 3; second++) {
      for (let i = 0; i < 8; i++) outbox.push({ type: 'note.created', noteId: `s${second}-${i}` });
      for (let tick = 1; tick <= 10; tick++) outbox.flush(t0 + 1000 + second * 1000 + tick * 100);
    }
    expect(sent.length).toBe(24);
  });
});

describe.each(dialects)('live updates on %s', (dialect) => {
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    ({ t, host } = await startListening(dialect));
  });
  afterAll(() => stopApp(t));

  it('a second session and a second member see a note created, renamed, moved and deleted', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const project = await sharedProject(t, owner, [member], 'Live');
    const stranger = await signUp(t.app);

    const ownerTab2 = await openEvents(host, owner.cookie);
    const memberTab = await openEvents(host, member.cookie);
    const strangerTab = await openEvents(host, stranger.cookie);

    const note = (
      await request(t.app, 'POST', '/api/notes', {
        cookie: owner.cookie,
        body: { projectId: project.id, title: 'Hello' },
      })
    ).json();
    await memberTab.waitFor((e) => e.type === 'note.created' && e.noteId === note.id);
    await ownerTab2.waitFor((e) => e.type === 'note.created' && e.noteId === note.id);

    await request(t.app, 'PATCH', `/api/notes/${note.id}`, {
      cookie: member.cookie,
      body: { title: 'Renamed' },
    });
    await ownerTab2.waitFor((e) => e.type === 'note.updated' && e.noteId === note.id);

    const personal = (
      await request(t.app, 'POST', '/api/projects', { cookie: owner.cookie, body: { name: 'Mine' } })
    ).json();
    await request(t.app, 'POST', `/api/notes/${note.id}/move`, {
      cookie: owner.cookie,
      body: { projectId: personal.id },
    });
    const moved = await memberTab.waitFor((e) => e.type === 'note.updated' && e.fromProjectId === project.id);
    expect(moved.event.projectId).toBe(personal.id);

    await request(t.app, 'DELETE', `/api/notes/${note.id}`, { cookie: owner.cookie });
    await ownerTab2.waitFor((e) => e.type === 'note.deleted' && e.noteId === note.id);

    await request(
      t.app,
      'PUT',
      `/api/notes/${(await request(t.app, 'POST', '/api/notes', { cookie: owner.cookie, body: { projectId: personal.id } })).json().id}/pin`,
      { cookie: owner.cookie },
    );
    await ownerTab2.waitFor((e) => e.type === 'pin.changed');
    expect(memberTab.events.some((e) => e.type === 'pin.changed')).toBe(false);
    expect(strangerTab.events.filter((e) => e.type !== ('ready' as ChangeEvent['type']))).toEqual([]);

    for (const tab of [ownerTab2, memberTab, strangerTab]) tab.socket.close();
  });

  it('refuses a socket without a session or from another origin', async () => {
    const anonymous = new WebSocket(`ws://${host}/api/events`);
    const code = await new Promise<number>((resolve) => anonymous.on('close', (c) => resolve(c)));
    expect(code).toBe(4401);
    const user = await signUp(t.app);
    const foreign = new WebSocket(`ws://${host}/api/events`, {
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
    });
    expect(await new Promise<number>((resolve) => foreign.on('close', (c) => resolve(c)))).toBe(4401);
  });
});

describe.each(dialects)('co-editing on %s', (dialect) => {
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    ({ t, host } = await startListening(dialect));
  });
  afterAll(() => stopApp(t));

  it('two members edit one shared note at once; both see both texts and it is stored as Markdown', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const project = await sharedProject(t, owner, [member], 'Co');
    const note = (
      await request(t.app, 'POST', '/api/notes', {
        cookie: owner.cookie,
        body: { projectId: project.id, content: 'Start **here**' },
      })
    ).json();

    const a = collabClient(host, owner.cookie, note.id);
    const b = collabClient(host, member.cookie, note.id);
    await Promise.all([a.synced, b.synced]);
    expect(a.text()).toContain('here');

    typeParagraph(a.doc, 'from owner');
    typeParagraph(b.doc, 'from member');
    await until(() => a.text().includes('from member') && b.text().includes('from owner'));
    expect(a.text()).toBe(b.text());

    a.destroy();
    b.destroy();
    // Stored (debounced) and mirrored to Markdown for search and previews.
    let stored = '';
    await until(() => {
      void request(t.app, 'GET', `/api/notes/${note.id}`, { cookie: member.cookie }).then((r) => {
        stored = r.json().content;
      });
      return stored.includes('from owner') && stored.includes('from member');
    }, 8000);
    expect(stored).toContain('Start **here**');
  });

  it('refuses a non-member before any sync, and personal notes are not co-edited', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const project = await sharedProject(t, owner, [], 'Closed');
    const note = (
      await request(t.app, 'POST', '/api/notes', {
        cookie: owner.cookie,
        body: { projectId: project.id, content: 'secret text' },
      })
    ).json();
    const intruder = collabClient(host, stranger.cookie, note.id);
    await until(() => intruder.failure() !== null);
    expect(intruder.text()).toBe('');
    intruder.destroy();

    const personal = (
      await request(t.app, 'POST', '/api/projects', { cookie: owner.cookie, body: { name: 'Private' } })
    ).json();
    const privateNote = (
      await request(t.app, 'POST', '/api/notes', { cookie: owner.cookie, body: { projectId: personal.id } })
    ).json();
    const self = collabClient(host, owner.cookie, privateNote.id);
    await until(() => self.failure() !== null);
    self.destroy();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'two server instances on PostgreSQL and Redis',
  () => {
    it('each sees the other instance’s note creation live, and co-editing crosses instances', async () => {
      await withTwoInstances(async (one, two, hosts) => {
        const { one: hostOne, two: hostTwo } = hosts;
        const owner = await signUp(one.app);
        const member = await signUp(two.app);
        const project = (
          await request(one.app, 'POST', '/api/shared-projects', {
            cookie: owner.cookie,
            body: { name: 'Scale' },
          })
        ).json();
        await request(two.app, 'POST', '/api/shared-projects/join', {
          cookie: member.cookie,
          body: { code: project.code },
        });

        const onTwo = await openEvents(hostTwo, member.cookie);
        const onOne = await openEvents(hostOne, owner.cookie);
        const fromOne = (
          await request(one.app, 'POST', '/api/notes', {
            cookie: owner.cookie,
            body: { projectId: project.id },
          })
        ).json();
        await onTwo.waitFor((e) => e.type === 'note.created' && e.noteId === fromOne.id);
        const fromTwo = (
          await request(two.app, 'POST', '/api/notes', {
            cookie: member.cookie,
            body: { projectId: project.id },
          })
        ).json();
        await onOne.waitFor((e) => e.type === 'note.created' && e.noteId === fromTwo.id);
        onOne.socket.close();
        onTwo.socket.close();

        const a = collabClient(hostOne, owner.cookie, fromOne.id);
        const b = collabClient(hostTwo, member.cookie, fromOne.id);
        await Promise.all([a.synced, b.synced]);
        typeParagraph(a.doc, 'typed on one');
        typeParagraph(b.doc, 'typed on two');
        await until(() => a.text().includes('typed on two') && b.text().includes('typed on one'), 5000);
        a.destroy();
        b.destroy();
      });
    }, 30_000);
  },
);
