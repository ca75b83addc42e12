/**
 * Open sockets end when their user loses the right to them, whatever changed it (the admin CLI from
 * another process, a trial running out), and a new socket is refused at once rather than admitted on
 * a session the server still has cached (decision 006: 4401 signed out, 4403 no access).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { deleteUser, setUserDisabled } from '../../src/modules/admin/user-admin';
import { setPlan } from '../../src/modules/profile/set-plan';
import { dialects, request, signUp, startTestApp, type TestApp } from '../helpers';
import {
  SWEEPS_TO_CLOSE,
  SWEEPS_TO_CLOSE_AFTER_GRACE,
  type SweepWatch,
  watchSweeps,
} from '../support/socket-sweeps';
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
  // Sweeps are counted from each change to its socket's close (decision 114), not milliseconds.
  let sweeps: SweepWatch;
  beforeEach(() => {
    sweeps = watchSweeps();
  });
  afterEach(() => sweeps.stop());
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

  // The counts below are upper bounds: a watcher that stopped recognising the guard's sweep would
  // count none and let every one of them pass, so it must see the sweeps of open sockets at all.
  it('the sweep watcher sees the guard sweep open sockets', async () => {
    const started = Date.now();
    await memberOnline();
    await until(() => sweeps.between(started, Date.now()) >= 2, 10_000, 'two sweeps seen');
  });

  it('an account disabled by the admin CLI: both sockets close with 4401 by the next sweep and none reopens', async () => {
    const { member, note, events, collabClosed } = await memberOnline();
    // As `npm run admin -- disable-user` does it, from another process: nothing forgets the cache.
    await setUserDisabled(t.database.db, member.user.id, true);
    const start = Date.now();
    const [eventsClose, collabClose] = await Promise.all([events.closed, collabClosed]);
    expect(eventsClose.code).toBe(4401);
    expect(sweeps.between(start, eventsClose.at), 'sweeps from the change to the close').toBeLessThanOrEqual(
      SWEEPS_TO_CLOSE,
    );
    expect(sweeps.between(start, collabClose.at), 'sweeps from the change to the close').toBeLessThanOrEqual(
      SWEEPS_TO_CLOSE_AFTER_GRACE,
    );

    // The server resolved this cookie moments ago; a new socket still gets nothing.
    const again = await openEvents(host, member.cookie);
    expect(again.ready).toBe(false);
    expect((await again.closed).code).toBe(4401);
    const collab = await reopenCollab(member.cookie, note.id);
    expect(collab.outcome).toBe('refused');
    expect(collab.text).not.toContain('Team text');
  });

  it('an account deleted by the admin CLI: both sockets close with 4401 by the next sweep and none reopens', async () => {
    const { member, note, events, collabClosed } = await memberOnline();
    await deleteUser(t.database.db, member.user.id, t.storage);
    const start = Date.now();
    const [eventsClose, collabClose] = await Promise.all([events.closed, collabClosed]);
    expect(eventsClose.code).toBe(4401);
    expect(sweeps.between(start, eventsClose.at), 'sweeps from the change to the close').toBeLessThanOrEqual(
      SWEEPS_TO_CLOSE,
    );
    expect(sweeps.between(start, collabClose.at), 'sweeps from the change to the close').toBeLessThanOrEqual(
      SWEEPS_TO_CLOSE_AFTER_GRACE,
    );

    const again = await openEvents(host, member.cookie);
    expect(again.ready).toBe(false);
    expect((await again.closed).code).toBe(4401);
    const collab = await reopenCollab(member.cookie, note.id);
    expect(collab.outcome).toBe('refused');
    expect(collab.text).not.toContain('Team text');
  });

  it('a plan set to FREE by the admin CLI: co-editing closes with 4403 by the next sweep and does not reopen; events stay', async () => {
    const { member, note, events, collabClosed } = await memberOnline();
    // `npm run admin -- plan --email E FREE`, from another process.
    expect(await setPlan(t.database.db, { userId: member.user.id }, 'FREE')).toBe(true);
    const start = Date.now();
    const closed = await collabClosed;
    expect(sweeps.between(start, closed.at), 'sweeps from the change to the close').toBeLessThanOrEqual(
      SWEEPS_TO_CLOSE_AFTER_GRACE,
    );
    expect(closed.code).toBe(4403);

    const collab = await reopenCollab(member.cookie, note.id);
    expect(collab.outcome).toBe('refused');
    expect(collab.text).not.toContain('Team text');
    // docs/product.md §4: FREE still reads; its events socket stays and a new one opens.
    expect(events.socket.readyState).toBe(WebSocket.OPEN);
    const again = await openEvents(host, member.cookie);
    expect(again.ready).toBe(true);
  });

  it('a trial that runs out while the note is open closes co-editing by the next sweep after its end', async () => {
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
    expect(sweeps.between(endsAt, closed.at), 'sweeps from the end to the close').toBeLessThanOrEqual(
      SWEEPS_TO_CLOSE_AFTER_GRACE,
    );
    const collab = await reopenCollab(member.cookie, note.id);
    expect(collab.outcome).toBe('refused');
  });
});
