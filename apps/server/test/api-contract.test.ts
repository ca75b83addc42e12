import { Ajv } from 'ajv';
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

  it('documents the error shape on every operation, and real error answers match it', async () => {
    interface Operation {
      responses: Record<string, { content?: Record<string, { schema?: object }> }>;
      security?: unknown[];
    }
    await t.app.ready();
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { type: string; in: string }> };
    };
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${path}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(20);
    for (const { name, operation } of operations) {
      expect(operation.responses['4XX']?.content?.['application/json']?.schema, name).toBeTruthy();
      expect(operation.responses['5XX']?.content?.['application/json']?.schema, name).toBeTruthy();
    }
    expect(document.paths['/api/me']?.get?.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths['/api/health']?.get?.security).toBeUndefined();

    const user = await signUp(t.app);
    const ajv = new Ajv({ strict: false });
    const calls: {
      method: 'GET' | 'POST' | 'PATCH';
      url: string;
      path: string;
      body?: unknown;
      cookie?: string;
      status: number;
    }[] = [
      { method: 'GET', url: '/api/me', path: '/api/me', status: 401 },
      {
        method: 'POST',
        url: '/api/notes',
        path: '/api/notes',
        body: { projectId: 42 },
        cookie: user.cookie,
        status: 400,
      },
      {
        method: 'GET',
        url: '/api/notes/00000000-0000-4000-8000-000000000000',
        path: '/api/notes/{id}',
        cookie: user.cookie,
        status: 404,
      },
      {
        method: 'PATCH',
        url: '/api/notes/00000000-0000-4000-8000-000000000000',
        path: '/api/notes/{id}',
        body: { title: 'x' },
        cookie: user.cookie,
        status: 404,
      },
    ];
    for (const call of calls) {
      const response = await request(t.app, call.method, call.url, {
        ...(call.body !== undefined ? { body: call.body } : {}),
        ...(call.cookie ? { cookie: call.cookie } : {}),
      });
      expect({ url: call.url, status: response.statusCode }).toEqual({ url: call.url, status: call.status });
      const schema =
        document.paths[call.path]?.[call.method.toLowerCase()]?.responses['4XX']?.content?.[
          'application/json'
        ]?.schema;
      expect(schema, `${call.method} ${call.path} documents 4XX`).toBeTruthy();
      const validate = ajv.compile(schema as object);
      expect(validate(response.json()), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('declares 204 where a route answers 204, and every real status of a scripted run is documented', async () => {
    await t.app.ready();
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const codes = Object.keys(operation.responses);
        expect({ route: `${method} ${path}`, both: codes.includes('200') && codes.includes('204') }).toEqual({
          route: `${method} ${path}`,
          both: false,
        });
      }
    }
    const documented = (method: string, path: string, status: number) => {
      const codes = Object.keys(document.paths[path]?.[method.toLowerCase()]?.responses ?? {});
      return codes.includes(String(status)) || codes.includes(`${String(status)[0]}XX`);
    };
    const user = await signUp(t.app);
    const project = (
      await request(t.app, 'POST', '/api/projects', { cookie: user.cookie, body: { name: 'Contract' } })
    ).json();
    const note = (
      await request(t.app, 'POST', '/api/notes', {
        cookie: user.cookie,
        body: { projectId: project.id, content: 'x' },
      })
    ).json();
    const script: [method: 'GET' | 'PUT' | 'DELETE' | 'PATCH', url: string, path: string, body?: unknown][] =
      [
        ['GET', `/api/notes/${note.id}`, '/api/notes/{id}'],
        ['PUT', `/api/notes/${note.id}/pin`, '/api/notes/{id}/pin'],
        ['DELETE', `/api/notes/${note.id}/pin`, '/api/notes/{id}/pin'],
        ['PATCH', `/api/notes/${note.id}`, '/api/notes/{id}', { title: 'Renamed' }],
        ['DELETE', `/api/notes/${note.id}`, '/api/notes/{id}'],
        ['DELETE', `/api/projects/${project.id}`, '/api/projects/{id}'],
        ['GET', `/api/projects/${project.id}`, '/api/projects/{id}'],
      ];
    const seen: string[] = [];
    for (const [method, url, path, body] of script) {
      const response = await request(t.app, method, url, {
        cookie: user.cookie,
        ...(body !== undefined ? { body } : {}),
      });
      seen.push(`${method} ${path} ${response.statusCode}`);
      expect({ call: `${method} ${path} ${response.statusCode}`, documented: true }).toEqual({
        call: `${method} ${path} ${response.statusCode}`,
        documented: documented(method, path, response.statusCode),
      });
    }
    expect(seen.filter((line) => line.endsWith(' 204'))).toHaveLength(4);
  });

  it('every JSON answer of a GET has a schema, and real answers match it', async () => {
    await t.app.ready();
    const document = t.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema?: object }> }> }>
      >;
    };
    // Passthroughs to better-auth and the AI stream (text/event-stream) are described in words.
    const described = new Set(['/api/auth/{*}', '/api/ai/enhance']);
    for (const [path, methods] of Object.entries(document.paths)) {
      const get = methods.get;
      if (!get || described.has(path)) continue;
      const success = Object.keys(get.responses).find((code) => code.startsWith('2'));
      expect({ path, success: success !== undefined }).toEqual({ path, success: true });
    }
    const user = await signUp(t.app);
    const ajv = new Ajv({ strict: false });
    for (const path of ['/api/demo', '/api/me/last-page', '/api/me', '/api/health']) {
      const response = await request(t.app, 'GET', path, { cookie: user.cookie });
      expect(response.statusCode).toBe(200);
      const schema = document.paths[path]?.get?.responses['200']?.content?.['application/json']?.schema;
      expect(schema, path).toBeTruthy();
      const validate = ajv.compile(schema as object);
      expect(validate(response.json()), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('documents sign-up and sign-in, and their real answers match the document', async () => {
    await t.app.ready();
    type Responses = Record<string, { content?: Record<string, { schema?: object }> }>;
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Responses }>>;
    };
    const ajv = new Ajv({ strict: false });
    const check = (path: string, status: string, body: unknown) => {
      const schema = document.paths[path]?.post?.responses[status]?.content?.['application/json']?.schema;
      expect(schema, `${path} ${status}`).toBeTruthy();
      const validate = ajv.compile(schema as object);
      expect(validate(body), `${path} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email']) {
      expect(document.paths[path]?.post?.requestBody).toBeTruthy();
    }
    const user = await signUp(t.app);
    const signIn = await request(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(200);
    check('/api/auth/sign-in/email', '200', signIn.json());
    const fresh = await request(t.app, 'POST', '/api/auth/sign-up/email', {
      body: {
        name: 'Documented',
        email: `documented-${Date.now()}@example.com`,
        password: 'correct-horse-battery',
      },
    });
    check('/api/auth/sign-up/email', '200', fresh.json());
    const wrong = await request(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    check('/api/auth/sign-in/email', '4XX', wrong.json());
  });
});
