import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@notewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireTrials } from '../src/modules/profile/trial-expiry';
import {
  cookieFrom,
  dialects,
  request,
  setPlan,
  signUp,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from './helpers';

describe.each(dialects)('profile and plans on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    // A route guarded like the later modules' create/AI/voice/sharing routes.
    t.app.post('/api/test/needs-access', { onRequest: t.app.requireAccess }, async () => ({ ok: true }));
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  const setExpiry = (email: string, plan: string, expiresAt: Date | null) =>
    setPlan(t, email, plan, expiresAt);

  it('turns an expired PRO trial into FREE without access, and stores it', async () => {
    const { cookie, email } = await signUp(t.app);
    expect((await request(t.app, 'POST', '/api/test/needs-access', { cookie, body: {} })).statusCode).toBe(
      200,
    );

    await setExpiry(email, 'PRO', new Date(Date.now() - 60_000));
    const me = await request(t.app, 'GET', '/api/me', { cookie });
    expect(me.json()).toMatchObject({ plan: 'FREE', access: false, trialActive: false, daysRemaining: 0 });
    const stored = await t.database.db
      .selectFrom('users')
      .select('plan')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.plan).toBe('FREE');

    const guarded = await request(t.app, 'POST', '/api/test/needs-access', { cookie, body: {} });
    expect(guarded.statusCode).toBe(403);
    expect(guarded.json()).toEqual({ error: { code: 'ACCESS_REQUIRED', message: MESSAGES.accessRequired } });
  });

  it('the sweep expires every overdue trial and leaves others alone', async () => {
    const overdue = await signUp(t.app);
    const active = await signUp(t.app);
    const unlimited = await signUp(t.app);
    await setExpiry(overdue.email, 'PRO', new Date(Date.now() - 1000));
    await setExpiry(unlimited.email, 'UNLIMITED', null);
    expect(await expireTrials(t.database.db)).toBeGreaterThanOrEqual(1);
    const plans = await t.database.db
      .selectFrom('users')
      .select(['email', 'plan'])
      .where('email', 'in', [overdue.email, active.email, unlimited.email])
      .execute();
    const byEmail = Object.fromEntries(plans.map((p) => [p.email, p.plan]));
    expect(byEmail).toEqual({
      [overdue.email]: 'FREE',
      [active.email]: 'PRO',
      [unlimited.email]: 'UNLIMITED',
    });
    const me = await request(t.app, 'GET', '/api/me', { cookie: unlimited.cookie });
    expect(me.json()).toMatchObject({ plan: 'UNLIMITED', access: true, planExpiresAt: null });
  });

  it('updates the display name trimmed, and refuses a blank one', async () => {
    const { cookie } = await signUp(t.app, { name: 'Old Name' });
    const ok = await request(t.app, 'PATCH', '/api/me', { cookie, body: { name: '  New Name  ' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().name).toBe('New Name');
    expect((await request(t.app, 'GET', '/api/me', { cookie })).json().name).toBe('New Name');

    const blank = await request(t.app, 'PATCH', '/api/me', { cookie, body: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(MESSAGES.displayNameRequired);
    const extra = await request(t.app, 'PATCH', '/api/me', {
      cookie,
      body: { name: 'Ok', plan: 'UNLIMITED' },
    });
    expect(extra.statusCode).toBe(400);
    expect((await request(t.app, 'GET', '/api/me', { cookie })).json()).toMatchObject({
      name: 'New Name',
      plan: 'PRO',
    });
  });

  it('saves and restores the last page per user', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expect((await request(t.app, 'GET', '/api/me/last-page', { cookie: a.cookie })).json()).toEqual({
      path: null,
      title: null,
    });
    const put = await request(t.app, 'PUT', '/api/me/last-page', {
      cookie: a.cookie,
      body: { path: '/notes?x=1', title: 'All Notes' },
    });
    expect(put.statusCode).toBe(204);
    await request(t.app, 'PUT', '/api/me/last-page', {
      cookie: a.cookie,
      body: { path: '/projects', title: 'Projects' },
    });
    expect((await request(t.app, 'GET', '/api/me/last-page', { cookie: a.cookie })).json()).toEqual({
      path: '/projects',
      title: 'Projects',
    });
    expect((await request(t.app, 'GET', '/api/me/last-page', { cookie: b.cookie })).json().path).toBeNull();
    const offsite = await request(t.app, 'PUT', '/api/me/last-page', {
      cookie: a.cookie,
      body: { path: '//evil.example/x', title: '' },
    });
    expect(offsite.statusCode).toBe(400);
  });

  it('keeps tutorial completion on the account, per user, and clears it on restart', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const get = async (cookie: string) =>
      (await request(t.app, 'GET', '/api/me/tutorial', { cookie })).json();
    expect(await get(a.cookie)).toEqual({ completed: false, completedAt: null });

    // The last page is stored in the same row: finishing the tutorial must not lose it.
    await request(t.app, 'PUT', '/api/me/last-page', {
      cookie: a.cookie,
      body: { path: '/notes', title: 'All Notes' },
    });
    const done = await request(t.app, 'PUT', '/api/me/tutorial', {
      cookie: a.cookie,
      body: { completed: true },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().completed).toBe(true);
    expect(Date.parse(done.json().completedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await get(a.cookie)).toEqual(done.json());
    expect((await request(t.app, 'GET', '/api/me/last-page', { cookie: a.cookie })).json().path).toBe(
      '/notes',
    );
    expect(await get(b.cookie)).toEqual({ completed: false, completedAt: null });

    const restarted = await request(t.app, 'PUT', '/api/me/tutorial', {
      cookie: a.cookie,
      body: { completed: false },
    });
    expect(restarted.json()).toEqual({ completed: false, completedAt: null });
    expect(await get(a.cookie)).toEqual({ completed: false, completedAt: null });

    const bad = await request(t.app, 'PUT', '/api/me/tutorial', {
      cookie: a.cookie,
      body: { completed: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await request(t.app, 'GET', '/api/me/tutorial')).statusCode).toBe(401);
  });

  it('offers the seeded demo account, which signs in with UNLIMITED access', async () => {
    const demo = (await request(t.app, 'GET', '/api/demo')).json();
    expect(demo.available).toBe(true);
    const signIn = await request(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: demo.email, password: demo.password },
    });
    expect(signIn.statusCode).toBe(200);
    const me = await request(t.app, 'GET', '/api/me', { cookie: cookieFrom(signIn) });
    expect(me.json()).toMatchObject({ email: demo.email, plan: 'UNLIMITED', access: true });
  });

  it('reports health', async () => {
    const response = await request(t.app, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: dialect });
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe.each(dialects)('auth rate limits on %s', (dialect) => {
  it('limits sign-in attempts per IP, and the limit survives a restart', async () => {
    let t = await startTestApp(dialect, { AUTH_RATE_LIMIT: '3' });
    try {
      const { email } = await signUp(t.app);
      const attempt = (ip: string) =>
        request(t.app, 'POST', '/api/auth/sign-in/email', {
          ip,
          body: { email, password: 'wrong-password' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt('10.1.1.1')).statusCode).toBe(401);
      const limited = await attempt('10.1.1.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: { code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests } });
      // Another address is not affected.
      expect((await attempt('10.1.1.2')).statusCode).toBe(401);
      // A client cannot pick its own address through the header the server uses internally.
      const spoofed = await request(t.app, 'POST', '/api/auth/sign-in/email', {
        ip: '10.1.1.1',
        headers: { 'x-notewise-client-ip': '10.9.9.9', 'x-forwarded-for': '10.9.9.8' },
        body: { email, password: 'wrong-password' },
      });
      expect(spoofed.statusCode).toBe(429);

      await t.app.close();
      t = await startTestApp(dialect, { AUTH_RATE_LIMIT: '3' }, t.testDb);
      expect((await attempt('10.1.1.1')).statusCode).toBe(429);
    } finally {
      await t.close();
      await t.testDb.destroy();
    }
  });

  it('limits sign-up attempts per IP', async () => {
    const t = await startTestApp(dialect, { AUTH_RATE_LIMIT: '2' });
    try {
      const attempt = () =>
        request(t.app, 'POST', '/api/auth/sign-up/email', {
          ip: '10.2.2.2',
          body: { name: 'Spam', email: uniqueEmail('spam'), password: 'correct-horse' },
        });
      expect((await attempt()).statusCode).toBe(200);
      expect((await attempt()).statusCode).toBe(200);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await t.close();
      await t.testDb.destroy();
    }
  });
});

describe('demo account and web serving', () => {
  it('has no demo account in production unless asked for', async () => {
    const t = await startTestApp('sqlite', { NODE_ENV: 'production' });
    try {
      expect((await request(t.app, 'GET', '/api/demo')).json()).toEqual({ available: false });
      const users = await t.database.db.selectFrom('users').select('email').execute();
      expect(users).toEqual([]);
    } finally {
      await t.close();
      await t.testDb.destroy();
    }
  });

  it('serves hashed assets with a long cache and client routes with the HTML fallback', async () => {
    const dist = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'notewise-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Notewise</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const t = await startTestApp('sqlite', { WEB_DIST_DIR: dist });
    try {
      const asset = await request(t.app, 'GET', '/assets/index-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      for (const route of ['/', '/projects', '/project/123?highlightNote=4', '/quick-view?note=1']) {
        const page = await request(t.app, 'GET', route);
        expect(page.statusCode, route).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.body).toContain('<div id="root">');
      }
      const missingAsset = await request(t.app, 'GET', '/assets/missing.js');
      expect(missingAsset.statusCode).toBe(404);
      const api = await request(t.app, 'GET', '/api/nothing-here');
      expect(api.statusCode).toBe(404);
      expect(api.json().error.code).toBe('NOT_FOUND');
    } finally {
      await t.close();
      await t.testDb.destroy();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
