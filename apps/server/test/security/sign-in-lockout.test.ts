import { MESSAGES } from '@notewise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_ACCOUNT_LIMITS, SIGN_IN_LOCK_RULE } from '../../src/modules/auth/auth-limits';
import { DEVICE_COOKIE } from '../../src/modules/auth/sign-in-lock';
import { dialects, request, signUp, startTestApp, type TestApp } from '../helpers';

/**
 * Sign-in lockout: a stranger who knows an email must not keep its owner out for ever (a lock
 * renewed by one wrong password every 15 minutes would). A device that signed in before passes the lock;
 * without one, the account-wide locks of a day add up to at most SIGN_IN_ACCOUNT_LIMITS.maxTotalLockMs.
 */

const WRONG = 'not-the-password';

const signIn = (t: TestApp, email: string, password: string, ip: string, cookie?: string) =>
  request(t.app, 'POST', '/api/auth/sign-in/email', {
    ip,
    body: { email, password },
    ...(cookie ? { cookie } : {}),
  });

function deviceCookieOf(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const cookie = list.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!cookie) throw new Error('no device cookie');
  return cookie;
}

async function withApp(dialect: (typeof dialects)[number], run: (t: TestApp) => Promise<void>) {
  const t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  try {
    await run(t);
  } finally {
    await t.close();
    await t.testDb.destroy();
  }
}

describe.each(dialects)('sign-in lock-out on %s', (dialect) => {
  it('a device that signed in before passes a lock strangers set; without it the owner still waits', async () => {
    await withApp(dialect, async (t) => {
      const { email, password } = await signUp(t.app);
      const first = await signIn(t, email, password, '10.100.0.1');
      expect(first.statusCode).toBe(200);
      const attributes = deviceCookieOf(first);
      expect(attributes).toMatch(/; HttpOnly/);
      expect(attributes).toMatch(/; SameSite=Lax/);
      expect(attributes).toMatch(/; Path=\/api\/auth/);
      expect(Number(/Max-Age=(\d+)/.exec(attributes)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
      const device = attributes.split(';')[0] ?? '';

      for (let i = 0; i <= SIGN_IN_ACCOUNT_LIMITS.freeFailures; i++) {
        expect((await signIn(t, email, WRONG, `10.101.0.${i + 1}`)).statusCode).toBe(401);
      }
      // The account is locked: the right password from a new browser, or one with a made-up device id, waits.
      const locked = await signIn(t, email, password, '10.100.0.1');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error.message).toBe(MESSAGES.tooManyRequests);
      const forged = `${DEVICE_COOKIE}=${'A'.repeat(43)}`;
      expect((await signIn(t, email, password, '10.100.0.1', forged)).statusCode).toBe(429);
      // The owner's own browser signs in, from any address.
      const owner = await signIn(t, email, password, '10.100.7.7', device);
      expect(owner.statusCode).toBe(200);
      expect(deviceCookieOf(owner).split(';')[0]).toBe(device);
      // Its known status is for this account only.
      const other = await signUp(t.app);
      for (let i = 0; i <= SIGN_IN_ACCOUNT_LIMITS.freeFailures; i++) {
        expect((await signIn(t, other.email, WRONG, `10.102.0.${i + 1}`)).statusCode).toBe(401);
      }
      expect((await signIn(t, other.email, other.password, '10.100.0.1', device)).statusCode).toBe(429);
    });
  });

  it('a known device has a failure budget of its own: wrong passwords from it are still limited', async () => {
    await withApp(dialect, async (t) => {
      const { email, password } = await signUp(t.app);
      const device = deviceCookieOf(await signIn(t, email, password, '10.103.0.1')).split(';')[0];
      for (let i = 0; i <= SIGN_IN_ACCOUNT_LIMITS.freeFailures; i++) {
        expect((await signIn(t, email, WRONG, '10.103.0.1', device)).statusCode).toBe(401);
      }
      expect((await signIn(t, email, password, '10.103.0.1', device)).statusCode).toBe(429);
      // ... and did not lock the account for everyone else.
      expect((await signIn(t, email, password, '10.103.0.2')).statusCode).toBe(200);
    });
  });

  it('a stranger renewing the lock keeps the owner out for at most the documented total, then only their own address is locked', async () => {
    await withApp(dialect, async (t) => {
      const { email, password } = await signUp(t.app);
      const attacker = '10.104.0.1';
      for (let i = 0; i < SIGN_IN_ACCOUNT_LIMITS.freeFailures; i++) {
        expect((await signIn(t, email, WRONG, attacker)).statusCode).toBe(401);
      }
      // Each round: the stranger's wrong password starts the next lock; the owner, on a new browser
      // at another address, is refused for as long as it stands; then the lock runs out (fast-forwarded).
      let lockedSeconds = 0;
      let rounds = 0;
      for (; rounds < 30; rounds++) {
        expect((await signIn(t, email, WRONG, attacker)).statusCode).toBe(401);
        const owner = await signIn(t, email, password, '10.105.0.1');
        if (owner.statusCode === 200) break;
        expect(owner.statusCode).toBe(429);
        lockedSeconds += Number(owner.headers['retry-after']);
        await t.rateLimiter.reset({ name: SIGN_IN_LOCK_RULE }, email);
      }
      expect(rounds).toBeLessThan(30);
      expect(lockedSeconds).toBeLessThanOrEqual(SIGN_IN_ACCOUNT_LIMITS.maxTotalLockMs / 1000);
      // The budget was really spent on locks (within a few seconds of Retry-After rounding).
      expect(lockedSeconds).toBeGreaterThan(SIGN_IN_ACCOUNT_LIMITS.maxTotalLockMs / 1000 - 30);

      // Past the budget, the stranger's address is limited on its own (after the free attempts the
      // owner's success gave back); the owner's is not.
      let checked = 0;
      while (checked < 20 && (await signIn(t, email, WRONG, attacker)).statusCode === 401) checked++;
      expect(checked).toBeLessThanOrEqual(2 * SIGN_IN_ACCOUNT_LIMITS.freeFailures + 1);
      expect((await signIn(t, email, password, attacker)).statusCode).toBe(429);
      expect((await signIn(t, email, password, '10.105.0.2')).statusCode).toBe(200);
    });
    // About 40 password checks: minutes-long locks are fast-forwarded, the hashing is not.
  }, 120_000);
});
