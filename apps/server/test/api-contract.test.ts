import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';

describe.each(dialects)('API contract details on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  it('GET /api/auth/get-session never returns the session token (decision 002)', async () => {
    const user = await signUp(t.app);
    const token = decodeURIComponent(user.cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(10);
    const response = await request(t.app, 'GET', '/api/auth/get-session', { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.email).toBe(user.email);
    expect(body.session.userId).toBe(user.user.id);
    expect(body.session.token).toBeUndefined();
    expect(response.body).not.toContain(token);
  });

  it('HEAD answers as GET does, for pages and API routes', async () => {
    for (const url of ['/', '/projects', '/favicon.svg', '/api/health', '/api/me', '/api/nope']) {
      for (const accept of ['text/html', '*/*']) {
        const get = await t.app.inject({ method: 'GET', url, headers: { accept } });
        const head = await t.app.inject({ method: 'HEAD', url, headers: { accept } });
        expect({ url, accept, status: head.statusCode }).toEqual({ url, accept, status: get.statusCode });
        expect(head.body).toBe('');
      }
    }
  });
});
