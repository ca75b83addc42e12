import { MESSAGES } from '@notewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, dialects, request, signUp, startTestApp, type TestApp, uniqueEmail } from './helpers';

const SIGN_UP = '/api/auth/sign-up/email';
const SIGN_IN = '/api/auth/sign-in/email';

describe.each(dialects)('accounts on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  const userCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('signs up with a display name, sets an HttpOnly SameSite session cookie and never returns the token', async () => {
    const email = uniqueEmail('ann');
    const response = await request(t.app, 'POST', SIGN_UP, {
      body: { name: 'Ann Lee', email, password: 'correct-horse-battery' },
    });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toContain('notewise.session_token=');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const body = response.json();
    expect(body.token).toBeUndefined();
    expect(body.user).toMatchObject({ email, name: 'Ann Lee' });

    const me = await request(t.app, 'GET', '/api/me', { cookie: cookieFrom(response) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email,
      name: 'Ann Lee',
      plan: 'PRO',
      access: true,
      trialActive: true,
      daysRemaining: 31,
    });
    const expiresIn = Date.parse(me.json().planExpiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(26784e5 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(26784e5);
  });

  it.each([
    [
      'a missing display name',
      { email: uniqueEmail(), password: 'correct-horse' },
      MESSAGES.displayNameRequired,
    ],
    [
      'a blank display name',
      { name: '   ', email: uniqueEmail(), password: 'correct-horse' },
      MESSAGES.displayNameRequired,
    ],
    ['a short password', { name: 'Bo', email: uniqueEmail(), password: 'abc' }, MESSAGES.passwordTooShort],
    [
      'a malformed email',
      { name: 'Bo', email: 'not-an-email', password: 'correct-horse' },
      MESSAGES.emailInvalid,
    ],
    [
      'a common password',
      { name: 'Bo', email: uniqueEmail(), password: 'Password123' },
      MESSAGES.passwordTooCommon,
    ],
    [
      'an unknown field',
      { name: 'Bo', email: uniqueEmail(), password: 'correct-horse', plan: 'UNLIMITED' },
      'Unrecognized key: "plan"',
    ],
  ])('refuses %s with a clear 400 and writes nothing', async (_label, body, message) => {
    const before = await userCount();
    const response = await request(t.app, 'POST', SIGN_UP, { body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: expect.objectContaining({ code: 'VALIDATION_ERROR', message }),
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses an oversized body with 413 and writes nothing', async () => {
    const before = await userCount();
    const response = await request(t.app, 'POST', SIGN_UP, {
      body: { name: 'x'.repeat(20_000), email: uniqueEmail(), password: 'correct-horse' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await userCount()).toBe(before);
  });

  it('answers a duplicate email like a new one, opens no session and leaves the account alone', async () => {
    const { email, password } = await signUp(t.app);
    const response = await request(t.app, 'POST', SIGN_UP, {
      body: { name: 'Again', email: email.toUpperCase(), password: 'another-secret' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { id: expect.any(String), email, name: 'Again' } });
    expect(response.headers['set-cookie']).toBeUndefined();
    const still = await request(t.app, 'POST', SIGN_IN, { body: { email, password } });
    expect(still.statusCode).toBe(200);
  });

  it('signs in with the right password and refuses a wrong one', async () => {
    const { email, password } = await signUp(t.app);
    const ok = await request(t.app, 'POST', SIGN_IN, { body: { email, password } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeUndefined();
    const me = await request(t.app, 'GET', '/api/me', { cookie: cookieFrom(ok) });
    expect(me.json().email).toBe(email);

    const wrong = await request(t.app, 'POST', SIGN_IN, { body: { email, password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: MESSAGES.invalidCredentials } });
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const unknown = await request(t.app, 'POST', SIGN_IN, { body: { email: uniqueEmail(), password } });
    expect(unknown.statusCode).toBe(401);
  });

  it('signs out: the cookie no longer opens /api/me', async () => {
    const { cookie } = await signUp(t.app);
    expect((await request(t.app, 'GET', '/api/me', { cookie })).statusCode).toBe(200);
    const out = await request(t.app, 'POST', '/api/auth/sign-out', { cookie, body: {} });
    expect(out.statusCode).toBe(200);
    const after = await request(t.app, 'GET', '/api/me', { cookie });
    expect(after.statusCode).toBe(401);
  });

  it('answers 401 with the error shape when signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['PATCH', '/api/me'],
      ['GET', '/api/me/last-page'],
      ['PUT', '/api/me/last-page'],
    ] as const) {
      const response = await request(
        t.app,
        method,
        url,
        method === 'GET' ? {} : { body: { name: 'x', path: '/' } },
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: MESSAGES.notSignedIn } });
    }
    const forged = await request(t.app, 'GET', '/api/me', { cookie: 'notewise.session_token=forged.value' });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a state-changing request from another origin', async () => {
    const response = await request(t.app, 'POST', SIGN_UP, {
      body: { name: 'Eve', email: uniqueEmail(), password: 'correct-horse' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('BAD_ORIGIN');
  });

  it('keeps the other better-auth endpoints closed', async () => {
    const response = await request(t.app, 'POST', '/api/auth/delete-user', { body: {} });
    expect(response.statusCode).toBe(404);
  });
});
