import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteUser } from '../src/modules/admin/user-admin';
import { purgeTrash } from '../src/modules/trash/trash-purge';
import {
  dialects,
  nextMillisecond,
  request,
  signUp,
  startTestApp,
  type TestApp,
  testPng,
  uploadImage,
} from './helpers';

const DAY = 86_400_000;
/** Simulated deletes 25 days back: within the retention for the app's own hourly purge, whatever the date. */
const START = Date.now() - 25 * DAY;

describe.each(dialects)('Trash: deleting for good on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  /** Simulated time for the server's clock only (timers stay real, so the database runs). */
  function at(ms: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ms);
  }

  async function account(name: string) {
    const signed = await signUp(t.app, { name });
    const as = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: signed.cookie, ...(body !== undefined ? { body } : {}) });
    return { ...signed, id: signed.user.id as string, as };
  }
  type Account = Awaited<ReturnType<typeof account>>;

  const project = async (user: Account, name: string) =>
    (await user.as('POST', '/api/projects', { name })).json().id as string;
  const note = async (user: Account, projectId: string, title: string) =>
    (await user.as('POST', '/api/notes', { projectId, title })).json().id as string;
  const trashIds = async (user: Account) =>
    ((await user.as('GET', '/api/trash?limit=100')).json().items as { id: string }[]).map((item) => item.id);

  /** An image uploaded into the note (linked at once); its stored file's path on disk. */
  async function imageIn(user: Account, noteId: string) {
    const { id } = await uploadImage(t.app, user.cookie, noteId, await testPng(4, 4, '#aa3366'), {
      name: 'a.png',
    });
    const row = await t.database.db
      .selectFrom('images')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const file = path.join(t.testDb.dataDir, 'uploads', row.storage_key);
    expect(fs.existsSync(file)).toBe(true);
    return { id, file };
  }

  const rows = async (table: 'notes' | 'projects' | 'images', ids: string[]) =>
    (await t.database.db.selectFrom(table).select('id').where('id', 'in', ids).execute())
      .map((r) => r.id)
      .sort();

  it('Delete forever removes the note, its versions and pins, and images no other note shows', async () => {
    const owner = await account('Owner');
    const projectId = await project(owner, 'Mine');
    const doomed = await note(owner, projectId, 'Doomed');
    const other = await note(owner, projectId, 'Other');
    // An edit first (a version); its save re-links images from the text, so images come after it.
    const edit = { cookie: owner.cookie, body: { content: 'changed', version: 1 } };
    expect((await request(t.app, 'PATCH', `/api/notes/${doomed}`, edit)).statusCode).toBe(200);
    const versions = () =>
      t.database.db.selectFrom('note_versions').select('id').where('note_id', '=', doomed).execute();
    expect((await versions()).length).toBeGreaterThan(0);
    const only = await imageIn(owner, doomed);
    const sharedImage = await imageIn(owner, doomed);
    // The second image is also shown by another (live) note: it stays.
    await t.database.db
      .insertInto('note_images')
      .values({ note_id: other, image_id: sharedImage.id, created_at: new Date().toISOString() })
      .execute();
    const pinned = await request(t.app, 'PUT', `/api/notes/${doomed}/pin`, { cookie: owner.cookie });
    expect(pinned.statusCode).toBe(204);

    // Only a note in Trash can be deleted for good.
    expect((await owner.as('DELETE', `/api/trash/notes/${doomed}`)).statusCode).toBe(404);
    expect((await owner.as('DELETE', `/api/notes/${doomed}`)).statusCode).toBe(204);
    expect((await owner.as('DELETE', `/api/trash/notes/${doomed}`)).statusCode).toBe(204);

    expect(await rows('notes', [doomed, other])).toEqual([other]);
    expect(await rows('images', [only.id, sharedImage.id])).toEqual([sharedImage.id]);
    expect(fs.existsSync(only.file)).toBe(false);
    expect(fs.existsSync(sharedImage.file)).toBe(true);
    const pins = await t.database.db
      .selectFrom('pins')
      .select('note_id')
      .where('note_id', '=', doomed)
      .execute();
    expect(pins).toEqual([]);
    expect(await versions()).toEqual([]);
    expect(await trashIds(owner)).toEqual([]);
    expect((await owner.as('POST', `/api/trash/notes/${doomed}/restore`)).statusCode).toBe(404);
  });

  it('Empty Trash deletes every project and note it lists, with their images, and nothing else', async () => {
    const owner = await account('Owner');
    const neighbour = await account('Neighbour');
    const keepProject = await project(owner, 'Keep');
    const kept = await note(owner, keepProject, 'Kept');
    const loose = await note(owner, keepProject, 'Loose');
    const looseImage = await imageIn(owner, loose);
    const goneProject = await project(owner, 'Gone');
    const inside = await note(owner, goneProject, 'Inside');
    const insideImage = await imageIn(owner, inside);
    const theirProject = await project(neighbour, 'Theirs');
    const theirNote = await note(neighbour, theirProject, 'Theirs');
    expect((await neighbour.as('DELETE', `/api/notes/${theirNote}`)).statusCode).toBe(204);
    expect((await owner.as('DELETE', `/api/notes/${loose}`)).statusCode).toBe(204);
    await nextMillisecond();
    expect((await owner.as('DELETE', `/api/projects/${goneProject}`)).statusCode).toBe(204);
    expect(await trashIds(owner)).toEqual([goneProject, loose]);

    expect((await owner.as('DELETE', '/api/trash')).statusCode).toBe(204);
    expect(await trashIds(owner)).toEqual([]);
    expect(await rows('notes', [kept, loose, inside, theirNote])).toEqual([kept, theirNote].sort());
    expect(await rows('projects', [keepProject, goneProject])).toEqual([keepProject]);
    expect(await rows('images', [looseImage.id, insideImage.id])).toEqual([]);
    expect(fs.existsSync(looseImage.file)).toBe(false);
    expect(fs.existsSync(insideImage.file)).toBe(false);
    // Someone else's Trash is untouched.
    expect(await trashIds(neighbour)).toEqual([theirNote]);
  });

  it('the purge deletes only what has been in Trash longer than the retention, and is idempotent', async () => {
    const owner = await account('Owner');
    const projectId = await project(owner, 'Mine');
    const old = await note(owner, projectId, 'Old');
    const oldImage = await imageIn(owner, old);
    const recent = await note(owner, projectId, 'Recent');
    const live = await note(owner, projectId, 'Live');
    const oldProject = await project(owner, 'Old project');
    const oldInside = await note(owner, oldProject, 'Inside');
    at(START);
    expect((await owner.as('DELETE', `/api/notes/${old}`)).statusCode).toBe(204);
    expect((await owner.as('DELETE', `/api/projects/${oldProject}`)).statusCode).toBe(204);
    at(START + 20 * DAY);
    expect((await owner.as('DELETE', `/api/notes/${recent}`)).statusCode).toBe(204);
    vi.useRealTimers();

    const log = { warn: vi.fn() };
    // 29 days after the first deletes: nothing has expired yet.
    expect(await purgeTrash(t.database.db, t.storage, 30, log, START + 29 * DAY)).toEqual({
      projects: 0,
      notes: 0,
      files: 0,
    });
    const first = await purgeTrash(t.database.db, t.storage, 30, log, START + 31 * DAY);
    expect(first).toEqual({ projects: 1, notes: 1, files: 1 });
    expect(await rows('notes', [old, recent, live, oldInside])).toEqual([recent, live].sort());
    expect(await rows('projects', [projectId, oldProject])).toEqual([projectId]);
    expect(fs.existsSync(oldImage.file)).toBe(false);
    expect(await trashIds(owner)).toEqual([recent]);
    // A second instance running the same purge finds nothing left to do.
    const second = await purgeTrash(t.database.db, t.storage, 30, log, START + 31 * DAY);
    expect(second).toEqual({ projects: 0, notes: 0, files: 0 });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('deleting the account removes its Trash too; a shared project it put in Trash is nobody’s inheritance', async () => {
    const owner = await account('Leaving');
    const member = await account('Staying');
    const team = (await owner.as('POST', '/api/shared-projects', { name: 'Team' })).json();
    expect((await member.as('POST', '/api/shared-projects/join', { code: team.code })).statusCode).toBe(200);
    const teamNote = await note(member, team.id, 'By member');
    const personal = await project(owner, 'Mine');
    const trashedNote = await note(owner, personal, 'Trashed');
    const memberOwn = await project(member, 'Member own');
    const ownerNoteElsewhere = await note(member, memberOwn, 'Member note');
    expect((await owner.as('DELETE', `/api/notes/${trashedNote}`)).statusCode).toBe(204);
    expect((await owner.as('DELETE', `/api/projects/${team.id}`)).statusCode).toBe(204);

    const result = await deleteUser(t.database.db, owner.id, t.storage);
    expect(result.handedOver).toEqual([]);
    expect(await rows('projects', [team.id, personal, memberOwn])).toEqual([memberOwn]);
    expect(await rows('notes', [teamNote, trashedNote, ownerNoteElsewhere])).toEqual([ownerNoteElsewhere]);
    expect(await trashIds(member)).toEqual([]);
  });
});
