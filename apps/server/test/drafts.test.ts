import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';

describe.each(dialects)('drafts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  it('saves, replaces, reads back and clears a draft per user and kind', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const get = (cookie: string, kind = 'note_input') =>
      request(t.app, 'GET', `/api/drafts/${kind}`, { cookie });
    expect((await get(a.cookie)).json()).toEqual({ draft: null });

    expect(
      (
        await request(t.app, 'PUT', '/api/drafts/note_input', {
          cookie: a.cookie,
          body: { content: 'first' },
        })
      ).statusCode,
    ).toBe(204);
    await request(t.app, 'PUT', '/api/drafts/note_input', {
      cookie: a.cookie,
      body: { content: 'second thought' },
    });
    await request(t.app, 'PUT', '/api/drafts/note_edit', {
      cookie: a.cookie,
      body: { content: 'editing', noteId: 'n1', projectId: 'p1' },
    });

    expect((await get(a.cookie)).json().draft).toMatchObject({
      kind: 'note_input',
      content: 'second thought',
      noteId: null,
    });
    expect((await get(a.cookie, 'note_edit')).json().draft).toMatchObject({
      content: 'editing',
      noteId: 'n1',
      projectId: 'p1',
    });
    expect((await get(b.cookie)).json()).toEqual({ draft: null });

    expect((await request(t.app, 'DELETE', '/api/drafts/note_input', { cookie: a.cookie })).statusCode).toBe(
      204,
    );
    expect((await get(a.cookie)).json()).toEqual({ draft: null });
    expect((await get(a.cookie, 'note_edit')).json().draft).not.toBeNull();
  });

  it('refuses unknown kinds, unknown fields and signed-out callers', async () => {
    const a = await signUp(t.app);
    expect((await request(t.app, 'GET', '/api/drafts/other', { cookie: a.cookie })).statusCode).toBe(400);
    const extra = await request(t.app, 'PUT', '/api/drafts/note_input', {
      cookie: a.cookie,
      body: { content: 'x', user: 'y' },
    });
    expect(extra.statusCode).toBe(400);
    expect((await request(t.app, 'GET', '/api/drafts/note_input')).statusCode).toBe(401);
  });
});
