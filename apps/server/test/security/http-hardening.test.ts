// The HTTP side's hardening: the Origin check on every state-changing request whatever
// the path, CSP connect-src, /api/docs in production, and control/bidi characters in names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, startTestApp, type TestApp } from '../helpers';

const FOREIGN = { origin: 'https://evil.example' };

describe.each(dialects)('HTTP hardening on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    cookie = (await signUp(t.app)).cookie;
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  const projectCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('projects')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('Origin check', () => {
    it('refuses a foreign Origin on a percent-encoded or otherwise disguised API path', async () => {
      const before = await projectCount();
      for (const url of [
        '/%61pi/projects',
        '/api/%70rojects',
        '/%2561pi/projects',
        '/api//projects',
        '/API/projects',
      ]) {
        const response = await request(t.app, 'POST', url, {
          cookie,
          body: { name: 'Forged' },
          headers: FOREIGN,
        });
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error.code, url).toBe('BAD_ORIGIN');
      }
      expect(await projectCount()).toBe(before);
    });

    it('checks PATCH, PUT and DELETE and paths outside /api as well', async () => {
      const created = await request(t.app, 'POST', '/api/projects', { cookie, body: { name: 'Mine' } });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as string;
      for (const [method, url] of [
        ['PATCH', `/%61pi/projects/${id}`],
        ['DELETE', `/%61pi/projects/${id}`],
        ['PUT', '/%61pi/me/last-page'],
        ['POST', '/collab'],
        ['POST', '/anything-at-all'],
      ] as const) {
        const response = await request(t.app, method, url, {
          cookie,
          body: { name: 'Renamed', path: '/', title: '' },
          headers: FOREIGN,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      const still = await request(t.app, 'GET', `/api/projects/${id}`, { cookie });
      expect(still.json().name).toBe('Mine');
    });

    it('a cross-site request without Origin is refused too; same-origin and non-browser clients pass', async () => {
      const crossSite = await request(t.app, 'POST', '/%61pi/projects', {
        cookie,
        body: { name: 'Cross' },
        headers: { origin: '', 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.statusCode).toBe(403);
      const sameOrigin = await request(t.app, 'POST', '/%61pi/projects', {
        cookie,
        body: { name: 'Encoded' },
      });
      expect(sameOrigin.statusCode).toBe(201);
      const cli = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: { host: 'localhost:3000', cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'From curl' }),
      });
      expect(cli.statusCode).toBe(201);
    });
  });

  it('limits CSP connect-src to our own origin (no ws:/wss: to any host)', async () => {
    const response = await request(t.app, 'GET', '/api/health');
    const csp = String(response.headers['content-security-policy']);
    const connectSrc = csp.split(';').find((directive) => directive.trim().startsWith('connect-src'));
    expect(connectSrc?.trim()).toBe("connect-src 'self'");
  });

  describe('names and titles', () => {
    const NASTY = 'Pay\u0000roll\u202Egpj.exe\u2066x\u2069\u0007\u001b\u007f';
    const CLEAN = 'Payrollgpj.exex';

    it('strips control and bidi characters from display names (sign-up and profile)', async () => {
      const fresh = await signUp(t.app, { name: NASTY });
      const me = await request(t.app, 'GET', '/api/me', { cookie: fresh.cookie });
      expect(me.json().name).toBe(CLEAN);
      const renamed = await request(t.app, 'PATCH', '/api/me', {
        cookie: fresh.cookie,
        body: { name: `New\u0000\u202Ename\tok` },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().name).toBe('Newname ok');
      const stored = await t.database.db
        .selectFrom('users')
        .select('name')
        .where('email', '=', fresh.email)
        .executeTakeFirstOrThrow();
      expect(stored.name).toBe('Newname ok');
    });

    it('strips them from project names and descriptions, note titles and tags (a NUL never reaches the database)', async () => {
      const project = await request(t.app, 'POST', '/api/projects', {
        cookie,
        body: { name: NASTY, description: `line one\nline\u0000 two\u202E` },
      });
      expect(project.statusCode).toBe(201);
      expect(project.json()).toMatchObject({ name: CLEAN, description: 'line one\nline two' });

      const note = await request(t.app, 'POST', '/api/notes', {
        cookie,
        body: {
          projectId: project.json().id,
          title: NASTY,
          content: 'body',
          tags: ['t\u0000ag', '\u202Ework'],
        },
      });
      expect(note.statusCode).toBe(201);
      expect(note.json()).toMatchObject({ title: CLEAN, tags: ['tag', 'work'] });

      const renamed = await request(t.app, 'PATCH', `/api/notes/${note.json().id}`, {
        cookie,
        body: { title: 'Re\u0000named\u202D' },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().title).toBe('Renamed');

      const blank = await request(t.app, 'POST', '/api/projects', { cookie, body: { name: '\u0000\u202E' } });
      expect(blank.statusCode).toBe(400);
    });

    it('strips them from shared project names and descriptions and the last-page title', async () => {
      const shared = await request(t.app, 'POST', '/api/shared-projects', {
        cookie,
        body: { name: `Team\u0000\u202E`, description: `a\u0000b` },
      });
      expect(shared.statusCode).toBe(201);
      expect(shared.json()).toMatchObject({ name: 'Team', description: 'ab' });

      const saved = await request(t.app, 'PUT', '/api/me/last-page', {
        cookie,
        body: { path: '/projects', title: `Pro\u0000jects\u202E` },
      });
      expect(saved.statusCode).toBe(204);
      expect((await request(t.app, 'GET', '/api/me/last-page', { cookie })).json().title).toBe('Projects');
    });

    it('a NUL in a search query or a draft is dropped, not a 500 (PostgreSQL refuses NUL in text)', async () => {
      const search = await request(t.app, 'GET', '/api/search?q=pay%00roll', { cookie });
      expect(search.statusCode).toBe(200);
      const draft = await request(t.app, 'PUT', '/api/drafts/note_input', {
        cookie,
        body: { content: 'half\u0000 typed' },
      });
      expect(draft.statusCode).toBeLessThan(300);
      expect((await request(t.app, 'GET', '/api/drafts/note_input', { cookie })).json().draft.content).toBe(
        'half typed',
      );
    });
  });
});

describe('API reference', () => {
  it('is not served in production unless API_DOCS=true', async () => {
    const production = await startTestApp('sqlite', { NODE_ENV: 'production' });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const response = await request(production.app, 'GET', url);
        expect(response.statusCode, url).toBe(404);
      }
      // The document itself still exists in the process (tests and tooling read it).
      expect(Object.keys(production.app.swagger().paths ?? {})).toContain('/api/projects');
    } finally {
      await production.close();
      await production.testDb.destroy();
    }

    const enabled = await startTestApp('sqlite', { NODE_ENV: 'production', API_DOCS: 'true' });
    try {
      const json = await request(enabled.app, 'GET', '/api/docs/json');
      expect(json.statusCode).toBe(200);
      expect(json.json().openapi).toMatch(/^3\./);
    } finally {
      await enabled.close();
      await enabled.testDb.destroy();
    }
  });
});

describe('request ids', () => {
  const ask = (t: TestApp, remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress,
      headers: { 'x-request-id': 'forged-id-1' },
    });

  it('an incoming X-Request-Id is ignored from a client, and adopted from a proxy TRUST_PROXY names', async () => {
    const direct = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false' });
    const listed = await startTestApp('sqlite', {
      DEMO_ACCOUNT: 'false',
      TRUST_PROXY: '10.0.0.0/8,loopback',
    });
    try {
      const fromClient = await ask(direct, '127.0.0.1');
      expect(fromClient.headers['x-request-id']).not.toBe('forged-id-1');
      expect(fromClient.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect((await ask(listed, '10.1.2.3')).headers['x-request-id']).toBe('forged-id-1');
      expect((await ask(listed, '::ffff:127.0.0.1')).headers['x-request-id']).toBe('forged-id-1');
      expect((await ask(listed, '192.0.2.7')).headers['x-request-id']).not.toBe('forged-id-1');
    } finally {
      await direct.close();
      await direct.testDb.destroy();
      await listed.close();
      await listed.testDb.destroy();
    }
  });
});
