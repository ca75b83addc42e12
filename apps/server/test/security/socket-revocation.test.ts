/**
 * Open sockets end when their user loses the right to them, whatever changed it (the admin CLI from
 * another process, a trial running out), and a new socket is refused at once rather than admitted on
 * a session the server still has cached (decision 006: 4401 signed out, 4403 no access).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { deleteUser, setUserDisabled } from '../../src/modules/admin/user-admin';
import { setPlan } from '../../src/modules/profile/set-plan';
import { dialects, request, signUp, startTestApp, type TestApp } from '../helpers';
import { closeOf, collabClient, endAll, listen, openEvents, until } from './socket-helpers';

describe.each(dialects)('sockets end with the user’s rights on %s', (dialect) => {
  let t: TestApp;
  let host: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    host = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });
  afterEach(async () => {
    endAll();
    await until(() => t.app.websocketServer.clients.size === 0, 5000, 'all sockets closed');
  });

  /** An owner, a member with an events socket and a synced co-editing client on a shared note. */
  async function memberOnline() {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const project = (
      await request(t.app, 'POST', '/api/shared-projects', { cookie: owner.cookie, body: { name: 'Team' } })
    ).json();
    await request(t.app, 'POST', '/api/shared-projects/join', {
      cookie: member.cookie,
      body: { code: project.code },
    });
    const note = (
      await request(t.app, 'POST', '/api/notes', {
        cookie: owner.cookie,
        body: { projectId: project.id, content: 'Team text' },
      })
    ).json();
    const events = await openEvents(host, member.cookie);
    expect(events.ready).toBe(true);
    const client = collabClient(host, member.cookie, note.id);
    await client.synced;
    return { owner, member, note, events, client, collabClosed: closeOf(client.firstSocket()) };
  }

  /** A fresh co-editing client: refused without a byte of the note, or synced. */
  async function reopenCollab(cookie: string, noteId: string) {
    const client = collabClient(host, cookie, noteId);
    const outcome = await Promise.race([
      client.synced.then(() => 'synced'),
      until(() => client.failure() !== null || client.closes.length > 0, 3000, 'refusal').then(
        () => 'refused',
      ),
    ]);
    client.destroy();
    return { outcome, text: client.text(), closes: client.closes };
  }

  it('an account disabled by the admin CLI: both sockets close with 4401 within 1 s and none reopens', async () => {
    const { member, note, events, collabClosed } = await memberOnline();
    // As `npm run admin -- disable-user` does it, from another process: nothing forgets the cache.
    await setUserDisabled(t.database.db, member.user.id, true);
    const start = Date.now();
    const [eventsClose, collabClose] = await Promise.all([events.closed, collabClosed]);
    expect(eventsClose.code).toBe(4401);
    expect(eventsClose.at - start).toBeLessThan(1000);
    expect(collabClose.at - start).toBeLessThan(1000);

    // The server resolved this cookie moments ago; a new socket still gets nothing.
    const again = await openEvents(host, member.cookie);
    expect(again.ready).toBe(false);
    expect((await again.closed).code).toBe(4401);
    const collab = await reopenCollab(member.cookie, note.id);
    expect(collab.outcome).toBe('refused');
    expect(collab.text).not.toContain('Team text');
  });

  it('an account deleted by the admin CLI: both sockets close with 4401 within 1 s and none reopens', async () => {
    const { member, note, events, collabClosed } = await memberOnline();
    await deleteUser(t.database.db, member.user.id, t.storage);
    const start = Date.now();
    const [eventsClose, collabClose] = await Promise.all([events.closed, collabClosed]);
    expect(eventsClose.code).toBe(4401);
    expect(eventsClose.at - start).toBeLessThan(1000);
    expect(collabClose.at - start).toBeLessThan(1000);

    const again = await openEvents(host, member.cookie);
    expect(again.ready).toBe(false);
    expect((await again.closed).code).toBe(4401);
    const collab = await reopenCollab(member.cookie, note.id);
    expect(collab.outcome).toBe('refused');
    expect(collab.text).not.toContain('Team text');
  });

  it('a plan set to FREE by the admin CLI: co-editing closes with 4403 within 1 s and does not reopen; events stay', async () => {
    const { member, note, events, collabClosed } = await memberOnline();
    // `npm run admin -- plan --email E FREE`, from another process.
    expect(await setPlan(t.database.db, { userId: member.user.id }, 'FREE')).toBe(true);
    const start = Date.now();
    const closed = await collabClosed;
    expect(closed.at - start).toBeLessThan(1000);
    expect(closed.code).toBe(4403);

    const collab = await reopenCollab(member.cookie, note.id);
    expect(collab.outcome).toBe('refused');
    expect(collab.text).not.toContain('Team text');
    // docs/product.md §4: FREE still reads; its events socket stays and a new one opens.
    expect(events.socket.readyState).toBe(WebSocket.OPEN);
    const again = await openEvents(host, member.cookie);
    expect(again.ready).toBe(true);
  });

  it('a trial that runs out while the note is open closes co-editing within 1 s of its end', async () => {
    const { member, note, collabClosed } = await memberOnline();
    const endsAt = Date.now() + 1500;
    // Nothing writes at the moment of expiry: the clock alone takes the access away.
    await t.database.db
      .updateTable('users')
      .set({ plan: 'PRO', plan_expires_at: new Date(endsAt).toISOString() })
      .where('id', '=', member.user.id)
      .execute();
    const closed = await collabClosed;
    expect(closed.code).toBe(4403);
    expect(closed.at).toBeGreaterThanOrEqual(endsAt - 50);
    expect(closed.at - endsAt).toBeLessThan(1000);
    const collab = await reopenCollab(member.cookie, note.id);
    expect(collab.outcome).toBe('refused');
  });
});
