import { PROJECT_TEMPLATES } from '@notewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectsRepo } from '../src/modules/projects/projects.repo';
import { dialects, nextMillisecond, request, setPlan, signUp, startTestApp, type TestApp } from './helpers';

describe.each(dialects)('projects, notes, pins and search on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  const api = (cookie: string) => ({
    get: (url: string) => request(t.app, 'GET', url, { cookie }),
    post: (url: string, body: unknown = {}) => request(t.app, 'POST', url, { cookie, body }),
    patch: (url: string, body: unknown) => request(t.app, 'PATCH', url, { cookie, body }),
    put: (url: string, body: unknown = {}) => request(t.app, 'PUT', url, { cookie, body }),
    del: (url: string) => request(t.app, 'DELETE', url, { cookie }),
  });

  async function userWithProject(projectName = 'Work') {
    const account = await signUp(t.app);
    const a = api(account.cookie);
    const project = (await a.post('/api/projects', { name: projectName })).json();
    return { ...account, a, project };
  }

  it('creates a project with a trimmed name and blue by default, and lists it with its note count', async () => {
    const { a } = await userWithProject();
    // Writes in one millisecond tie on their time (then id order); the order asserted needs them apart.
    await nextMillisecond();
    const created = await a.post('/api/projects', { name: '  Research  ', description: 'Papers' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Research',
      description: 'Papers',
      color: 'blue',
      noteCount: 0,
      role: 'owner',
    });
    await a.post('/api/notes', { projectId: created.json().id });
    const list = (await a.get('/api/projects')).json().projects;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Research', 'Work']);
    expect(list[0].noteCount).toBe(1);
  });

  it.each([
    [{ name: '   ' }, 'Project name is required.'],
    [
      { name: 'X', color: 'teal' },
      'Color must be one of blue, red, yellow, green, orange, pink, purple, brown.',
    ],
    [{ name: 'X', owner: 'someone' }, 'Unrecognized key: "owner"'],
  ])('refuses a bad project %j', async (body, message) => {
    const { a } = await userWithProject();
    const response = await a.post('/api/projects', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('renames and recolours a project, and deletes it with its notes', async () => {
    const { a, project } = await userWithProject();
    const renamed = await a.patch(`/api/projects/${project.id}`, { name: ' Job ', color: 'red' });
    expect(renamed.json()).toMatchObject({ name: 'Job', color: 'red' });
    const note = (await a.post('/api/notes', { projectId: project.id })).json();
    expect((await a.del(`/api/projects/${project.id}`)).statusCode).toBe(204);
    expect((await a.get(`/api/notes/${note.id}`)).statusCode).toBe(404);
    expect((await a.get('/api/projects')).json().projects).toEqual([]);
  });

  it('creates a whole template set in one request with the names and colours of docs/product.md §3, in order', async () => {
    const { a } = await userWithProject();
    const response = await a.post('/api/projects/from-template', { template: 'mind-mission' });
    expect(response.statusCode).toBe(201);
    const expected = PROJECT_TEMPLATES['mind-mission'].projects;
    expect(
      response
        .json()
        .projects.map((p: { name: string; color: string }) => ({ name: p.name, color: p.color })),
    ).toEqual(expected);
    const listed = (await a.get('/api/projects')).json().projects.slice(0, expected.length);
    expect(listed.map((p: { name: string }) => p.name)).toEqual(expected.map((p) => p.name));
    expect((await a.post('/api/projects/from-template', { template: 'pirate' })).statusCode).toBe(400);
  });

  it('a template set is atomic: a failure half-way leaves nothing behind', async () => {
    const { user, a } = await userWithProject();
    const repo = createProjectsRepo(t.database.db);
    const before = (await a.get('/api/projects')).json().projects.length;
    await expect(
      repo.createMany(user.id, [
        { name: 'First', color: 'red' },
        { name: null as unknown as string, color: 'blue' },
      ]),
    ).rejects.toThrow();
    expect((await a.get('/api/projects')).json().projects.length).toBe(before);
  });

  it('creates an Untitled Note, sanitizes content on write and derives previews without tags', async () => {
    const { a, project } = await userWithProject();
    const blank = await a.post('/api/notes', { projectId: project.id });
    expect(blank.statusCode).toBe(201);
    expect(blank.json()).toMatchObject({
      title: 'Untitled Note',
      content: '',
      version: 1,
      pinned: false,
      tags: [],
    });

    const dirty = await a.post('/api/notes', {
      projectId: project.id,
      title: 'Dirty',
      content:
        'Hello <u>there</u> <img src=x onerror=alert(1)><script>alert(1)</script> [x](javascript:alert(1))',
      tags: ['a', ' a ', 'B'],
    });
    const note = dirty.json();
    expect(note.content).toContain('<u>there</u>');
    // Raw HTML stays visible, as escaped text (decision 023), never as a tag; the unsafe link keeps its text only.
    expect(note.content).toBe(
      'Hello <u>there</u> &lt;img src=x onerror=alert(1)>&lt;script>alert(1)&lt;/script> x',
    );
    expect(note.content.toLowerCase()).not.toMatch(/<img|<script|javascript:/);
    expect(note.preview).toBe('Hello there <img src=x onerror=alert(1)><script>alert(1)</script> x');
    expect(note.tags).toEqual(['a', 'B']);
  });

  it('updates with optimistic concurrency: a stale version gets 409 and the current note', async () => {
    const { a, project } = await userWithProject();
    const note = (await a.post('/api/notes', { projectId: project.id, content: 'v1' })).json();
    const first = await a.patch(`/api/notes/${note.id}`, { content: 'mine', version: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ content: 'mine', version: 2 });

    const stale = await a.patch(`/api/notes/${note.id}`, { content: 'theirs', title: 'Lost?', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'CONFLICT',
      details: { current: { content: 'mine', version: 2 } },
    });
    expect((await a.get(`/api/notes/${note.id}`)).json()).toMatchObject({
      content: 'mine',
      title: 'Untitled Note',
    });
    expect((await a.patch(`/api/notes/${note.id}`, { content: 'x' })).statusCode).toBe(400);
  });

  it('renames only to a different, non-empty title', async () => {
    const { a, project } = await userWithProject();
    const note = (await a.post('/api/notes', { projectId: project.id, title: 'Plan' })).json();
    expect((await a.patch(`/api/notes/${note.id}`, { title: '  ' })).statusCode).toBe(400);
    const same = await a.patch(`/api/notes/${note.id}`, { title: 'Plan' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe('The new title must differ from the current one.');
    const renamed = await a.patch(`/api/notes/${note.id}`, { title: ' Better plan ' });
    expect(renamed.json()).toMatchObject({ title: 'Better plan', version: 2 });
  });

  it('moves a note to another project, never to the same one', async () => {
    const { a, project } = await userWithProject();
    const other = (await a.post('/api/projects', { name: 'Other' })).json();
    const note = (await a.post('/api/notes', { projectId: project.id })).json();
    expect((await a.post(`/api/notes/${note.id}/move`, { projectId: project.id })).statusCode).toBe(400);
    const moved = await a.post(`/api/notes/${note.id}/move`, { projectId: other.id });
    expect(moved.json().projectId).toBe(other.id);
    expect((await a.get(`/api/notes?projectId=${project.id}`)).json().notes).toEqual([]);
    expect(
      (await a.get(`/api/notes?projectId=${other.id}`)).json().notes.map((n: { id: string }) => n.id),
    ).toEqual([note.id]);
  });

  it('lists pinned notes first then newest updated, and pins per user', async () => {
    const { a, project } = await userWithProject();
    const older = (await a.post('/api/notes', { projectId: project.id, title: 'Older' })).json();
    // Writes in one millisecond tie on their time (then id order); the orders asserted need them apart.
    await nextMillisecond();
    const newer = (await a.post('/api/notes', { projectId: project.id, title: 'Newer' })).json();
    expect((await a.get('/api/notes')).json().notes.map((n: { title: string }) => n.title)).toEqual([
      'Newer',
      'Older',
    ]);

    expect((await a.put(`/api/notes/${older.id}/pin`)).statusCode).toBe(204);
    expect((await a.put(`/api/notes/${older.id}/pin`)).statusCode).toBe(204);
    const list = (await a.get(`/api/notes?projectId=${project.id}`)).json().notes;
    expect(list.map((n: { title: string; pinned: boolean }) => [n.title, n.pinned])).toEqual([
      ['Older', true],
      ['Newer', false],
    ]);
    // Pins list newest pin first: the two pins apart for the same reason.
    await nextMillisecond();
    await a.put(`/api/notes/${newer.id}/pin`);
    const pins = (await a.get('/api/pins')).json().pins;
    expect(pins.map((p: { note: { title: string } }) => p.note.title)).toEqual(['Newer', 'Older']);
    expect((await a.get('/api/notes?pinned=true')).json().notes).toHaveLength(2);

    expect((await a.del(`/api/notes/${older.id}/pin`)).statusCode).toBe(204);
    expect((await a.get('/api/pins')).json().pins).toHaveLength(1);
    expect((await a.del(`/api/notes/${newer.id}`)).statusCode).toBe(204);
    expect((await a.get('/api/pins')).json().pins).toEqual([]);
  });

  it('a second user gets 404 for every object of the first, and nothing changes', async () => {
    const owner = await userWithProject('Private');
    const note = (
      await owner.a.post('/api/notes', {
        projectId: owner.project.id,
        title: 'Secret',
        content: 'classified',
      })
    ).json();
    const stranger = await userWithProject('Mine');
    const s = stranger.a;
    const attempts = [
      await s.get(`/api/projects/${owner.project.id}`),
      await s.patch(`/api/projects/${owner.project.id}`, { name: 'Hacked' }),
      await s.del(`/api/projects/${owner.project.id}`),
      await s.get(`/api/notes?projectId=${owner.project.id}`),
      await s.post('/api/notes', { projectId: owner.project.id }),
      await s.get(`/api/notes/${note.id}`),
      await s.patch(`/api/notes/${note.id}`, { content: 'pwned', version: 1 }),
      await s.patch(`/api/notes/${note.id}`, { title: 'pwned' }),
      await s.del(`/api/notes/${note.id}`),
      await s.post(`/api/notes/${note.id}/move`, { projectId: stranger.project.id }),
      await s.put(`/api/notes/${note.id}/pin`),
      await s.del(`/api/notes/${note.id}/pin`),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain('classified');
    }
    // Moving your own note into someone else's project is refused too.
    const mine = (await s.post('/api/notes', { projectId: stranger.project.id })).json();
    expect((await s.post(`/api/notes/${mine.id}/move`, { projectId: owner.project.id })).statusCode).toBe(
      404,
    );

    expect((await s.get('/api/search?q=secret')).json().results).toEqual([]);
    expect((await s.get('/api/notes')).json().notes.map((n: { id: string }) => n.id)).toEqual([mine.id]);
    expect((await owner.a.get(`/api/notes/${note.id}`)).json()).toMatchObject({
      title: 'Secret',
      content: 'classified',
      version: 1,
    });
    expect((await owner.a.get(`/api/projects/${owner.project.id}`)).json().name).toBe('Private');
  });

  it('FREE may read, edit, rename, move, pin and search but not create notes or projects', async () => {
    const { a, email, project } = await userWithProject();
    const other = (await a.post('/api/projects', { name: 'Other' })).json();
    const note = (await a.post('/api/notes', { projectId: project.id, title: 'Keep' })).json();
    await setPlan(t, email, 'FREE', null);

    const createNote = await a.post('/api/notes', { projectId: project.id });
    expect(createNote.statusCode).toBe(403);
    expect(createNote.json().error.code).toBe('ACCESS_REQUIRED');
    expect((await a.post('/api/projects', { name: 'More' })).statusCode).toBe(403);
    expect((await a.post('/api/projects/from-template', { template: 'student' })).statusCode).toBe(403);

    expect((await a.get(`/api/notes/${note.id}`)).statusCode).toBe(200);
    expect((await a.patch(`/api/notes/${note.id}`, { content: 'edited', version: 1 })).statusCode).toBe(200);
    expect((await a.patch(`/api/notes/${note.id}`, { title: 'Renamed' })).statusCode).toBe(200);
    expect((await a.post(`/api/notes/${note.id}/move`, { projectId: other.id })).statusCode).toBe(200);
    expect((await a.put(`/api/notes/${note.id}/pin`)).statusCode).toBe(204);
    expect((await a.get('/api/search?q=renamed')).json().results[0].id).toBe(note.id);
    expect((await a.patch(`/api/projects/${project.id}`, { name: 'Still mine' })).statusCode).toBe(200);
  });

  it('searches title, content and tags with the ranking of docs/product.md §9, best first', async () => {
    const { a, project } = await userWithProject();
    const make = (title: string, content = '', tags: string[] = []) =>
      a.post('/api/notes', { projectId: project.id, title, content, tags });
    await make('Budget planning', 'numbers for next year');
    await make('Groceries', 'remember the budget');
    await make('Holiday', 'beach', ['budget']);
    await make('Unrelated', 'nothing here');
    const results = (await a.get('/api/search?q=budget')).json().results;
    expect(results.map((r: { title: string }) => r.title)).toEqual([
      'Budget planning',
      'Groceries',
      'Holiday',
    ]);
    expect(results[0]).toMatchObject({ projectId: project.id, preview: 'numbers for next year' });
    expect(results[0].score).toBeGreaterThan(results[1].score);

    const prefix = (await a.get('/api/search?q=plann')).json().results;
    expect(prefix.map((r: { title: string }) => r.title)).toContain('Budget planning');
  });

  it('keeps code, tables, images and strikethrough, and searches their text', async () => {
    const { a, project } = await userWithProject();
    const content = [
      '#### Deploy ~~Friday~~',
      'Run `kubectl` then ![architecture diagram](/api/images/abc "Overview") and read [the guide](../guide.md).',
      '```sh\nhelmfile apply\n```',
      '| Service | Port |\n| :-- | --: |\n| gateway | 8443 |',
      '---',
    ].join('\n\n');
    const note = (await a.post('/api/notes', { projectId: project.id, title: 'Runbook', content })).json();
    expect(note.content).toBe(content);
    expect(note.preview).toBe(
      'Deploy Friday Run kubectl then architecture diagram and read the guide. helmfile apply Service Port gateway 8443',
    );
    for (const q of ['helmfile', 'kubectl', 'diagram', 'gateway', '8443']) {
      const titles = (await a.get(`/api/search?q=${q}`))
        .json()
        .results.map((r: { title: string }) => r.title);
      expect(titles, q).toEqual(['Runbook']);
    }
  });

  it('never fails on punctuation or odd input', async () => {
    const { a } = await userWithProject();
    for (const q of [
      '"',
      "'",
      '*',
      'AND',
      'OR NOT',
      '(a',
      'a:b',
      '^',
      '-x',
      '%',
      '_',
      '\\',
      '💥',
      'NEAR(a b)',
      '  ',
      '"unterminated',
    ]) {
      const response = await a.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(200);
      expect(Array.isArray(response.json().results)).toBe(true);
    }
    expect((await a.get(`/api/search?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });
});
