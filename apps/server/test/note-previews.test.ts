import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';

/**
 * Previews keep blocks apart: a checklist, a pasted paragraph, a list item's second paragraph, a
 * heading, a rule or a nested task never run their words together ("open taskpasted another task")
 * in the note list, the card excerpt or search.
 */
const CONTENTS = [
  '- [ ] open task\n- [ ] pasted another task',
  '- [ ] open task\n\npasted another task',
  '- [ ] open task\n\n  pasted another task',
  '- [ ] open task\n  - [x] pasted another task',
  '## open task\npasted another task',
  'open task\n\n---\n\npasted another task',
  'open task  \npasted another task',
  '| open task |\n|---|\n| pasted another task |',
];

describe.each(dialects)('note previews on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  it('separate the blocks of a note with a space in lists, cards and search', async () => {
    const { cookie } = await signUp(t.app);
    const project = (
      await request(t.app, 'POST', '/api/projects', { cookie, body: { name: 'Tasks' } })
    ).json();
    for (const [index, content] of CONTENTS.entries()) {
      const created = await request(t.app, 'POST', '/api/notes', {
        cookie,
        body: { projectId: project.id, title: `Case ${index}`, content },
      });
      expect(created.statusCode).toBe(201);
    }
    const notes = (await request(t.app, 'GET', `/api/notes?projectId=${project.id}`, { cookie })).json()
      .notes;
    expect(notes).toHaveLength(CONTENTS.length);
    for (const note of notes) {
      expect(note.preview, note.title).toBe('open task pasted another task');
      expect(note.excerpt, note.title).toBe('open task pasted another task');
    }
    const found = (await request(t.app, 'GET', '/api/search?q=pasted&limit=50', { cookie })).json().results;
    expect(found).toHaveLength(CONTENTS.length);
    for (const result of found) expect(result.preview, result.title).toBe('open task pasted another task');
  });
});
