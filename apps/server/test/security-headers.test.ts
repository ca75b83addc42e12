import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, signUp, startTestApp, type TestApp } from './helpers';

/*
 * The headers every answer carries, built once at start (http/security-headers.ts): the same set
 * @fastify/helmet sent with this configuration, on answers of every kind.
 */
const POLICY =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self' data:;connect-src 'self';media-src 'self' blob:;worker-src 'self' blob:;" +
  "manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

const EXPECTED = {
  'content-security-policy': POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  let plain: TestApp;
  let secure: TestApp;

  beforeAll(async () => {
    plain = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false' });
    secure = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false', PUBLIC_URL: 'https://notes.example.com' });
  });
  afterAll(async () => {
    for (const t of [plain, secure]) {
      await t?.close();
      await t?.testDb.destroy();
    }
  });

  it('are on every kind of answer: a list (fresh and cached), a 401, a 404, a refused body', async () => {
    const { cookie } = await signUp(plain.app);
    const answers = [
      await request(plain.app, 'GET', '/api/notes', { cookie }),
      await request(plain.app, 'GET', '/api/notes', { cookie }),
      await request(plain.app, 'GET', '/api/notes'),
      await request(plain.app, 'GET', '/api/no-such-route', { cookie }),
      await request(plain.app, 'POST', '/api/projects', { cookie, body: { name: '' } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 404, 400]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(EXPECTED);
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('behind https: HSTS and upgrade-insecure-requests as well', async () => {
    const answer = await request(secure.app, 'GET', '/api/health');
    expect(answer.headers).toMatchObject({
      ...EXPECTED,
      'content-security-policy': `${POLICY};upgrade-insecure-requests`,
      'strict-transport-security': 'max-age=15552000; includeSubDomains',
    });
  });
});
