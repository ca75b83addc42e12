import { INBOX_PROJECT_NAME, NOTES_ALREADY_IN_INBOX, PERMISSION_MESSAGES } from '@notewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../src/events/event-bus';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';
import { until } from './support/collab-client';

/**
 * Deleting a project with "Move its notes to Inbox" (decision 065): the notes move to the deleting
 * owner's Inbox in the delete's transaction and each is announced like a REST move; only the empty
 * project goes to Trash. Without the option the notes go to Trash with the project, as before.
 */
describe.each(dialects)('project delete on %s', (dialect) => {
  let t: TestApp;
  let published: BusEvent[] = [];
  let stop: () => void;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    stop = t.bus.subscribe((message) => published.push(message));
  });
  afterAll(async () => {
    stop();
    await t.close();
    await t.testDb.destroy();
  });

  async function account(name: string) {
    const signed = await signUp(t.app, { name });
    const as = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: signed.cookie, ...(body !== undefined ? { body } : {}) });
    return { ...signed, id: signed.user.id as string, as };
  }
  type Account = Awaited<ReturnType<typeof account>>;

  const addNote = async (user: Account, projectId: string, title: string) => {
    const response = await user.as('POST', '/api/notes', { projectId, title, content: `${title} text` });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; version: number };
  };
  const projectsOf = async (user: Account) =>
    (await user.as('GET', '/api/projects?kind=all&limit=100')).json().projects as {
      id: string;
      name: string;
      noteCount: number;
    }[];
  const notesIn = async (user: Account, projectId: string) =>
    (await user.as('GET', `/api/notes?limit=100&projectId=${projectId}`)).json().notes as {
      id: string;
      title: string;
      version: number;
    }[];
  const noteEvents = () =>
    published.flatMap(({ event }) =>
      event.type === 'note.updated' && 'fromProjectId' in event && event.fromProjectId ? [event] : [],
    );

  it("moves a personal project's notes to the owner's Inbox, announces each once, and trashes the empty project", async () => {
    const owner = await account('Owner');
    const research = (await owner.as('POST', '/api/projects', { name: 'Research' })).json();
    const notes = [
      await addNote(owner, research.id, 'One'),
      await addNote(owner, research.id, 'Two'),
      await addNote(owner, research.id, 'Three'),
    ];
    published = [];
    const deleted = await owner.as('DELETE', `/api/projects/${research.id}?moveNotesTo=inbox`);
    expect(deleted.statusCode, deleted.body).toBe(204);

    // Events are published after the write commits: the three awaited (decision 114: 50 ms alone can
    // miss one on a loaded machine), then 50 ms for any duplicate to show.
    const fromResearch = () => noteEvents().filter((event) => event.fromProjectId === research.id);
    await until(() => fromResearch().length >= notes.length, 15_000, 'the moves’ events');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const projects = await projectsOf(owner);
    expect(projects.map((p) => p.name)).not.toContain('Research');
    const inbox = projects.find((p) => p.name === INBOX_PROJECT_NAME);
    expect(inbox?.noteCount).toBe(3);
    const moved = await notesIn(owner, inbox?.id as string);
    expect(moved.map((n) => n.title).sort()).toEqual(['One', 'Three', 'Two']);
    // Each moved like a REST move: a new version, one event naming where it came from.
    for (const note of notes) expect(moved.find((n) => n.id === note.id)?.version).toBe(note.version + 1);
    const events = fromResearch();
    expect(events.map((event) => event.noteId).sort()).toEqual(notes.map((n) => n.id).sort());

    // Trash holds the empty project and none of the notes; restoring it brings back no notes.
    const trash = (await owner.as('GET', '/api/trash?limit=100')).json().items as {
      kind: string;
      id: string;
    }[];
    expect(trash.map((item) => item.id)).toEqual([research.id]);
    expect((await owner.as('POST', `/api/trash/projects/${research.id}/restore`)).statusCode).toBe(200);
    expect(await notesIn(owner, research.id)).toEqual([]);
  });

  it('without the option the notes go to Trash with the project', async () => {
    const owner = await account('Plain');
    const project = (await owner.as('POST', '/api/projects', { name: 'Drafts' })).json();
    await addNote(owner, project.id, 'Gone');
    expect((await owner.as('DELETE', `/api/projects/${project.id}`)).statusCode).toBe(204);
    expect((await projectsOf(owner)).map((p) => p.name)).toEqual([]);
    const trash = (await owner.as('GET', '/api/trash?limit=100')).json().items as { id: string }[];
    expect(trash).toHaveLength(1);
  });

  it("another user's project is 404 and nothing moves; an unknown option is 400; Inbox cannot move into itself", async () => {
    const owner = await account('Mine');
    const stranger = await account('Stranger');
    const project = (await owner.as('POST', '/api/projects', { name: 'Private' })).json();
    await addNote(owner, project.id, 'Kept');
    const refused = await stranger.as('DELETE', `/api/projects/${project.id}?moveNotesTo=inbox`);
    expect(refused.statusCode).toBe(404);
    expect((await projectsOf(stranger)).map((p) => p.name)).toEqual([]);
    expect((await notesIn(owner, project.id)).map((n) => n.title)).toEqual(['Kept']);

    const unknown = await owner.as('DELETE', `/api/projects/${project.id}?moveNotesTo=trash`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION_ERROR');

    const inbox = (await owner.as('POST', '/api/projects', { name: INBOX_PROJECT_NAME })).json();
    await addNote(owner, inbox.id, 'Inboxed');
    const itself = await owner.as('DELETE', `/api/projects/${inbox.id}?moveNotesTo=inbox`);
    expect(itself.statusCode).toBe(400);
    expect(itself.json().error.message).toBe(NOTES_ALREADY_IN_INBOX);
    expect((await notesIn(owner, inbox.id)).map((n) => n.title)).toEqual(['Inboxed']);
  });

  it("a shared project: a member cannot delete it; the owner's delete moves everyone's notes to the owner's Inbox and members lose access", async () => {
    const owner = await account('Lead');
    const member = await account('Member');
    const team = (await owner.as('POST', '/api/shared-projects', { name: 'Team' })).json();
    expect((await member.as('POST', '/api/shared-projects/join', { code: team.code })).statusCode).toBe(200);
    await addNote(owner, team.id, 'By owner');
    await addNote(member, team.id, 'By member');

    for (const url of [`/api/projects/${team.id}`, `/api/shared-projects/${team.id}`]) {
      const denied = await member.as('DELETE', `${url}?moveNotesTo=inbox`);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.message).toBe(PERMISSION_MESSAGES.deleteProject);
    }
    expect((await notesIn(member, team.id)).map((n) => n.title).sort()).toEqual(['By member', 'By owner']);

    const deleted = await owner.as('DELETE', `/api/shared-projects/${team.id}?moveNotesTo=inbox`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const inbox = (await projectsOf(owner)).find((p) => p.name === INBOX_PROJECT_NAME);
    expect((await notesIn(owner, inbox?.id as string)).map((n) => n.title).sort()).toEqual([
      'By member',
      'By owner',
    ]);
    expect((await member.as('GET', `/api/shared-projects/${team.id}`)).statusCode).toBe(404);
    expect((await projectsOf(member)).map((p) => p.name)).toEqual([]);
    expect((await member.as('GET', '/api/notes?limit=100')).json().notes).toEqual([]);
  });
});
