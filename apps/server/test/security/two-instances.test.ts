/**
 * Two instances on one PostgreSQL schema and one Redis prefix, as a deployment behind a load balancer
 * runs them: a limit of N holds for N in total whichever instance each attempt reaches (attempts
 * sent at once, half to each), and a revocation made through one closes sockets held by the other.
 */
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteUser } from '../../src/modules/admin/user-admin';
import { JOIN_LIMITS } from '../../src/modules/projects/sharing/join-guard';
import {
  createTestDatabase,
  request,
  signUp,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../helpers';
import { SWEEPS_TO_CLOSE_AFTER_GRACE, type SweepWatch, watchSweeps } from '../support/socket-sweeps';
import { closeOf, collabClient, endAll, listen, openEvents, until } from './socket-helpers';

// Sign-ups count against the same per-address figure (AUTH_RATE_LIMIT); the tests make 7.
const SIGN_IN_LIMIT = 20;

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'two instances on PostgreSQL and Redis share limits and revocation',
  () => {
    let testDb: TestDatabase;
    let a: TestApp;
    let b: TestApp;
    let hostB: string;

    beforeAll(async () => {
      const redisPrefix = `test-${crypto.randomBytes(4).toString('hex')}:`;
      testDb = await createTestDatabase('postgres');
      const env = {
        DEMO_ACCOUNT: 'false',
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
        AUTH_SECRET: 'x'.repeat(40),
        AUTH_RATE_LIMIT: String(SIGN_IN_LIMIT),
      };
      a = await startTestApp('postgres', env, testDb, { redisPrefix });
      b = await startTestApp('postgres', env, testDb, { redisPrefix });
      await listen(a.app);
      hostB = await listen(b.app);
    });
    afterAll(async () => {
      endAll();
      await a.close();
      await b.close();
      await testDb.destroy();
    });
    // Sweeps are counted from each change to its socket's close (decision 114), not milliseconds.
    let sweeps: SweepWatch;
    beforeEach(() => {
      sweeps = watchSweeps();
    });
    afterEach(() => sweeps.stop());
    afterEach(() => endAll());

    /** One call, alternately through each instance. */
    const through = (i: number) => (i % 2 ? b : a).app;

    it(`sign-in attempts from one address: ${SIGN_IN_LIMIT} a minute across both instances, not each`, async () => {
      const answers = await Promise.all(
        Array.from({ length: SIGN_IN_LIMIT * 2 }, (_, i) =>
          request(through(i), 'POST', '/api/auth/sign-in/email', {
            ip: '198.51.100.20',
            body: { email: `nobody-${i}@example.com`, password: 'wrong-password-1' },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status !== 429)).toHaveLength(SIGN_IN_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(SIGN_IN_LIMIT);
    });

    it(`wrong join codes from one account: ${JOIN_LIMITS.perAccount} across both instances, not each`, async () => {
      const user = await signUp(a.app);
      const answers = await Promise.all(
        Array.from({ length: JOIN_LIMITS.perAccount + 6 }, (_, i) =>
          request(through(i), 'POST', '/api/shared-projects/join', {
            cookie: user.cookie,
            ip: `203.0.113.${i + 1}`,
            body: { code: String(100000 + i) },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 404)).toHaveLength(JOIN_LIMITS.perAccount);
      expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    });

    /** Owner and member through instance A; the member's sockets on instance B. */
    async function memberOnB() {
      const owner = await signUp(a.app);
      const member = await signUp(a.app);
      const project = (
        await request(a.app, 'POST', '/api/shared-projects', { cookie: owner.cookie, body: { name: 'Team' } })
      ).json();
      await request(a.app, 'POST', '/api/shared-projects/join', {
        cookie: member.cookie,
        body: { code: project.code },
      });
      const note = (
        await request(a.app, 'POST', '/api/notes', {
          cookie: owner.cookie,
          body: { projectId: project.id, content: 'Team text' },
        })
      ).json();
      const events = await openEvents(hostB, member.cookie);
      expect(events.ready).toBe(true);
      const client = collabClient(hostB, member.cookie, note.id);
      await client.synced;
      return { owner, member, project, note, events, collabClosed: closeOf(client.firstSocket()) };
    }

    it('a member removed through A: their co-editing socket on B closes by the next sweep and B refuses them again', async () => {
      const { owner, member, project, note, events, collabClosed } = await memberOnB();
      const removed = await request(
        a.app,
        'DELETE',
        `/api/shared-projects/${project.id}/members/${member.user.id}`,
        { cookie: owner.cookie },
      );
      expect(removed.statusCode).toBe(204);
      const start = Date.now();
      const closed = await collabClosed;
      expect(sweeps.between(start, closed.at), 'sweeps from the change to the close').toBeLessThanOrEqual(
        SWEEPS_TO_CLOSE_AFTER_GRACE,
      );
      expect(closed.code).toBe(4403);
      // Still signed in: the events socket stays.
      expect(events.socket.readyState).toBe(events.socket.OPEN);
      const again = collabClient(hostB, member.cookie, note.id);
      await until(() => again.failure() !== null, 3000, 'refused on B');
      expect(again.text()).not.toContain('Team text');
    });

    it('signing out through A closes the session’s sockets on B with 4401 by the next sweep', async () => {
      const { member, events, collabClosed } = await memberOnB();
      const signedOut = await request(a.app, 'POST', '/api/auth/sign-out', { cookie: member.cookie });
      expect(signedOut.statusCode).toBe(200);
      const start = Date.now();
      const [eventsClose, collabClose] = await Promise.all([events.closed, collabClosed]);
      expect(eventsClose.code).toBe(4401);
      expect(
        sweeps.between(start, Math.max(eventsClose.at, collabClose.at)),
        'sweeps from the change to the close',
      ).toBeLessThanOrEqual(SWEEPS_TO_CLOSE_AFTER_GRACE);
      const again = await openEvents(hostB, member.cookie);
      expect(again.ready).toBe(false);
    });

    it('an account deleted through A’s database closes its sockets on B with 4401 by the next sweep', async () => {
      const { member, events, collabClosed } = await memberOnB();
      await deleteUser(a.database.db, member.user.id, a.storage);
      const start = Date.now();
      const [eventsClose, collabClose] = await Promise.all([events.closed, collabClosed]);
      expect(eventsClose.code).toBe(4401);
      expect(
        sweeps.between(start, Math.max(eventsClose.at, collabClose.at)),
        'sweeps from the change to the close',
      ).toBeLessThanOrEqual(SWEEPS_TO_CLOSE_AFTER_GRACE);
      const again = await openEvents(hostB, member.cookie);
      expect(again.ready).toBe(false);
      expect((await again.closed).code).toBe(4401);
    });
  },
);
