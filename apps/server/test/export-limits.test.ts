import { MAX_NOTE_CONTENT_LENGTH, MESSAGES } from '@notewise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app';
import {
  EXPORT_IN_PROGRESS_MESSAGE,
  EXPORT_RENDER_RATE_RULE,
} from '../src/modules/export-import/export-gate';
import { EXPORT_TOO_LONG_MESSAGE } from '../src/modules/export-import/render-pool';
import { opsMetrics } from '../src/ops/metrics';
import { createTestDatabase, dialects, request, signUp, type TestDatabase, testConfig } from './helpers';

// Decision 042: one user's PDF or Word export cannot hold the one render worker for everyone.

/** Far past the budget below even on an idle machine (10,000 of these once rendered in 2.5 s). */
const LONG_NOTE = Array.from(
  { length: 20_000 },
  (_, i) => `Paragraph ${i} with **bold** words to lay out.`,
).join('\n\n');
const BUDGET_MS = 1500;

describe.each(dialects)('PDF and Word export limits on %s', (dialect) => {
  let testDb: TestDatabase;
  let built: BuiltApp;
  let database: ReturnType<TestDatabase['open']>;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    database = testDb.open();
    built = await buildApp(testConfig(testDb.dataDir, { DEMO_ACCOUNT: 'false' }), {
      database,
      logger: false,
      renderTimeoutMs: BUDGET_MS,
    });
  });
  afterAll(async () => {
    await built?.app.close();
    await database?.close();
    await testDb?.destroy();
  });

  async function writer() {
    const account = await signUp(built.app);
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      request(built.app, method, url, { cookie: account.cookie, ...(body ? { body } : {}) });
    const project = (await call('POST', '/api/projects', { name: 'Exports' })).json();
    const note = async (content: string) => {
      const created = await call('POST', '/api/notes', { projectId: project.id, title: 'Note', content });
      expect(created.statusCode).toBe(201);
      return created.json().id as string;
    };
    const exportNote = async (id: string, format: 'pdf' | 'docx') => {
      const started = performance.now();
      const response = await call('GET', `/api/notes/${id}/export?format=${format}`);
      return { response, ms: performance.now() - started };
    };
    return { ...account, note, exportNote };
  }

  const errorOf = (response: LightMyRequestResponse) => response.json().error;

  it('a render past the budget is stopped with a clear 413; a second export by the same user is refused at once; another user is served', async () => {
    const a = await writer();
    const b = await writer();
    const long = await a.note(LONG_NOTE);
    const short = await b.note('A short note.');

    // The worker is started and warm, so the budget is what stops A's render.
    expect((await b.exportNote(short, 'docx')).response.statusCode).toBe(200);

    const first = a.exportNote(long, 'pdf');
    const second = a.exportNote(long, 'docx');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const other = b.exportNote(short, 'pdf');
    const [one, two, theirs] = await Promise.all([first, second, other]);

    // Exactly one of A's two got the worker and ran out of time; the other was refused without waiting.
    const outcomes = [one, two].sort((x, y) => x.response.statusCode - y.response.statusCode);
    const [rendered, refused] = outcomes as [typeof one, typeof one];
    expect(rendered.response.statusCode).toBe(413);
    expect(errorOf(rendered.response)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: EXPORT_TOO_LONG_MESSAGE,
    });
    expect(refused.response.statusCode, refused.response.body).toBe(429);
    expect(errorOf(refused.response).message).toBe(EXPORT_IN_PROGRESS_MESSAGE);
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);

    // B's export was queued behind at most A's one budget (plus a fresh worker's start).
    expect(theirs.response.statusCode, theirs.response.body).toBe(200);
    expect(theirs.response.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    console.info(
      `[export limits ${dialect}] A stopped after ${Math.round(rendered.ms)} ms (budget ${BUDGET_MS}), A's second refused in ${Math.round(refused.ms)} ms, B served in ${Math.round(theirs.ms)} ms`,
    );

    // The user's slot was given back and the worker replaced: A's next export works.
    const after = await a.exportNote(await a.note('Back to normal.'), 'docx');
    expect(after.response.statusCode, after.response.body).toBe(200);
    expect(after.response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  }, 120_000);

  it('a note longer than a note may be saved (9,000,000 characters) is refused before it reaches the worker', async () => {
    const a = await writer();
    const id = await a.note('Soon very long.');
    const huge = 'All work and no play. '.repeat(Math.ceil(9_000_000 / 22));
    expect(huge.length).toBeGreaterThan(MAX_NOTE_CONTENT_LENGTH);
    // As the co-editing store writes it: without the REST length check.
    await database.db.updateTable('notes').set({ content: huge }).where('id', '=', id).execute();
    const other = await writer();
    const short = await other.note('Served meanwhile.');

    // A render past its time-out answers the same 413 and counts a timed-out render job.
    const timedOut = () => opsMetrics.tallies.jobFailures.value({ job: 'export-render-timeout' });
    const timeoutsBefore = timedOut();
    const [refused, theirs] = await Promise.all([a.exportNote(id, 'pdf'), other.exportNote(short, 'pdf')]);
    expect(refused.response.statusCode).toBe(413);
    expect(errorOf(refused.response).message).toBe(EXPORT_TOO_LONG_MESSAGE);
    // Refused before the worker: nothing was rendered, so no render ran out of time (a duration
    // check here failed on a busy machine, decision 108).
    expect(timedOut()).toBe(timeoutsBefore);
    expect(theirs.response.statusCode).toBe(200);
    console.info(`[export limits ${dialect}] 9M-character note refused in ${Math.round(refused.ms)} ms`);
  }, 120_000);

  it(`allows ${EXPORT_RENDER_RATE_RULE.limit} PDF or Word exports a minute per user, then 429 with Retry-After`, async () => {
    const a = await writer();
    const id = await a.note('Exported again and again.');
    for (let i = 0; i < EXPORT_RENDER_RATE_RULE.limit; i += 1) {
      const { response } = await a.exportNote(id, i % 2 ? 'pdf' : 'docx');
      expect(response.statusCode, `export ${i + 1}: ${response.body}`).toBe(200);
    }
    const { response } = await a.exportNote(id, 'pdf');
    expect(response.statusCode).toBe(429);
    expect(errorOf(response).message).toBe(MESSAGES.tooManyRequests);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected, and Markdown is not counted.
    const b = await writer();
    expect((await b.exportNote(await b.note('Mine.'), 'pdf')).response.statusCode).toBe(200);
    const md = await request(built.app, 'GET', `/api/notes/${id}/export?format=md`, { cookie: a.cookie });
    expect(md.statusCode).toBe(200);
  }, 120_000);
});
