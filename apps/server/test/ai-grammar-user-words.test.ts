import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSse } from './ai-fake-model';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';

/**
 * The grammar route passes the words a user writes in their notes to the built-in engine as an
 * allow-list: a made-up word (here a user name, 'centril', one letter from 'central') that the
 * user also wrote in another note is theirs and stays; another user's notes never count.
 */
const OTHER_NOTE = 'Thanks to centril for reviewing the parser changes last week.';
const CHECKED = 'We should ask centril about the patch. The new relese is ready.';

describe.each(dialects)('grammar with the user’s own words on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  async function userWithNotes(contents: string[]) {
    const { cookie } = await signUp(t.app);
    const post = (url: string, body: unknown) => request(t.app, 'POST', url, { cookie, body });
    const project = (await post('/api/projects', { name: 'Work' })).json();
    for (const content of contents) {
      const note = await post('/api/notes', { projectId: project.id, content });
      expect(note.statusCode).toBe(201);
    }
    return async (content: string) => {
      const response = await post('/api/ai/enhance', { action: 'grammar', content });
      const done = parseSse(response.body).at(-1);
      expect(done?.event).toBe('done');
      return done?.data.output as string;
    };
  }

  it('keeps a word the user wrote in another note, and corrects it for a user who never did', {
    timeout: 180_000,
  }, async () => {
    // The checked note is saved too, as it is when the user checks a note they are editing.
    const owner = await userWithNotes([OTHER_NOTE, CHECKED]);
    const stranger = await userWithNotes([CHECKED]);
    const mine = await owner(CHECKED);
    expect(mine).toContain('ask centril about');
    expect(mine).toContain('new release is ready');
    // The same text for another user: the first user's notes do not leak into their check.
    const theirs = await stranger(CHECKED);
    expect(theirs).not.toContain('centril');
    expect(theirs).toContain('new release is ready');
  });

  it('counts a note edited since the last check, and forgets a word once its note is in Trash', {
    timeout: 120_000,
  }, async () => {
    const { cookie } = await signUp(t.app);
    const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie, body });
    const project = (await call('POST', '/api/projects', { name: 'Work' })).json();
    await call('POST', '/api/notes', { projectId: project.id, content: CHECKED });
    const other = (
      await call('POST', '/api/notes', { projectId: project.id, content: 'Nothing here.' })
    ).json();
    const check = async () =>
      parseSse((await call('POST', '/api/ai/enhance', { action: 'grammar', content: CHECKED })).body).at(-1)
        ?.data.output as string;
    expect(await check()).not.toContain('centril');
    const edited = await call('PATCH', `/api/notes/${other.id}`, {
      content: OTHER_NOTE,
      version: other.version,
    });
    expect(edited.statusCode).toBe(200);
    expect(await check()).toContain('centril');
    expect((await call('DELETE', `/api/notes/${other.id}`)).statusCode).toBe(204);
    expect(await check()).not.toContain('centril');
  });
});
