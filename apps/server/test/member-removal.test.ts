import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, signUp, startTestApp, type TestApp, testPng, uploadImage } from './helpers';

/**
 * A removed member keeps what they wrote (decision 055): the member list says how many notes each
 * wrote, and a removal copies their live notes (with the pictures they uploaded) into a personal
 * project of theirs, "From <project>", while the originals stay for the remaining members.
 */
describe.each(dialects)('removing a member on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  const account = async (name: string) => {
    const signed = await signUp(t.app, { name });
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: signed.cookie, ...(body === undefined ? {} : { body }) });
    return { ...signed, call };
  };

  it('says how many notes each member wrote, and copies them for the removed member', async () => {
    const owner = await account('Owner');
    const member = await account('Removed Member');
    const quiet = await account('Quiet Member');
    const project = (
      await owner.call('POST', '/api/shared-projects', { name: 'Book club', color: 'purple' })
    ).json();
    for (const person of [member, quiet]) {
      expect(
        (await person.call('POST', '/api/shared-projects/join', { code: project.code })).statusCode,
      ).toBe(200);
    }
    const first = (
      await member.call('POST', '/api/notes', {
        projectId: project.id,
        title: 'Chapter 1 thoughts',
        content: 'The opening is slow.',
        tags: ['books'],
      })
    ).json();
    const image = await uploadImage(t.app, member.cookie, first.id, await testPng(20, 20, '#aa2200'), {
      name: 'a.png',
    });
    expect(
      (
        await member.call('PATCH', `/api/notes/${first.id}`, {
          content: `The opening is slow.\n\n![cover](${image.url})`,
          version: first.version,
        })
      ).statusCode,
    ).toBe(200);
    await member.call('POST', '/api/notes', {
      projectId: project.id,
      title: 'Quotes',
      content: 'Call me Ishmael.',
    });
    const binned = (
      await member.call('POST', '/api/notes', { projectId: project.id, title: 'Draft', content: 'scrap' })
    ).json();
    expect((await member.call('DELETE', `/api/notes/${binned.id}`)).statusCode).toBeLessThan(300);
    await owner.call('POST', '/api/notes', { projectId: project.id, title: 'Schedule', content: 'Monthly.' });

    const members = (await owner.call('GET', `/api/shared-projects/${project.id}/members`)).json().members;
    const counts = Object.fromEntries(members.map((m: { name: string; notes: number }) => [m.name, m.notes]));
    expect(counts).toEqual({ Owner: 1, 'Removed Member': 2, 'Quiet Member': 0 });

    expect(
      (await owner.call('DELETE', `/api/shared-projects/${project.id}/members/${member.user.id}`)).statusCode,
    ).toBe(204);

    // The removed member: no access to the shared project, a personal copy of what they wrote.
    expect((await member.call('GET', `/api/shared-projects/${project.id}`)).statusCode).toBe(404);
    const projects = (await member.call('GET', '/api/projects')).json().projects;
    const copy = projects.find((p: { name: string }) => p.name === 'From Book club');
    expect(copy).toMatchObject({ kind: 'personal', color: 'purple' });
    const copied = (await member.call('GET', `/api/notes?projectId=${copy.id}`)).json().notes;
    expect(copied.map((n: { title: string }) => n.title).sort()).toEqual(['Chapter 1 thoughts', 'Quotes']);
    const chapter = copied.find((n: { title: string }) => n.title === 'Chapter 1 thoughts');
    const full = (await member.call('GET', `/api/notes/${chapter.id}`)).json();
    expect(full.content).toContain(image.url);
    expect(full.tags).toEqual(['books']);
    expect((await member.call('GET', image.url)).statusCode).toBe(200);
    // Their copies are found by search like any note.
    expect((await member.call('GET', '/api/search?q=ishmael')).json().results).toHaveLength(1);

    // The originals stay in the shared project for the others.
    const remaining = (await owner.call('GET', `/api/notes?projectId=${project.id}`)).json().notes;
    expect(remaining.map((n: { title: string }) => n.title).sort()).toEqual([
      'Chapter 1 thoughts',
      'Quotes',
      'Schedule',
    ]);

    // A member who wrote nothing gets no empty project.
    const before = (await quiet.call('GET', '/api/projects')).json().projects.length;
    expect(
      (await owner.call('DELETE', `/api/shared-projects/${project.id}/members/${quiet.user.id}`)).statusCode,
    ).toBe(204);
    expect((await quiet.call('GET', '/api/projects')).json().projects).toHaveLength(before);
  });
});
