import crypto from 'node:crypto';
import { JOIN_MESSAGES, MESSAGES } from '@notewise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_ACCOUNT_LIMITS, SIGN_IN_LOCK_RULE, signInDelayMs } from '../../src/modules/auth/auth-limits';
import { JOIN_LIMITS } from '../../src/modules/projects/sharing/join-guard';
import { createDatabaseRateLimitStore } from '../../src/rate-limit/database-store';
import { createRedisRateLimitStore } from '../../src/rate-limit/redis-store';
import type { RateLimitStore } from '../../src/rate-limit/store';
import {
  createTestDatabase,
  dialects,
  request,
  signUp,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../helpers';
import { loadFactor } from '../support/process-start';

/**
 * Forged proxy headers, sign-in per account, sign-up
 * per IP, join limits without a global budget, limits shared through Redis and kept across restarts.
 */

const PROXY = '127.0.0.1';
const WRONG = 'not-the-password';

function expectTooMany(response: LightMyRequestResponse, message: string = MESSAGES.tooManyRequests) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: { code: 'RATE_LIMITED', message } });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  return retryAfter;
}

async function withApp(
  dialect: (typeof dialects)[number],
  env: Record<string, string>,
  run: (t: TestApp) => Promise<void>,
) {
  const t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false', ...env });
  try {
    await run(t);
  } finally {
    await t.close();
    await t.testDb.destroy();
  }
}

const signIn = (
  t: TestApp,
  email: string,
  password: string,
  ip: string,
  headers: Record<string, string> = {},
) => request(t.app, 'POST', '/api/auth/sign-in/email', { ip, headers, body: { email, password } });

describe.each(dialects)('proxy trust and forged X-Forwarded-For on %s', (dialect) => {
  for (const trustProxy of ['1', PROXY]) {
    it(`TRUST_PROXY=${trustProxy}: a rotating forged X-Forwarded-For does not escape the per-IP sign-in limit`, async () => {
      await withApp(dialect, { TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT: '3' }, async (t) => {
        const real = '203.0.113.7';
        // nginx's $proxy_add_x_forwarded_for appends the real client to whatever the client sent.
        const viaProxy = (forged: string) =>
          signIn(t, uniqueEmail('nobody'), WRONG, PROXY, { 'x-forwarded-for': `${forged}, ${real}` });
        for (let i = 0; i < 3; i++) expect((await viaProxy(`198.51.100.${i}`)).statusCode).toBe(401);
        expectTooMany(await viaProxy('198.51.100.99'));
        expectTooMany(await viaProxy('10.0.0.1, 192.0.2.1'));
        // A proxy that replaces the header with the real client is read the same way.
        expectTooMany(await signIn(t, uniqueEmail('nobody'), WRONG, PROXY, { 'x-forwarded-for': real }));
        // Another real client behind the same proxy has its own budget.
        const other = await signIn(t, uniqueEmail('nobody'), WRONG, PROXY, {
          'x-forwarded-for': '198.51.100.99, 203.0.113.8',
        });
        expect(other.statusCode).toBe(401);
      });
    });
  }

  it('TRUST_PROXY as an address list ignores X-Forwarded-For from any other peer', async () => {
    await withApp(dialect, { TRUST_PROXY: '10.0.0.0/8,127.0.0.1', AUTH_RATE_LIMIT: '3' }, async (t) => {
      const direct = (forged: string) =>
        signIn(t, uniqueEmail('nobody'), WRONG, '198.51.100.50', { 'x-forwarded-for': forged });
      for (let i = 0; i < 3; i++) expect((await direct(`192.0.2.${i}`)).statusCode).toBe(401);
      expectTooMany(await direct('192.0.2.200'));
    });
  });

  it('without TRUST_PROXY the header is ignored: the socket address is the client', async () => {
    await withApp(dialect, { AUTH_RATE_LIMIT: '3' }, async (t) => {
      const attempt = (forged: string) =>
        request(t.app, 'POST', '/api/auth/sign-up/email', {
          ip: '198.51.100.60',
          headers: { 'x-forwarded-for': forged },
          body: { name: 'Spam', email: uniqueEmail('spam'), password: 'correct-horse-battery' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(`192.0.2.${i}`)).statusCode).toBe(200);
      expectTooMany(await attempt('192.0.2.77'));
    });
  });
});

describe.each(dialects)('sign-in and sign-up limits on %s', (dialect) => {
  it('limits sign-in per account across many IPs, with a growing delay that a success clears', async () => {
    await withApp(dialect, {}, async (t) => {
      const { email, password } = await signUp(t.app);
      let ip = 0;
      const fromNewIp = (pass: string, asEmail = email) => signIn(t, asEmail, pass, `10.70.0.${++ip}`);
      const { freeFailures } = SIGN_IN_ACCOUNT_LIMITS;
      for (let i = 0; i < freeFailures; i++) expect((await fromNewIp(WRONG)).statusCode).toBe(401);
      // The next attempt is checked, and starts the first lock.
      expect((await fromNewIp(WRONG)).statusCode).toBe(401);
      // While it stands, even the right password from yet another address is refused unchecked.
      const first = expectTooMany(await fromNewIp(password, email.toUpperCase()));
      expect(first).toBeLessThanOrEqual(signInDelayMs(freeFailures + 1) / 1000);

      // The lock runs out (fast-forwarded here): one more wrong attempt, and the next lock is longer.
      await t.rateLimiter.reset({ name: SIGN_IN_LOCK_RULE }, email);
      expect((await fromNewIp(WRONG)).statusCode).toBe(401);
      const second = expectTooMany(await fromNewIp(WRONG));
      expect(second).toBeGreaterThan(signInDelayMs(freeFailures + 1) / 1000);
      expect(second).toBeLessThanOrEqual(signInDelayMs(freeFailures + 2) / 1000);

      // After the lock, the right password signs in and clears the account's record.
      await t.rateLimiter.reset({ name: SIGN_IN_LOCK_RULE }, email);
      expect((await fromNewIp(password)).statusCode).toBe(200);
      for (let i = 0; i < freeFailures; i++) expect((await fromNewIp(WRONG)).statusCode).toBe(401);
      expect((await fromNewIp(password)).statusCode).toBe(200);
    });
  });

  it('password resets: at most 3 emails an hour to one address from any number of IPs, and a per-IP limit', async () => {
    await withApp(dialect, { AUTH_RATE_LIMIT: '5' }, async (t) => {
      const { email } = await signUp(t.app);
      const ask = (address: string, ip: string) =>
        request(t.app, 'POST', '/api/auth/request-password-reset', { ip, body: { email: address } });
      for (let i = 1; i <= 3; i += 1) expect((await ask(email, `198.51.100.${i}`)).statusCode).not.toBe(429);
      expectTooMany(await ask(email, '198.51.100.9'));
      expectTooMany(await ask(email.toUpperCase(), '198.51.100.10'));
      // One address asking for many inboxes is stopped by its own limit.
      for (let i = 0; i < 5; i += 1)
        expect((await ask(uniqueEmail(), '203.0.113.7')).statusCode).not.toBe(429);
      expectTooMany(await ask(uniqueEmail(), '203.0.113.7'));
    });
  });

  it('no spelling of the sign-in path gets around a standing lock', async () => {
    await withApp(dialect, {}, async (t) => {
      const { email, password } = await signUp(t.app);
      for (let i = 0; i <= SIGN_IN_ACCOUNT_LIMITS.freeFailures; i++) {
        expect((await signIn(t, email, WRONG, `10.75.0.${i + 1}`)).statusCode).toBe(401);
      }
      for (const url of [
        '/api/auth/sign-%69n/email',
        '/api/auth/sign-in/email/',
        '/api/auth/SIGN-IN/email',
      ]) {
        const response = await request(t.app, 'POST', url, { ip: '10.75.1.1', body: { email, password } });
        expect([404, 429]).toContain(response.statusCode);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    });
  });

  it('the demo account, whose password is published, cannot be locked by strangers', async () => {
    await withApp(dialect, { DEMO_ACCOUNT: 'true' }, async (t) => {
      const demo = (await request(t.app, 'GET', '/api/demo')).json();
      expect(demo.available).toBe(true);
      for (let i = 0; i < SIGN_IN_ACCOUNT_LIMITS.freeFailures + 3; i++) {
        expect((await signIn(t, demo.email, WRONG, `10.76.0.${i + 1}`)).statusCode).toBe(401);
      }
      expect((await signIn(t, demo.email, demo.password, '10.76.1.1')).statusCode).toBe(200);
    });
  });

  it('a parallel burst on one account gets no more than the free attempts and one more checked', async () => {
    await withApp(dialect, {}, async (t) => {
      const { email } = await signUp(t.app);
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signIn(t, email, WRONG, `10.71.0.${i + 1}`)),
      );
      const checked = burst.filter((response) => response.statusCode === 401).length;
      expect(checked).toBe(SIGN_IN_ACCOUNT_LIMITS.freeFailures + 1);
      expect(burst.filter((response) => response.statusCode === 429)).toHaveLength(20 - checked);
    });
  });

  it('limits sign-up per IP (AUTH_RATE_LIMIT per minute) with Retry-After', async () => {
    await withApp(dialect, { AUTH_RATE_LIMIT: '3' }, async (t) => {
      const attempt = (ip: string) =>
        request(t.app, 'POST', '/api/auth/sign-up/email', {
          ip,
          body: { name: 'Spam', email: uniqueEmail('spam'), password: 'correct-horse-battery' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt('10.72.0.1')).statusCode).toBe(200);
      expect(expectTooMany(await attempt('10.72.0.1'))).toBeLessThanOrEqual(60);
      expect((await attempt('10.72.0.2')).statusCode).toBe(200);
    });
  });

  it('limits survive a restart on the database store', async () => {
    let t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false', AUTH_RATE_LIMIT: '2' });
    try {
      expect(t.rateLimiter.store.kind).toBe('database');
      const { email } = await signUp(t.app);
      const signUpFrom = () =>
        request(t.app, 'POST', '/api/auth/sign-up/email', {
          ip: '10.73.0.1',
          body: { name: 'Spam', email: uniqueEmail('spam'), password: 'correct-horse-battery' },
        });
      expect((await signUpFrom()).statusCode).toBe(200);
      expect((await signUpFrom()).statusCode).toBe(200);
      expectTooMany(await signUpFrom());
      for (let i = 0; i <= SIGN_IN_ACCOUNT_LIMITS.freeFailures; i++) {
        expect((await signIn(t, email, WRONG, `10.74.0.${i + 1}`)).statusCode).toBe(401);
      }

      await t.close();
      t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false', AUTH_RATE_LIMIT: '2' }, t.testDb);
      expectTooMany(await signUpFrom());
      expectTooMany(await signIn(t, email, WRONG, '10.74.1.1'));
    } finally {
      await t.close();
      await t.testDb.destroy();
    }
  });
});

describe.each(dialects)('join-by-code limits on %s', (dialect) => {
  it('no global budget: failures spread over many accounts and addresses (one of them the office NAT) lock out only the spent address, not someone elsewhere with the right code', async () => {
    await withApp(dialect, {}, async (t) => {
      const owner = await signUp(t.app);
      const project = (
        await request(t.app, 'POST', '/api/shared-projects', {
          cookie: owner.cookie,
          body: { name: 'Vault' },
        })
      ).json();
      const office = '10.80.0.1';
      let guess = 0;
      const wrong = () => String((Number(project.code) + 1 + guess++) % 1_000_000).padStart(6, '0');
      // 21 accounts x 10 failures = 210 failed joins, more than the old global budget of 200; the
      // first two fail from the office address and use up its budget too.
      const attackers = await Promise.all(Array.from({ length: 21 }, () => signUp(t.app)));
      await Promise.all(
        attackers.map(async (attacker, a) => {
          const ip = a < 2 ? office : `10.81.0.${a}`;
          const codes = Array.from({ length: JOIN_LIMITS.perAccount }, wrong);
          for (const code of codes) {
            const response = await request(t.app, 'POST', '/api/shared-projects/join', {
              cookie: attacker.cookie,
              ip,
              body: { code },
            });
            expect(response.statusCode).toBe(404);
          }
          expectTooMany(
            await request(t.app, 'POST', '/api/shared-projects/join', {
              cookie: attacker.cookie,
              ip: `10.82.0.${a}`,
              body: { code: project.code },
            }),
            JOIN_MESSAGES.tooManyAttempts,
          );
        }),
      );
      // The office address spent its budget: a fresh account there waits too (decision 041).
      const colleague = await signUp(t.app);
      const waits = await request(t.app, 'POST', '/api/shared-projects/join', {
        cookie: colleague.cookie,
        ip: office,
        body: { code: project.code },
      });
      expectTooMany(waits, JOIN_MESSAGES.tooManyAttempts);
      const stranger = await signUp(t.app);
      const alsoJoined = await request(t.app, 'POST', '/api/shared-projects/join', {
        cookie: stranger.cookie,
        ip: '10.83.0.1',
        body: { code: project.code },
      });
      expect(alsoJoined.statusCode).toBe(200);
    });
    // 24 accounts are created (password hashing) on a machine that may be busy.
  }, 90_000);

  it('a parallel burst of guesses from one account cannot race past the account limit', async () => {
    await withApp(dialect, {}, async (t) => {
      const guesser = await signUp(t.app);
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          request(t.app, 'POST', '/api/shared-projects/join', {
            cookie: guesser.cookie,
            ip: `10.84.0.${i + 1}`,
            // Codes nobody holds: every looked-up attempt is a miss.
            body: { code: String(i).padStart(6, '9') },
          }),
        ),
      );
      const statuses = burst.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 404)).toHaveLength(JOIN_LIMITS.perAccount);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - JOIN_LIMITS.perAccount);
    });
  });
});

describe.runIf(process.env.TEST_REDIS_URL).each(dialects)(
  'two instances sharing one Redis on %s',
  (dialect) => {
    it('share sign-up, sign-in and AI limits, and keep none of them in the database', async () => {
      const redisPrefix = `test-${crypto.randomBytes(4).toString('hex')}:`;
      const testDb = await createTestDatabase(dialect);
      const env = {
        DEMO_ACCOUNT: 'false',
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
        AUTH_SECRET: 'x'.repeat(40),
        AUTH_RATE_LIMIT: '3',
        AI_RATE_LIMIT: '2',
      };
      const one = await startTestApp(dialect, env, testDb, { redisPrefix });
      const two = await startTestApp(dialect, env, testDb, { redisPrefix });
      try {
        expect(one.rateLimiter.store.kind).toBe('redis');
        const signUpOn = (t: TestApp) =>
          request(t.app, 'POST', '/api/auth/sign-up/email', {
            ip: '10.90.0.1',
            body: { name: 'Spam', email: uniqueEmail('spam'), password: 'correct-horse-battery' },
          });
        expect((await signUpOn(one)).statusCode).toBe(200);
        expect((await signUpOn(two)).statusCode).toBe(200);
        const user = await signUpOn(one);
        expect(user.statusCode).toBe(200);
        expectTooMany(await signUpOn(two));

        // Failed sign-ins on one account, alternating instances and addresses.
        const email = user.json().user.email as string;
        for (let i = 0; i <= SIGN_IN_ACCOUNT_LIMITS.freeFailures; i++) {
          const t = i % 2 === 0 ? one : two;
          expect((await signIn(t, email, WRONG, `10.91.0.${i + 1}`)).statusCode).toBe(401);
        }
        expectTooMany(await signIn(one, email, WRONG, '10.91.1.1'));
        expectTooMany(await signIn(two, email, WRONG, '10.91.1.2'));

        // AI: two captures per minute per user, whichever instance answers.
        const ai = await signUp(one.app, { email: uniqueEmail('ai') });
        const capture = (t: TestApp) =>
          request(t.app, 'POST', '/api/ai/capture', { cookie: ai.cookie, body: { content: 'Buy milk' } });
        expect((await capture(one)).statusCode).toBe(201);
        expect((await capture(two)).statusCode).toBe(201);
        expectTooMany(await capture(one), 'Too many AI requests. Please wait a moment and try again.');

        const stored = await one.database.db.selectFrom('rate_limit_counters').selectAll().execute();
        expect(stored).toEqual([]);
      } finally {
        await one.close();
        await two.close();
        await testDb.destroy();
      }
    });
  },
);

const stores: [string, () => Promise<{ store: RateLimitStore; done: () => Promise<void> }>][] = [
  ...dialects.map((dialect): (typeof stores)[number] => [
    `the ${dialect} database`,
    async () => {
      const t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
      return {
        store: createDatabaseRateLimitStore(t.database.db),
        done: async () => {
          await t.close();
          await t.testDb.destroy();
        },
      };
    },
  ]),
  ...(process.env.TEST_REDIS_URL
    ? [
        [
          'Redis',
          async () => {
            const store = await createRedisRateLimitStore(
              process.env.TEST_REDIS_URL ?? '',
              `test-${crypto.randomBytes(4).toString('hex')}:`,
            );
            return { store, done: () => store.close() };
          },
        ] satisfies (typeof stores)[number],
      ]
    : []),
];

describe.each(stores)('rate-limit store on %s', (_name, open) => {
  it('counts atomically in a window, starts again after it, and refunds only a live counter', async () => {
    const { store, done } = await open();
    try {
      // The 25 increments must land in one window, their ends within half of it: on a loaded machine
      // they take longer (a 2 s window failed at load 30 on 2 cores), so the window grows with the
      // load (decision 099).
      const windowMs = Math.round(2000 * loadFactor());
      const counts = await Promise.all(Array.from({ length: 25 }, () => store.increment('k', windowMs)));
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
      // Later hits do not push the window's end (Redis reports it as time left, hence the margin).
      const ends = counts.map((c) => c.resetAt);
      expect(Math.max(...ends) - Math.min(...ends)).toBeLessThan(windowMs / 2);
      await store.decrement('k');
      expect((await store.get('k'))?.count).toBe(24);
      await new Promise((resolve) => setTimeout(resolve, Math.max(...ends) - Date.now() + 100));
      expect(await store.get('k')).toBeNull();
      await store.decrement('k');
      expect(await store.get('k')).toBeNull();
      expect((await store.increment('k', windowMs)).count).toBe(1);
      await store.delete('k');
      expect(await store.get('k')).toBeNull();
      await store.decrement('never');
      expect(await store.get('never')).toBeNull();
    } finally {
      await done();
    }
  });
});
