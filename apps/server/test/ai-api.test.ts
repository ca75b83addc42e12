import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_MESSAGES, MAX_AI_INPUT_LENGTH } from '@notewise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorAnswer, type FakeModel, parseSse, startFakeModel, streamAnswer } from './ai-fake-model';
import { dialects, request, setPlan, signUp, startTestApp, type TestApp } from './helpers';

/** The real app (app.ts registers the AI routes) with this AI configuration. */
async function startAiApp(dialect: (typeof dialects)[number], env: Record<string, string>) {
  return startTestApp(dialect, { DEMO_ACCOUNT: 'false', ...env });
}

function api(t: TestApp, cookie: string) {
  return {
    get: (url: string) => request(t.app, 'GET', url, { cookie }),
    post: (url: string, body: unknown) => request(t.app, 'POST', url, { cookie, body }),
  };
}

const NOTE = [
  'The city council met on Tuesday to discuss the new bicycle lanes.',
  'Several residents spoke in favour of the bicycle lanes, citing safety for children.',
  'Shop owners worried that the lanes would remove parking spaces in front of their stores.',
  'The council agreed to study parking on the main street before a final vote.',
  'A traffic engineer presented data showing fewer accidents on streets with protected bicycle lanes.',
  'The final vote on the bicycle lanes is planned for next month.',
].join(' ');

const waitFor = async (condition: () => boolean | Promise<boolean>, timeoutMs = 5000) => {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(dialects)('AI API with the built-in engine on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAiApp(dialect, { AI_RATE_LIMIT: '5' });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  it('reports the built-in engine, which cannot translate, to signed-in users only', async () => {
    expect((await request(t.app, 'GET', '/api/ai/status')).statusCode).toBe(401);
    const { cookie } = await signUp(t.app);
    const status = await api(t, cookie).get('/api/ai/status');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      provider: 'builtin',
      model: null,
      actions: { summarize: true, grammar: true, translate: false, structure: true, capture: true },
    });
  });

  it('streams a summary as Server-Sent Events, each stream under its own id', async () => {
    const { cookie } = await signUp(t.app);
    const a = api(t, cookie);
    const response = await a.post('/api/ai/enhance', { action: 'summarize', content: NOTE });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache, no-transform');
    expect(response.headers['x-accel-buffering']).toBe('no');
    // The stream still carries the app-wide headers (helmet, request id).
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');

    const events = parseSse(response.body);
    expect(events[0]?.event).toBe('job');
    const jobId = events[0]?.data.jobId as string;
    expect(jobId).toBeTruthy();
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(5);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    const output = done?.data.output as string;
    expect(done?.data.jobId).toBe(jobId);
    expect(deltas.map((e) => e.data.text).join('')).toBe(output);
    expect(output.length).toBeLessThan(NOTE.length);
    expect(NOTE).toContain(output.split('. ')[0] as string);

    // Each stream has its own id.
    const again = parseSse((await a.post('/api/ai/enhance', { action: 'summarize', content: NOTE })).body);
    expect(again[0]?.data.jobId).toBeTruthy();
    expect(again[0]?.data.jobId).not.toBe(jobId);
  });

  // Harper loads on this first grammar request: 4-15 s, far more on a busy CI machine.
  it('fixes grammar with harper.js through the API', { timeout: 120_000 }, async () => {
    const { cookie } = await signUp(t.app);
    const response = await api(t, cookie).post('/api/ai/enhance', {
      action: 'grammar',
      content: 'i has went to the the store.\n\n- buy **milk**',
    });
    const done = parseSse(response.body).at(-1);
    expect(done?.event).toBe('done');
    const output = done?.data.output as string;
    expect(output).toMatch(/^I /);
    expect(output).not.toContain('the the');
    expect(output.endsWith('\n\n- buy **milk**')).toBe(true);
  });

  it('structures a note into headings and lists', async () => {
    const { cookie } = await signUp(t.app);
    const response = await api(t, cookie).post('/api/ai/enhance', {
      action: 'structure',
      content: 'Shopping trip\nWe need food for the weekend.\n- eggs\n* milk',
    });
    expect(parseSse(response.body).at(-1)?.data.output).toBe(
      '# Shopping trip\n\nWe need food for the weekend.\n\n- eggs\n- milk',
    );
  });

  it('refuses FREE users (403) for enhance and capture', async () => {
    const { cookie, email } = await signUp(t.app);
    await setPlan(t, email, 'FREE', null);
    const a = api(t, cookie);
    const enhance = await a.post('/api/ai/enhance', { action: 'summarize', content: NOTE });
    expect(enhance.statusCode).toBe(403);
    expect(enhance.json().error.code).toBe('ACCESS_REQUIRED');
    expect((await a.post('/api/ai/capture', { content: 'A note.' })).statusCode).toBe(403);
    expect((await a.get('/api/ai/status')).statusCode).toBe(200);
  });

  it.each([
    ['blank content', { action: 'summarize', content: '   \n ' }, 400, AI_MESSAGES.contentRequired],
    ['no content', { action: 'summarize' }, 400, AI_MESSAGES.contentRequired],
    [
      'content over MAX_AI_INPUT_LENGTH',
      { action: 'summarize', content: 'x'.repeat(MAX_AI_INPUT_LENGTH + 1) },
      413,
      AI_MESSAGES.contentTooLong,
    ],
    [
      'an unknown action',
      { action: 'poem', content: 'Hello' },
      400,
      'Action must be one of summarize, grammar, translate, structure.',
    ],
    [
      'an unsupported language',
      { action: 'translate', content: 'Hello', language: 'Klingon' },
      400,
      AI_MESSAGES.languageUnsupported,
    ],
    [
      'translate without a language',
      { action: 'translate', content: 'Hello' },
      400,
      AI_MESSAGES.languageRequired,
    ],
    [
      'a language for grammar',
      { action: 'grammar', content: 'Hello', language: 'French' },
      400,
      AI_MESSAGES.languageNotAllowed,
    ],
    [
      'an unknown field',
      { action: 'summarize', content: 'Hello', model: 'gpt' },
      400,
      'Unrecognized key: "model"',
    ],
  ])('refuses %s', async (_label, body, status, message) => {
    const { cookie } = await signUp(t.app);
    const response = await api(t, cookie).post('/api/ai/enhance', body);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().error.message).toBe(message);
  });

  it('answers a built-in translate with 422 AI_MODEL_REQUIRED before streaming', async () => {
    const { cookie } = await signUp(t.app);
    const a = api(t, cookie);
    const response = await a.post('/api/ai/enhance', {
      action: 'translate',
      content: 'Hello',
      language: 'French',
    });
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().error).toEqual({
      code: 'AI_MODEL_REQUIRED',
      message: AI_MESSAGES.modelRequired,
    });
  });

  it('rate limits AI requests per user with 429 and Retry-After', async () => {
    const { cookie } = await signUp(t.app);
    const a = api(t, cookie);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await a.post('/api/ai/enhance', { action: 'structure', content: `Note ${i}` })).statusCode,
      ).toBe(200);
    }
    const limited = await a.post('/api/ai/enhance', { action: 'structure', content: 'One more' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many AI requests. Please wait a moment and try again.',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await a.post('/api/ai/capture', { content: 'Hello' })).statusCode).toBe(429);
    // Another user has their own budget.
    const other = await signUp(t.app);
    expect((await api(t, other.cookie).post('/api/ai/capture', { content: 'Hello' })).statusCode).toBe(201);
  });

  it('captures a note into the project with the best word overlap, titled by its first sentence', async () => {
    const { cookie } = await signUp(t.app);
    const a = api(t, cookie);
    await a.post('/api/projects', { name: 'Health', description: 'Workouts, sleep and food' });
    const work = (
      await a.post('/api/projects', { name: 'Work', description: 'Client meetings and budgets' })
    ).json();
    const response = await a.post('/api/ai/capture', {
      content: 'Budget meeting with the client on Friday. Bring the <u>numbers</u>.<script>alert(1)</script>',
    });
    expect(response.statusCode).toBe(201);
    const { note, project } = response.json();
    expect(project).toMatchObject({ id: work.id, name: 'Work', noteCount: 1 });
    expect(note).toMatchObject({ projectId: work.id, title: 'Budget meeting with the client on Friday' });
    expect(note.content).toContain('<u>numbers</u>');
    expect(note.content).not.toContain('<script');
    expect((await a.get(`/api/notes/${note.id}`)).statusCode).toBe(200);
  });

  it('proposes where Add Note would file a text without storing anything', async () => {
    const { cookie } = await signUp(t.app);
    const a = api(t, cookie);
    const work = (
      await a.post('/api/projects', { name: 'Work', description: 'Client meetings and budgets' })
    ).json();
    const before = (await a.get('/api/notes/counts')).json();
    const fits = await a.post('/api/ai/capture/proposal', { content: 'Budget meeting with the client.' });
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).toEqual({
      title: 'Budget meeting with the client',
      project: { id: work.id, name: 'Work' },
    });
    // Nothing fits: null, which the composer shows as 'Inbox' (no Inbox project is created).
    const none = await a.post('/api/ai/capture/proposal', { content: 'Paint the fence blue.' });
    expect(none.json().project).toBeNull();
    expect((await a.get('/api/notes/counts')).json()).toEqual(before);
    const names = (await a.get('/api/projects')).json().projects.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Work']);
    expect((await a.post('/api/ai/capture/proposal', { content: ' ' })).statusCode).toBe(400);
    expect((await a.post('/api/ai/capture/proposal', { content: 'x', projectId: work.id })).statusCode).toBe(
      400,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/ai/capture/proposal', payload: { content: 'x' } }))
        .statusCode,
    ).toBe(401);
  });

  it('does not repeat a title taken from a whole first line as the first line of the body', async () => {
    const a = api(t, (await signUp(t.app)).cookie);
    const heading = await a.post('/api/ai/capture', { content: '# Groceries\n\n- milk\n- eggs' });
    expect(heading.json().note).toMatchObject({ title: 'Groceries', content: '- milk\n- eggs' });
    // As the composer sends two typed lines: a hard break (backslash) between them.
    const line = await a.post('/api/ai/capture', { content: 'Call plumber\\\nThe kitchen tap drips.' });
    expect(line.json().note).toMatchObject({ title: 'Call plumber', content: 'The kitchen tap drips.' });
    // The title is only part of the first line, or the line is all there is: the text stays whole.
    const partial = await a.post('/api/ai/capture', { content: 'Budget first. Then the rest.\n\nMore.' });
    expect(partial.json().note.content).toBe('Budget first. Then the rest.\n\nMore.');
    const single = await a.post('/api/ai/capture', { content: 'Just one line' });
    expect(single.json().note).toMatchObject({ title: 'Just one line', content: 'Just one line' });
    // A title the user wrote keeps the text exactly as typed.
    const titled = await a.post('/api/ai/capture', {
      content: 'bold text\n\nand more',
      title: 'My own title',
    });
    expect(titled.json().note).toMatchObject({ title: 'My own title', content: 'bold text\n\nand more' });
  });

  it("captures into an 'Inbox' project, created once, when no project fits", async () => {
    const { cookie } = await signUp(t.app);
    const a = api(t, cookie);
    const first = await a.post('/api/ai/capture', { content: 'Call grandma about the garden.' });
    expect(first.statusCode).toBe(201);
    expect(first.json().project).toMatchObject({ name: 'Inbox', kind: 'personal' });
    expect(first.json().note.title).toBe('Call grandma about the garden');

    await a.post('/api/projects', { name: 'Recipes', description: 'Cooking ideas' });
    const second = await a.post('/api/ai/capture', { content: 'Paint the fence blue' });
    expect(second.json().project.id).toBe(first.json().project.id);
    const names = (await a.get('/api/projects')).json().projects.map((p: { name: string }) => p.name);
    expect(names.filter((name: string) => name === 'Inbox')).toHaveLength(1);
    expect((await a.post('/api/ai/capture', { content: '  ' })).statusCode).toBe(400);
  });

  it("captures into the project the user picked, a shared one included; never into a stranger's", async () => {
    const owner = await signUp(t.app);
    const a = api(t, owner.cookie);
    await a.post('/api/projects', { name: 'Work', description: 'Client meetings and budgets' });
    const shared = (await a.post('/api/shared-projects', { name: 'Team' })).json();
    const member = await signUp(t.app);
    const b = api(t, member.cookie);
    expect((await b.post('/api/shared-projects/join', { code: shared.code })).statusCode).toBeLessThan(300);

    // The member files a note about budgets into the shared project: the pick wins over 'Work'.
    const response = await b.post('/api/ai/capture', {
      content: 'Budget meeting with the client on Friday.',
      projectId: shared.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().note.projectId).toBe(shared.id);
    expect(response.json().project).toMatchObject({ id: shared.id, kind: 'shared' });
    // Both members see it.
    const listed = (await a.get(`/api/notes?projectId=${shared.id}`)).json();
    expect(JSON.stringify(listed)).toContain(response.json().note.id);

    const stranger = api(t, (await signUp(t.app)).cookie);
    const refused = await stranger.post('/api/ai/capture', { content: 'Hi there.', projectId: shared.id });
    expect(refused.statusCode).toBe(404);
  });
});

describe.each(dialects)('AI API with an OpenAI-compatible model on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeModel;
  beforeAll(async () => {
    fake = await startFakeModel();
    t = await startAiApp(dialect, {
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: 'sk-test',
      AI_MODEL: 'test-model',
      // The whole call's limit covers retries: three quick 429 answers outran 2 s on a loaded CI
      // machine and ended as a time-out. 8 s leaves a stall's inactivity limit at 2 s (a quarter).
      AI_TIMEOUT_MS: '8000',
      AI_RATE_LIMIT: '100',
    });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('reports the model and translates, streaming what the model sends', async () => {
    fake.handler = (_request, response) => streamAnswer(response, ['Bonjour', ' le', ' **monde**']);
    const { cookie } = await signUp(t.app);
    const a = api(t, cookie);
    expect((await a.get('/api/ai/status')).json()).toEqual({
      provider: 'openai-compatible',
      model: 'test-model',
      actions: { summarize: true, grammar: true, translate: true, structure: true, capture: true },
    });
    const response = await a.post('/api/ai/enhance', {
      action: 'translate',
      content: 'Hello the **world**',
      language: 'French',
    });
    const events = parseSse(response.body);
    expect(events.map((e) => e.event)).toEqual(['job', 'delta', 'delta', 'delta', 'done']);
    expect(events.slice(1, 4).map((e) => e.data.text)).toEqual(['Bonjour', ' le', ' **monde**']);
    expect(events[4]?.data.output).toBe('Bonjour le **monde**');

    const sent = fake.requests[0];
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
    expect(sent?.body).toMatchObject({ model: 'test-model', stream: true });
    expect(sent?.body.messages?.[0]?.content).toContain('into French');
    expect(sent?.body.messages?.[1]).toEqual({ role: 'user', content: 'Hello the **world**' });
    expect(events[4]?.data.jobId).toBe(events[0]?.data.jobId);
  });

  it('ends the stream with an error event when the model keeps failing', async () => {
    fake.handler = (_request, response) => errorAnswer(response, 429, { 'retry-after': '0' });
    const { cookie } = await signUp(t.app);
    const a = api(t, cookie);
    const response = await a.post('/api/ai/enhance', { action: 'summarize', content: NOTE });
    expect(response.statusCode).toBe(200);
    const events = parseSse(response.body);
    expect(events.map((e) => e.event)).toEqual(['job', 'error']);
    expect(events[1]?.data).toEqual({ code: 'AI_BUSY', message: AI_MESSAGES.busy });
    expect(fake.requests).toHaveLength(3);
  });

  it('reports a stalled model with the time-out message', async () => {
    fake.handler = (_request, response) => streamAnswer(response, ['Partial'], { end: false });
    const { cookie } = await signUp(t.app);
    const response = await api(t, cookie).post('/api/ai/enhance', { action: 'summarize', content: NOTE });
    const events = parseSse(response.body);
    expect(events.map((e) => e.event)).toEqual(['job', 'delta', 'error']);
    expect(events[2]?.data).toEqual({ code: 'AI_TIMEOUT', message: 'The AI model took too long to answer.' });
  });

  it('captures with the title and project the model proposes', async () => {
    fake.handler = (_request, response) =>
      streamAnswer(response, ['{"title": "Quarterly numbers", "project": "Work"}']);
    const { cookie } = await signUp(t.app);
    const a = api(t, cookie);
    const work = (await a.post('/api/projects', { name: 'Work' })).json();
    const response = await a.post('/api/ai/capture', { content: 'We went through the Q3 figures.' });
    expect(response.statusCode).toBe(201);
    expect(response.json().note).toMatchObject({ title: 'Quarterly numbers', projectId: work.id });
    expect(fake.requests[0]?.body.messages?.[1]?.content).toContain('- Work');
  });

  it('allows two streams per user at once and refuses a third with 429', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.handler = async (_request, response) => {
      await gate;
      await streamAnswer(response, ['ok']);
    };
    const { cookie } = await signUp(t.app);
    const a = api(t, cookie);
    const first = a.post('/api/ai/enhance', { action: 'summarize', content: NOTE });
    const second = a.post('/api/ai/enhance', { action: 'grammar', content: NOTE });
    await waitFor(() => fake.requests.length === 2);
    const third = await a.post('/api/ai/enhance', { action: 'structure', content: NOTE });
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    expect(third.headers['retry-after']).toBeTruthy();
    release();
    for (const response of await Promise.all([first, second])) {
      expect(parseSse(response.body).at(-1)?.event).toBe('done');
    }
    // Both slots are free again.
    expect((await a.post('/api/ai/enhance', { action: 'structure', content: NOTE })).statusCode).toBe(200);
  });

  it('cancels the model call and frees its slot when the client disconnects', async () => {
    fake.handler = (_request, response) =>
      streamAnswer(
        response,
        Array.from({ length: 100 }, (_, i) => `word${i} `),
        { delayMs: 50 },
      );
    const { cookie } = await signUp(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    // A plain HTTP request (no keep-alive agent) that goes away after the first delta.
    const { jobId, headers } = await new Promise<{ jobId: string; headers: http.IncomingHttpHeaders }>(
      (resolve, reject) => {
        const body = JSON.stringify({ action: 'summarize', content: NOTE });
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/ai/enhance',
            agent: false,
            headers: {
              cookie,
              origin: `http://127.0.0.1:${port}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (part: string) => {
              text += part;
              if (text.includes('event: delta')) {
                req.destroy();
                resolve({
                  jobId: parseSse(text.slice(0, text.indexOf('\n\n') + 2))[0]?.data.jobId as string,
                  headers: res.headers,
                });
              }
            });
          },
        );
        req.on('error', (error) => {
          if (!req.destroyed) reject(error);
        });
        req.end(body);
      },
    );
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');

    expect(jobId).toBeTruthy();
    await waitFor(() => fake.requests[0]?.aborted === true);

    // The cancelled stream gave its slot back: two more streams run at once (a third would be refused).
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.handler = async (_request, response) => {
      await gate;
      await streamAnswer(response, ['ok']);
    };
    const a = api(t, cookie);
    const first = a.post('/api/ai/enhance', { action: 'summarize', content: NOTE });
    const second = a.post('/api/ai/enhance', { action: 'grammar', content: NOTE });
    await waitFor(() => fake.requests.length === 3);
    release();
    for (const response of await Promise.all([first, second])) {
      expect(parseSse(response.body).at(-1)?.event).toBe('done');
    }
  });
});
