import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, multipart, request, signUp, startTestApp, TEST_ORIGIN, type TestApp } from './helpers';

/**
 * Settings > Account (decision 055): the whole account's data as one zip (notes, the pictures they
 * show, the profile picture), and deleting the account with the password again: what it owns goes
 * (notes, notes in Trash, versions, images, stored files), shared projects pass to a member whose
 * notes stay, and every session of the account ends.
 */
const png = (background: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();

describe.each(dialects)('account self-service on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    request(t.app, method, url, { cookie, ...(body === undefined ? {} : { body }) });
  const upload = (cookie: string, url: string, data: Buffer, noteId?: string) => {
    const body = multipart([
      ...(noteId ? [{ name: 'noteId', data: noteId }] : []),
      { name: 'file', filename: 'picture.png', type: 'image/png', data },
    ]);
    return t.app.inject({
      method: 'POST',
      url,
      remoteAddress: '127.0.0.1',
      headers: { host: 'localhost:3000', origin: TEST_ORIGIN, cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  /** An account with a personal project (a note with a picture, a note in Trash), a picture, a shared project with a member. */
  async function world() {
    const owner = await signUp(t.app, { name: 'Olga Owner' });
    const member = await signUp(t.app, { name: 'Mia Member' });
    const personal = (await call(owner.cookie, 'POST', '/api/projects', { name: 'Garden' })).json();
    const note = (
      await call(owner.cookie, 'POST', '/api/notes', {
        projectId: personal.id,
        title: 'Tomatoes',
        content: 'Plant in May.',
      })
    ).json();
    const image = (await upload(owner.cookie, '/api/images', await png('#cc3300'), note.id)).json().image;
    const edited = await call(owner.cookie, 'PATCH', `/api/notes/${note.id}`, {
      content: `Plant in May.\n\n![tomato](${image.url})`,
      version: note.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const trashed = (
      await call(owner.cookie, 'POST', '/api/notes', {
        projectId: personal.id,
        title: 'Old plan',
        content: 'gone',
      })
    ).json();
    expect((await call(owner.cookie, 'DELETE', `/api/notes/${trashed.id}`)).statusCode).toBeLessThan(300);
    expect((await upload(owner.cookie, '/api/me/avatar', await png('#336699'))).statusCode).toBe(200);
    const shared = (
      await call(owner.cookie, 'POST', '/api/shared-projects', { name: 'Allotment', color: 'green' })
    ).json();
    const joined = await call(member.cookie, 'POST', '/api/shared-projects/join', { code: shared.code });
    expect(joined.statusCode, joined.body).toBe(200);
    const projectId = joined.json().project?.id ?? joined.json().id ?? shared.id;
    const theirs = (
      await call(member.cookie, 'POST', '/api/notes', {
        projectId,
        title: 'Watering rota',
        content: 'Mia: Mondays',
      })
    ).json();
    const ownersShared = (
      await call(owner.cookie, 'POST', '/api/notes', { projectId, title: 'Seeds to buy', content: 'Beans' })
    ).json();
    const alone = (
      await call(owner.cookie, 'POST', '/api/shared-projects', { name: 'Solo club', color: 'red' })
    ).json();
    return { owner, member, personal, note, image, trashed, projectId, theirs, ownersShared, alone };
  }

  it('downloads every note, the pictures they show and the profile picture in one zip', async () => {
    const w = await world();
    const response = await call(w.owner.cookie, 'GET', '/api/me/data');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files);
    const imageFile = `images/${w.image.url.split('/').pop()}`;
    expect(names).toEqual(
      expect.arrayContaining([
        'Garden/Tomatoes.md',
        'Allotment/Watering rota.md',
        'Allotment/Seeds to buy.md',
        'account.json',
        'profile-picture.webp',
        imageFile,
      ]),
    );
    const tomato = new TextDecoder().decode(files['Garden/Tomatoes.md']);
    expect(tomato).toContain(`](../${imageFile})`);
    expect(Buffer.from(files[imageFile]!).subarray(8, 12).toString()).toBe('WEBP');
    expect(JSON.parse(new TextDecoder().decode(files['account.json']))).toMatchObject({
      name: 'Olga Owner',
      email: w.owner.email,
    });
    // Another account's download holds only what it may read.
    const theirs = unzipSync(new Uint8Array((await call(w.member.cookie, 'GET', '/api/me/data')).rawPayload));
    expect(Object.keys(theirs).some((name) => name.startsWith('Garden/'))).toBe(false);
    expect(Object.keys(theirs)).not.toContain('profile-picture.webp');
  });

  it('says what deleting would remove and who receives which shared project', async () => {
    const w = await world();
    const plan = (await call(w.owner.cookie, 'GET', '/api/me/deletion')).json();
    expect(plan.handedOver).toEqual([{ name: 'Allotment', newOwnerName: 'Mia Member' }]);
    expect(plan.deletedProjects.map((p: { name: string }) => p.name).sort()).toEqual(['Garden', 'Solo club']);
    expect(plan.deletedProjects.find((p: { name: string }) => p.name === 'Garden').notes).toBe(2);
    expect(plan).toMatchObject({ notesKept: 1, images: 1, hasProfilePicture: true });
  });

  it('deletes the account with its password, keeps the shared notes of others, signs out everywhere', async () => {
    const w = await world();
    const db = t.database.db;
    const second = await request(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: w.owner.email, password: w.owner.password },
    });
    expect(second.statusCode).toBe(200);
    const secondCookie = String(second.headers['set-cookie']).split(';')[0]!;
    const keys = [
      (
        await db
          .selectFrom('users')
          .select('avatar_key')
          .where('id', '=', w.owner.user.id)
          .executeTakeFirstOrThrow()
      ).avatar_key!,
      (
        await db
          .selectFrom('images')
          .select('storage_key')
          .where('uploader_id', '=', w.owner.user.id)
          .executeTakeFirstOrThrow()
      ).storage_key,
    ];
    for (const key of keys) expect(await t.storage.get(key)).toBeDefined();

    const wrong = await call(w.owner.cookie, 'POST', '/api/me/delete', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe('That password is not correct. Your account was not deleted.');
    expect((await call(w.owner.cookie, 'GET', '/api/me')).statusCode).toBe(200);

    const deleted = await call(w.owner.cookie, 'POST', '/api/me/delete', { password: w.owner.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({
      deletedProjects: 2,
      handedOver: [{ name: 'Allotment' }],
      deletedFiles: 2,
    });
    expect(String(deleted.headers['set-cookie'])).toMatch(/session_token=;.*Max-Age=0/);

    // Signed out everywhere, and the password no longer signs in.
    expect((await call(w.owner.cookie, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await call(secondCookie, 'GET', '/api/me')).statusCode).toBe(401);
    const signIn = await request(t.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: w.owner.email, password: w.owner.password },
    });
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);

    // Their notes (also in Trash), versions, images and files are gone.
    const gone = [w.note.id, w.trashed.id];
    expect(await db.selectFrom('notes').select('id').where('id', 'in', gone).execute()).toEqual([]);
    expect(await db.selectFrom('note_versions').select('id').where('note_id', 'in', gone).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('images').select('id').where('uploader_id', '=', w.owner.user.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('projects').select('id').where('id', 'in', [w.personal.id, w.alone.id]).execute(),
    ).toEqual([]);
    for (const key of keys) expect(await t.storage.get(key)).toBeUndefined();
    expect(
      await db.selectFrom('sessions').select('id').where('user_id', '=', w.owner.user.id).execute(),
    ).toEqual([]);

    // The shared project passed to its member, with both notes (the owner's now without an author).
    const project = await db
      .selectFrom('projects')
      .select('owner_id')
      .where('id', '=', w.projectId)
      .executeTakeFirst();
    expect(project?.owner_id).toBe(w.member.user.id);
    const kept = await call(w.member.cookie, 'GET', `/api/notes?projectId=${w.projectId}`);
    expect(
      kept
        .json()
        .notes.map((n: { title: string }) => n.title)
        .sort(),
    ).toEqual(['Seeds to buy', 'Watering rota']);
  });

  it('limits password attempts', async () => {
    const someone = await signUp(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await call(someone.cookie, 'POST', '/api/me/delete', { password: `guess-${i}` })).statusCode,
      );
    }
    expect(codes).toEqual([403, 403, 403, 403, 403, 429]);
    expect((await call(someone.cookie, 'GET', '/api/me')).statusCode).toBe(200);
  });
});
