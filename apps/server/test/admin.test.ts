import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { MESSAGES } from '@notewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieFrom,
  dialects,
  nextMillisecond,
  request,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers';
import { serverCommand } from './support/server-entry';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const CLI = serverCommand('cli');

/** The admin CLI against the test app's database (its PostgreSQL schema through search_path). */
function adminFor(t: TestApp) {
  const schema = t.database.schema;
  const databaseUrl =
    t.testDb.dialect === 'postgres' && schema
      ? `${process.env.TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`
      : '';
  return (...args: string[]) =>
    run(CLI.command, [...CLI.args, ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATA_DIR: t.testDb.dataDir, NODE_ENV: 'test', DATABASE_URL: databaseUrl },
    });
}

describe('admin CLI help', () => {
  it('lists every command', async () => {
    const { stdout } = await run(CLI.command, [...CLI.args, '--help'], { cwd: SERVER_DIR });
    for (const command of [
      'migrate',
      'create-user',
      'set-plan',
      'reset-password',
      'reset-link',
      'list-users',
      'disable-user',
      'enable-user',
      'delete-user',
      'backup',
      'restore',
    ]) {
      expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
  }, 30_000);
});

describe.each(dialects)('admin user commands on %s', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminFor>;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    admin = adminFor(t);
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  const signIn = (email: string, password: string) =>
    request(t.app, 'POST', '/api/auth/sign-in/email', { body: { email, password } });

  it('disable-user ends the sessions and refuses sign-in; enable-user undoes it', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);

    const disabled = await admin('disable-user', '--email', user.email);
    expect(disabled.stdout).toContain('is disabled');
    // The session the user already had is gone (the CLI is another process: nothing was cached here).
    expect((await request(t.app, 'GET', '/api/me', { cookie: user.cookie })).statusCode).toBe(401);
    const refused = await signIn(user.email, user.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.accountDisabled);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await admin('list-users')).stdout).toMatch(new RegExp(`${user.email}\\t.*\\tdisabled`));
    // Nobody else is affected.
    expect((await request(t.app, 'GET', '/api/me', { cookie: other.cookie })).statusCode).toBe(200);

    await admin('enable-user', '--email', user.email);
    const again = await signIn(user.email, user.password);
    expect(again.statusCode).toBe(200);
    expect((await request(t.app, 'GET', '/api/me', { cookie: cookieFrom(again) })).statusCode).toBe(200);

    await expect(admin('disable-user', '--email', 'nobody@example.com')).rejects.toMatchObject({
      stderr: expect.stringContaining('No user with email nobody@example.com'),
    });
  }, 60_000);

  it('delete-user deletes their own projects and notes and hands a shared project to its oldest member', async () => {
    const leaving = await signUp(t.app);
    const firstMember = await signUp(t.app);
    const laterMember = await signUp(t.app);
    const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie, ...(body !== undefined ? { body } : {}) });

    const personal = (await call(leaving.cookie, 'POST', '/api/projects', { name: 'Diary' })).json();
    const privateNote = (
      await call(leaving.cookie, 'POST', '/api/notes', { projectId: personal.id, content: 'only mine' })
    ).json();
    const team = (await call(leaving.cookie, 'POST', '/api/shared-projects', { name: 'Team' })).json();
    const sharedNote = (
      await call(leaving.cookie, 'POST', '/api/notes', { projectId: team.id, content: 'for the team' })
    ).json();
    const lonely = (await call(leaving.cookie, 'POST', '/api/shared-projects', { name: 'Alone' })).json();
    expect(
      (await call(firstMember.cookie, 'POST', '/api/shared-projects/join', { code: team.code })).statusCode,
    ).toBe(200);
    // Joins in one millisecond tie on their time; "oldest member" needs them apart.
    await nextMillisecond();
    expect(
      (await call(laterMember.cookie, 'POST', '/api/shared-projects/join', { code: team.code })).statusCode,
    ).toBe(200);

    const result = await admin('delete-user', '--email', leaving.email);
    expect(result.stdout).toContain(`Shared project "Team" now belongs to ${firstMember.email}`);

    const db = t.database.db;
    expect(await db.selectFrom('users').select('id').where('email', '=', leaving.email).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('sessions').select('id').where('user_id', '=', leaving.user.id).execute(),
    ).toEqual([]);
    for (const id of [personal.id, lonely.id]) {
      expect(await db.selectFrom('projects').select('id').where('id', '=', id).execute()).toEqual([]);
    }
    expect(await db.selectFrom('notes').select('id').where('id', '=', privateNote.id).execute()).toEqual([]);

    const project = await db
      .selectFrom('projects')
      .select('owner_id')
      .where('id', '=', team.id)
      .executeTakeFirstOrThrow();
    expect(project.owner_id).toBe(firstMember.user.id);
    const roles = await db
      .selectFrom('project_members')
      .select(['user_id', 'role'])
      .where('project_id', '=', team.id)
      .orderBy('role')
      .execute();
    expect(roles).toEqual([
      { user_id: laterMember.user.id, role: 'member' },
      { user_id: firstMember.user.id, role: 'owner' },
    ]);
    // The new owner sees the project as its owner, and the note stays (without an author).
    const seen = await call(firstMember.cookie, 'GET', `/api/shared-projects/${team.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ role: 'owner' });
    const note = await call(firstMember.cookie, 'GET', `/api/notes/${sharedNote.id}`);
    expect(note.statusCode).toBe(200);
  }, 60_000);
});

describe.each(dialects)('ALLOW_SIGNUP on %s', (dialect) => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await startTestApp(dialect, { DEMO_ACCOUNT: 'false', ALLOW_SIGNUP: 'false' });
  });
  afterAll(async () => {
    await closed?.close();
    await closed?.testDb.destroy();
  });

  it('false: sign-up answers 403 with a clear message, and the admin creates the account', async () => {
    expect((await request(closed.app, 'GET', '/api/auth-options')).json()).toEqual({ signUp: false });
    const body = { name: 'Invited', email: 'invited@example.com', password: 'correct-horse-battery' };
    const refused = await request(closed.app, 'POST', '/api/auth/sign-up/email', { body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: MESSAGES.signUpClosed } });
    expect(
      await closed.database.db.selectFrom('users').select('id').where('email', '=', body.email).execute(),
    ).toEqual([]);

    await adminFor(closed)(
      'create-user',
      '--email',
      body.email,
      '--password',
      body.password,
      '--name',
      body.name,
    );
    const signedIn = await request(closed.app, 'POST', '/api/auth/sign-in/email', {
      body: { email: body.email, password: body.password },
    });
    expect(signedIn.statusCode).toBe(200);
  }, 60_000);

  it('unset: sign-up is open and says so', async () => {
    const open = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    try {
      expect((await request(open.app, 'GET', '/api/auth-options')).json()).toEqual({ signUp: true });
      await signUp(open.app);
    } finally {
      await open.close();
      await open.testDb.destroy();
    }
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('backup and restore on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres', { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  it('pg_dump of this schema, then pg_restore brings a deleted note back', async () => {
    const admin = adminFor(t);
    const user = await signUp(t.app);
    const project = (
      await request(t.app, 'POST', '/api/projects', { cookie: user.cookie, body: { name: 'P' } })
    ).json();
    const note = (
      await request(t.app, 'POST', '/api/notes', {
        cookie: user.cookie,
        body: { projectId: project.id, content: 'keep me' },
      })
    ).json();
    const file = path.join(t.testDb.dataDir, 'notewise.dump');
    const backup = await admin('backup', file);
    expect(backup.stdout).toContain('pg_dump custom format');

    await t.database.db.deleteFrom('notes').where('id', '=', note.id).execute();
    // This test's own server is serving the schema (its heartbeat is fresh), so the restore needs
    // --force; backup-postgres.test.ts proves the refusal without it.
    const restore = await admin('restore', file, '--force');
    expect(restore.stdout).toContain('Restored');
    const back = await t.database.db
      .selectFrom('notes')
      .select('plain_text')
      .where('id', '=', note.id)
      .execute();
    expect(back).toEqual([{ plain_text: expect.stringContaining('keep me') }]);
  }, 60_000);
});

describe('admin commands on a database an older server may be using', () => {
  it('refuse to migrate it without saying so, and list-users has a header', async () => {
    const t = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false' });
    const admin = adminFor(t);
    try {
      const user = await signUp(t.app);
      const listed = (await admin('list-users')).stdout.split('\n');
      expect(listed[0]).toBe('email\tname\tplan\tplan expires\tdisabled');
      expect(listed[1]).toMatch(new RegExp(`^${user.email}\\t`));
      // As if the newest migration had not run: what an older server's database looks like.
      await t.database.db
        .deleteFrom('schema_migrations' as never)
        .where('name' as never, '=', '019-note-client-ids' as never)
        .execute();
      const refused = await admin('list-users').catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toContain('019-note-client-ids');
      expect((refused as { stderr: string }).stderr).toContain('npm run migrate');
      // --migrate is the operator saying "I know": the guard steps aside (the row is put back first,
      // since this test only pretended the migration had not run).
      await t.database.db
        .insertInto('schema_migrations' as never)
        .values({ name: '019-note-client-ids', timestamp: new Date().toISOString() } as never)
        .execute();
      expect((await admin('list-users', '--migrate')).stdout).toContain(user.email);
    } finally {
      await t.close();
      await t.testDb.destroy();
    }
  }, 60_000);

  it('reset-link warns when PUBLIC_URL is unset', async () => {
    const t = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false' });
    try {
      const user = await signUp(t.app);
      const { stdout, stderr } = await adminFor(t)('reset-link', '--email', user.email);
      expect(stdout).toMatch(/http:\/\/localhost:3000\/reset-password\?token=/);
      expect(stderr).toContain('PUBLIC_URL is not set');
    } finally {
      await t.close();
      await t.testDb.destroy();
    }
  }, 60_000);
});
