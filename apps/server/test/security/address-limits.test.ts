import { JOIN_MESSAGES } from '@notewise/shared';
import { describe, expect, it } from 'vitest';
import { JOIN_LIMITS } from '../../src/modules/projects/sharing/join-guard';
import { dialects, request, signUp, startTestApp, type TestApp, uniqueEmail } from '../helpers';

/**
 * Per-address limits keyed on the full IPv6 address, so one client
 * walking its own /64 got a fresh budget per address (8 of 8 sign-ups passed a limit of 5).
 */

const PROXY = '127.0.0.1';

async function withApp(
  dialect: (typeof dialects)[number],
  env: Record<string, string>,
  run: (t: TestApp) => Promise<void>,
) {
  const t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false', TRUST_PROXY: PROXY, ...env });
  try {
    await run(t);
  } finally {
    await t.close();
    await t.testDb.destroy();
  }
}

const viaProxy = (client: string) => ({ ip: PROXY, headers: { 'x-forwarded-for': client } });

const signUpFrom = (t: TestApp, client: string) =>
  request(t.app, 'POST', '/api/auth/sign-up/email', {
    ...viaProxy(client),
    body: { name: 'Spam', email: uniqueEmail('spam'), password: 'correct-horse-battery' },
  });

describe.each(dialects)('IPv6 clients count by prefix on %s', (dialect) => {
  it('sign-up: 8 addresses of one /64 share a limit of 5; another /64 has its own', async () => {
    await withApp(dialect, { AUTH_RATE_LIMIT: '5' }, async (t) => {
      const statuses: number[] = [];
      for (let i = 1; i <= 8; i++)
        statuses.push((await signUpFrom(t, `2001:db8:1:2::${i.toString(16)}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expect((await signUpFrom(t, '2001:db8:1:3::1')).statusCode).toBe(200);
      // An IPv4 client seen through a dual-stack socket is the same client as plain IPv4.
      for (let i = 0; i < 5; i++) expect((await signUpFrom(t, '198.51.100.20')).statusCode).toBe(200);
      expect((await signUpFrom(t, '::ffff:198.51.100.20')).statusCode).toBe(429);
    });
  });

  it('RATE_LIMIT_IPV6_PREFIX=56 joins the /64s of one /56; 128 counts each address', async () => {
    await withApp(dialect, { AUTH_RATE_LIMIT: '2', RATE_LIMIT_IPV6_PREFIX: '56' }, async (t) => {
      expect((await signUpFrom(t, '2001:db8:1:200::1')).statusCode).toBe(200);
      expect((await signUpFrom(t, '2001:db8:1:2ff::1')).statusCode).toBe(200);
      expect((await signUpFrom(t, '2001:db8:1:2aa::1')).statusCode).toBe(429);
      expect((await signUpFrom(t, '2001:db8:1:300::1')).statusCode).toBe(200);
    });
    await withApp(dialect, { AUTH_RATE_LIMIT: '2', RATE_LIMIT_IPV6_PREFIX: '128' }, async (t) => {
      for (let i = 1; i <= 4; i++) expect((await signUpFrom(t, `2001:db8:1:2::${i}`)).statusCode).toBe(200);
    });
  });

  it('sign-in per address counts a /64 together', async () => {
    await withApp(dialect, { AUTH_RATE_LIMIT: '3' }, async (t) => {
      const attempt = (client: string) =>
        request(t.app, 'POST', '/api/auth/sign-in/email', {
          ...viaProxy(client),
          body: { email: uniqueEmail('nobody'), password: 'not-the-password' },
        });
      for (let i = 1; i <= 3; i++) expect((await attempt(`2001:db8:9:9::${i}`)).statusCode).toBe(401);
      expect((await attempt('2001:db8:9:9:ffff::1')).statusCode).toBe(429);
      expect((await attempt('2001:db8:9:a::1')).statusCode).toBe(401);
    });
  });

  it('join: wrong codes from a /64 spend one budget, whichever accounts and addresses try', async () => {
    await withApp(dialect, {}, async (t) => {
      const owner = await signUp(t.app);
      const project = (
        await request(t.app, 'POST', '/api/shared-projects', {
          cookie: owner.cookie,
          body: { name: 'Vault' },
        })
      ).json();
      const wrong = (n: number) => String((Number(project.code) + 1 + n) % 1_000_000).padStart(6, '0');
      const join = (cookie: string, client: string, code: string) =>
        request(t.app, 'POST', '/api/shared-projects/join', { cookie, ...viaProxy(client), body: { code } });
      const guessers = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
      for (let n = 0; n < JOIN_LIMITS.perAddress; n++) {
        const guesser = guessers[n % guessers.length];
        expect(
          (await join(guesser?.cookie ?? '', `2001:db8:5:5::${(n + 1).toString(16)}`, wrong(n))).statusCode,
        ).toBe(404);
      }
      const fresh = await signUp(t.app);
      const refused = await join(fresh.cookie, '2001:db8:5:5:abcd::1', project.code);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(JOIN_MESSAGES.tooManyAttempts);
      expect((await join(fresh.cookie, '2001:db8:5:6::1', project.code)).statusCode).toBe(200);
    });
  });
});
