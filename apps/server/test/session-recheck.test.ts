import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionResolver, SessionCache, type SessionSource } from '../src/http/session';
import { SESSION_LIFETIME } from '../src/modules/auth/auth';
import { dialects, signUp, startTestApp, type TestApp } from './helpers';
import { stopApp } from './support/suite-app';

/*
 * Past the session cache's few seconds, a cookie better-auth resolved before is re-checked with one
 * query (decision 084) instead of better-auth's whole resolution. The re-check must answer exactly
 * what better-auth would: the same user, a session ended or expired in the database as no session,
 * a plan or name changed in the database as it is now, and a session due for its refresh goes to
 * better-auth, which moves its expiry on. The cache here is never fresh (its seconds are -1 ms), so
 * every call after the first is a re-check.
 */
describe.each(dialects)('session re-check on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(() => stopApp(t));

  /** A resolver as app.ts builds it, whose better-auth calls are counted. */
  const counted = () => {
    const counter = { calls: 0 };
    const source: SessionSource = {
      api: {
        getSession: (input) => {
          counter.calls++;
          return t.auth.api.getSession(input);
        },
      },
    };
    const resolve = createSessionResolver(source, t.database.db, new SessionCache(-1), SESSION_LIFETIME);
    return { resolve, counter };
  };
  /** What better-auth alone resolves for the cookie now (no cache to speak of). */
  const byBetterAuth = (cookie: string) =>
    createSessionResolver(t.auth, t.database.db, new SessionCache(-1))(cookie);
  const tokenOf = async (userId: string) =>
    (
      await t.database.db
        .selectFrom('sessions')
        .select(['token', 'expires_at'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).token;

  it('re-checks with one query, not better-auth, and answers the user better-auth would', async () => {
    const { cookie } = await signUp(t.app);
    const { resolve, counter } = counted();
    const first = await resolve(cookie);
    expect(first).not.toBeNull();
    for (let i = 0; i < 3; i++) expect(await resolve(cookie)).toEqual(first);
    expect(counter.calls).toBe(1);
    expect(await resolve(cookie)).toEqual(await byBetterAuth(cookie));
  });

  it('a plan, name and picture changed in the database show on the re-check', async () => {
    const { cookie, user } = await signUp(t.app);
    const { resolve } = counted();
    await resolve(cookie);
    const planExpiresAt = new Date(Date.now() + 86_400_000);
    await t.database.db
      .updateTable('users')
      .set({
        plan: 'UNLIMITED',
        plan_expires_at: planExpiresAt.toISOString(),
        name: 'Renamed',
        image: '/api/avatars/x.png',
      })
      .where('id', '=', user.id)
      .execute();
    const rechecked = await resolve(cookie);
    expect(rechecked).toMatchObject({ plan: 'UNLIMITED', name: 'Renamed', image: '/api/avatars/x.png' });
    expect(rechecked?.planExpiresAt?.getTime()).toBe(planExpiresAt.getTime());
    expect(rechecked).toEqual(await byBetterAuth(cookie));
  });

  it('a session deleted in the database (signed out elsewhere, the CLI) is no session', async () => {
    const { cookie, user } = await signUp(t.app);
    const { resolve } = counted();
    expect(await resolve(cookie)).not.toBeNull();
    await t.database.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    expect(await resolve(cookie)).toBeNull();
    expect(await resolve(cookie)).toBeNull();
  });

  it('an account deleted is no session', async () => {
    const { cookie, user } = await signUp(t.app);
    const { resolve } = counted();
    expect(await resolve(cookie)).not.toBeNull();
    await t.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await resolve(cookie)).toBeNull();
  });

  it('a session past its expiry is no session', async () => {
    const { cookie, user } = await signUp(t.app);
    const { resolve } = counted();
    expect(await resolve(cookie)).not.toBeNull();
    const token = await tokenOf(user.id);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token', '=', token)
      .execute();
    expect(await resolve(cookie)).toBeNull();
  });

  it('a session due for its refresh goes to better-auth, which moves its expiry on', async () => {
    const { cookie, user } = await signUp(t.app);
    const { resolve, counter } = counted();
    expect(await resolve(cookie)).not.toBeNull();
    const token = await tokenOf(user.id);
    // Last moved a day and a minute ago: better-auth refreshes it on the next use.
    const { expiresInSeconds, updateAgeSeconds } = SESSION_LIFETIME;
    const dueExpiry = Date.now() + (expiresInSeconds - updateAgeSeconds - 60) * 1000;
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(dueExpiry).toISOString() })
      .where('token', '=', token)
      .execute();
    expect(await resolve(cookie)).not.toBeNull();
    expect(counter.calls).toBe(2);
    const row = await t.database.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(dueExpiry + 60_000);
    // Moved on: the next use is a re-check again.
    expect(await resolve(cookie)).not.toBeNull();
    expect(counter.calls).toBe(2);
  });

  it('a cookie with a forged signature is no session, whatever the cache holds', async () => {
    const { cookie } = await signUp(t.app);
    const { resolve } = counted();
    expect(await resolve(cookie)).not.toBeNull();
    const [name = '', value = ''] = cookie.split('=');
    const [token = ''] = decodeURIComponent(value).split('.');
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect(await resolve(forged)).toBeNull();
    expect(await resolve(forged)).toBeNull();
  });
});
