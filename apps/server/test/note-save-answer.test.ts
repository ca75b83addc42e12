import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';
import { stopApp } from './support/suite-app';

/*
 * A save answers the note as that save left it, built from the row it wrote over instead of read back
 * (decision 084). Whatever the change (text, title, tags, a rename without a version, a pinned note,
 * text whose tags and spaces are normalised on the way in), the answer must be byte for byte what
 * reading the note right after answers, on both databases.
 */
describe.each(dialects)('the answer to a save on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let projectId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    ({ cookie } = await signUp(t.app));
    const project = await request(t.app, 'POST', '/api/projects', { cookie, body: { name: 'Work' } });
    projectId = project.json().id;
  });
  afterAll(() => stopApp(t));

  const create = async () => {
    const response = await request(t.app, 'POST', '/api/notes', {
      cookie,
      body: { projectId, title: 'Plan', content: 'First words.', tags: ['alpha'] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; version: number };
  };
  const saveAndRead = async (id: string, body: Record<string, unknown>) => {
    const saved = await request(t.app, 'PATCH', `/api/notes/${id}`, { cookie, body });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await request(t.app, 'GET', `/api/notes/${id}`, { cookie });
    expect(saved.json()).toEqual(read.json());
    expect(saved.body).toBe(read.body);
    return saved.json() as { version: number };
  };

  it('a text save (autosave) answers what a read answers, and each next save starts from it', async () => {
    const note = await create();
    let version = note.version;
    for (let i = 0; i < 3; i++) {
      const text = `# Heading ${i}\n\nSome **bold** words and a [link](https://example.com), save ${i}.\n\n- [ ] a task`;
      const saved = await saveAndRead(note.id, { content: text, version });
      expect(saved.version).toBe(version + 1);
      version = saved.version;
    }
  });

  it('title, tags (normalised) and text together', async () => {
    const note = await create();
    await saveAndRead(note.id, {
      title: 'New title',
      tags: ['  Beta  tag ', 'beta TAG', 'gamma'],
      content: 'Other words.',
      version: note.version,
    });
  });

  it('a rename without a version, and tags alone', async () => {
    const note = await create();
    const renamed = await saveAndRead(note.id, { title: 'Renamed' });
    await saveAndRead(note.id, { tags: [], version: renamed.version });
  });

  it('a pinned note stays pinned in the answer', async () => {
    const note = await create();
    expect((await request(t.app, 'PUT', `/api/notes/${note.id}/pin`, { cookie })).statusCode).toBe(204);
    await saveAndRead(note.id, { content: 'Pinned and saved.', version: note.version });
  });

  it('a stale version still answers 409 with the note as stored', async () => {
    const note = await create();
    await saveAndRead(note.id, { content: 'Newer.', version: note.version });
    const stale = await request(t.app, 'PATCH', `/api/notes/${note.id}`, {
      cookie,
      body: { content: 'Older.', version: note.version },
    });
    expect(stale.statusCode).toBe(409);
    const read = await request(t.app, 'GET', `/api/notes/${note.id}`, { cookie });
    expect(stale.json().error.details.current).toEqual(read.json());
  });
});
