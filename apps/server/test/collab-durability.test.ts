import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dialect } from '../src/db/types';
import { dialects, request, signUp, startTestApp } from './helpers';
import { call, createPostgresDatabase, type ServerProcess, startServerProcess } from './server-process';
import { collabClient, typeParagraph, until } from './support/collab-client';
import { listen } from './support/suite-app';

async function databaseEnv(
  dialect: Dialect,
  cleanups: (() => Promise<void>)[],
): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-kill-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (dialect === 'sqlite') return { DATA_DIR: dataDir };
  const database = await createPostgresDatabase();
  cleanups.push(database.drop);
  return { DATA_DIR: dataDir, DATABASE_URL: database.url, AUTH_SECRET: 'k'.repeat(40) };
}

describe.each(dialects)('co-edits acknowledged before a kill -9 on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) server.child.kill('SIGKILL');
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('are there after the process is killed inside the save debounce and restarted', async () => {
    const env = await databaseEnv(dialect, cleanups);
    const first = await startServerProcess(env);
    servers.push(first);
    const owner = await call(first.address, 'POST', '/api/auth/sign-up/email', {
      body: { name: 'Owner', email: 'owner@example.com', password: 'correct-horse-battery' },
    });
    expect(owner.status).toBe(200);
    const project = (
      await call(first.address, 'POST', '/api/shared-projects', {
        cookie: owner.cookie,
        body: { name: 'Co' },
      })
    ).json();
    const note = (
      await call(first.address, 'POST', '/api/notes', {
        cookie: owner.cookie,
        body: { projectId: project.id, content: 'Before the crash' },
      })
    ).json();

    const client = collabClient(new URL(first.address).host, owner.cookie, note.id);
    await client.synced;
    typeParagraph(client.doc, 'typed just before kill -9');
    typeParagraph(client.doc, 'and a second line');
    expect(client.provider.unsyncedChanges).toBeGreaterThan(0);
    // The server acknowledged both changes: the UI now shows "Saved".
    await until(() => client.provider.unsyncedChanges === 0);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    client.destroy();

    // Same data folder: the dead process's lock is taken over.
    const second = await startServerProcess(env);
    servers.push(second);
    const signIn = await call(second.address, 'POST', '/api/auth/sign-in/email', {
      body: { email: 'owner@example.com', password: 'correct-horse-battery' },
    });
    expect(signIn.status).toBe(200);
    const stored = (
      await call(second.address, 'GET', `/api/notes/${note.id}`, { cookie: signIn.cookie })
    ).json();
    expect(stored.content).toContain('Before the crash');
    expect(stored.content).toContain('typed just before kill -9');
    expect(stored.content).toContain('and a second line');

    const reopened = collabClient(new URL(second.address).host, signIn.cookie, note.id);
    await reopened.synced;
    expect(reopened.text()).toContain('typed just before kill -9');
    expect(reopened.text()).toContain('and a second line');
    // Typing on goes to the log again and is folded in on the next store or start.
    typeParagraph(reopened.doc, 'after the restart');
    await until(() => reopened.provider.unsyncedChanges === 0);
    reopened.destroy();
  }, 90_000);
});

describe.each(dialects)('the co-editing update log on %s', (dialect) => {
  it('holds acknowledged updates until the document is stored, then is compacted', async () => {
    const t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    try {
      const address = `http://${await listen(t)}`;
      const owner = await signUp(t.app);
      const project = (
        await request(t.app, 'POST', '/api/shared-projects', { cookie: owner.cookie, body: { name: 'Log' } })
      ).json();
      const note = (
        await request(t.app, 'POST', '/api/notes', {
          cookie: owner.cookie,
          body: { projectId: project.id, content: 'Logged' },
        })
      ).json();
      const logged = async () =>
        (await t.database.db.selectFrom('note_updates').select('id').where('note_id', '=', note.id).execute())
          .length;

      const client = collabClient(new URL(address).host, owner.cookie, note.id);
      await client.synced;
      typeParagraph(client.doc, 'one');
      typeParagraph(client.doc, 'two');
      await until(() => client.provider.unsyncedChanges === 0);
      // Acknowledged, inside the store debounce: in the log, not yet in the note.
      expect(await logged()).toBeGreaterThan(0);
      const before = (await request(t.app, 'GET', `/api/notes/${note.id}`, { cookie: owner.cookie })).json();
      expect(before.content).not.toContain('two');

      let content = '';
      const start = Date.now();
      while (!content.includes('two') && Date.now() - start < 8000) {
        await new Promise((r) => setTimeout(r, 100));
        content = (await request(t.app, 'GET', `/api/notes/${note.id}`, { cookie: owner.cookie })).json()
          .content;
      }
      expect(content).toContain('two');
      expect(await logged()).toBe(0);
      client.destroy();
    } finally {
      await t.close();
      await t.testDb.destroy();
    }
  }, 30_000);
});
