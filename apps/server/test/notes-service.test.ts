import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createChangeNotifier } from '../src/events/change-notifier';
import type { BusEvent } from '../src/events/event-bus';
import { ApiError } from '../src/http/errors';
import type { SessionUser } from '../src/http/session';
import { createNoteVersionsRepo } from '../src/modules/notes/history/note-versions.repo';
import { createNotesRepo } from '../src/modules/notes/notes.repo';
import {
  createNotesService,
  NOTE_CONFLICT_MESSAGE,
  type NotesService,
} from '../src/modules/notes/notes.service';
import { createMembership } from '../src/modules/projects/membership.repo';
import { restEditUpdate } from '../src/realtime/collab/ydoc';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';

/** The service's own promise: a change that is refused or conflicts publishes nothing. */
describe.each(dialects)('notes.service on %s', (dialect) => {
  let t: TestApp;
  let service: NotesService;
  let published: BusEvent[] = [];
  let stopListening: () => void;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    const db = t.database.db;
    service = createNotesService({
      notes: createNotesRepo(db, { restEditUpdate }),
      membership: createMembership(db),
      notify: createChangeNotifier((...ids) => createMembership(db).members(...ids), t.bus),
      versions: createNoteVersionsRepo(db),
    });
    stopListening = t.bus.subscribe((message) => published.push(message));
  });
  afterEach(() => {
    published = [];
  });
  afterAll(async () => {
    stopListening();
    await t.close();
    await t.testDb.destroy();
  });

  async function account() {
    const signed = await signUp(t.app);
    const post = (url: string, body: unknown) => request(t.app, 'POST', url, { cookie: signed.cookie, body });
    const userId: string = signed.user.id;
    return { ...signed, userId, post };
  }

  async function ownerWithNote() {
    const owner = await account();
    const project = (await owner.post('/api/projects', { name: 'Work' })).json();
    const note = await service.create(owner.userId, { projectId: project.id, title: 'Plan', content: 'one' });
    published = [];
    return { owner, project, note };
  }

  async function rejection(promise: Promise<unknown>): Promise<ApiError> {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
    return error;
  }

  it('create publishes note.created to the project members', async () => {
    const owner = await account();
    const project = (await owner.post('/api/projects', { name: 'Work' })).json();
    published = [];
    const note = await service.create(owner.userId, { projectId: project.id, title: 'Plan' });
    expect(published).toEqual([
      {
        event: { type: 'note.created', projectId: project.id, noteId: note.id, actorId: owner.userId },
        audience: [owner.userId],
      },
    ]);
  });

  it('an edit against an old version is a 409 with the current note, stores nothing and publishes nothing', async () => {
    const { owner, note } = await ownerWithNote();
    const saved = await service.update(owner.userId, note.id, { content: 'two' }, note.version);
    expect(published.map((m) => m.event)).toEqual([
      {
        type: 'note.updated',
        projectId: note.projectId,
        noteId: note.id,
        actorId: owner.userId,
        source: 'rest',
      },
    ]);
    published = [];

    const error = await rejection(service.update(owner.userId, note.id, { content: 'stale' }, note.version));
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(NOTE_CONFLICT_MESSAGE);
    expect(error.details).toMatchObject({
      current: { id: note.id, version: saved.version, content: 'two' },
    });
    expect(published).toEqual([]);
  });

  it('a rename publishes without the rest source; renaming to the same title is refused silently', async () => {
    const { owner, note } = await ownerWithNote();
    await service.update(owner.userId, note.id, { title: 'Renamed' }, undefined);
    expect(published.map((m) => m.event)).toEqual([
      { type: 'note.updated', projectId: note.projectId, noteId: note.id, actorId: owner.userId },
    ]);
    published = [];
    const error = await rejection(service.update(owner.userId, note.id, { title: 'Renamed' }, undefined));
    expect(error.statusCode).toBe(400);
    expect(published).toEqual([]);
  });

  it('a stranger gets 404 for every change and nobody hears anything', async () => {
    const { project, note } = await ownerWithNote();
    const stranger = await account();
    const attempts = [
      () => service.create(stranger.userId, { projectId: project.id }),
      () => service.update(stranger.userId, note.id, { content: 'x' }, note.version),
      () => service.delete(stranger.userId, note.id),
      () => service.setPinned(stranger.userId, note.id, true),
    ];
    for (const attempt of attempts) expect((await rejection(attempt())).statusCode).toBe(404);
    expect(published).toEqual([]);
  });

  it('a move is heard by the members of both projects, once', async () => {
    const { owner, project, note } = await ownerWithNote();
    const shared = (await owner.post('/api/shared-projects', { name: 'Team' })).json();
    const member = await account();
    expect((await member.post('/api/shared-projects/join', { code: shared.code })).statusCode).toBe(200);
    published = [];
    const user: SessionUser = {
      id: owner.userId,
      email: owner.email,
      name: 'Test User',
      image: null,
      createdAt: new Date(),
      plan: 'UNLIMITED',
      planExpiresAt: null,
    };
    const moved = await service.move(user, note.id, shared.id);
    expect(moved.projectId).toBe(shared.id);
    expect(published).toHaveLength(1);
    expect(published[0]?.event).toEqual({
      type: 'note.updated',
      projectId: shared.id,
      fromProjectId: project.id,
      noteId: note.id,
      actorId: owner.userId,
    });
    expect(published[0]?.audience.sort()).toEqual([owner.userId, member.userId].sort());
  });

  it('delete publishes note.deleted; pins are heard by their owner only', async () => {
    const { owner, note } = await ownerWithNote();
    await service.setPinned(owner.userId, note.id, true);
    await service.delete(owner.userId, note.id);
    expect(published).toEqual([
      { event: { type: 'pin.changed', noteId: note.id, actorId: owner.userId }, audience: [owner.userId] },
      {
        event: { type: 'note.deleted', projectId: note.projectId, noteId: note.id, actorId: owner.userId },
        audience: [owner.userId],
      },
    ]);
  });
});
