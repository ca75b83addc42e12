import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { dialects } from './helpers';
import { call, createPostgresDatabase, type ServerProcess, startServerProcess } from './server-process';

/** Sends a change the editor schema refuses (an element it does not know) and waits for the close. */
async function sendRefusedUpdate(address: string, cookie: string, noteId: string) {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: `ws://${new URL(address).host}/collab`,
    WebSocketPolyfill: class extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { cookie, origin: address } });
      }
    } as unknown as typeof globalThis.WebSocket,
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: `note:${noteId}`,
    document: doc,
  });
  provider.attach();
  try {
    await new Promise<void>((resolve) => provider.on('synced', () => resolve()));
    const closed = new Promise<void>((resolve) => provider.on('close', () => resolve()));
    doc.transact(() => {
      doc.getXmlFragment('default').insert(0, [new Y.XmlElement('marquee')]);
    });
    await closed;
  } finally {
    provider.destroy();
    socket.destroy();
  }
}

describe.each(dialects)('server output on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  let server: ServerProcess | undefined;
  afterEach(async () => {
    server?.child.kill('SIGKILL');
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('is JSON only, one object per line with a level, through sign-up, a refused co-edit and a bad sign-in', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-logs-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'debug' };
    if (dialect === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
      env.AUTH_SECRET = 'j'.repeat(40);
      // Several instances: ioredis (events, rate limits, co-editing) is in the process too.
      if (process.env.TEST_REDIS_URL) {
        env.REDIS_URL = process.env.TEST_REDIS_URL;
        env.REDIS_PREFIX = `logs-${crypto.randomBytes(4).toString('hex')}:`;
      }
    }
    server = await startServerProcess(env);
    const { address } = server;

    const owner = await call(address, 'POST', '/api/auth/sign-up/email', {
      body: { name: 'Logger', email: 'logger@example.com', password: 'correct-horse-battery' },
    });
    expect(owner.status).toBe(200);
    // A second sign-up with the same address (answered like the first: no account enumeration).
    await call(address, 'POST', '/api/auth/sign-up/email', {
      body: { name: 'Logger', email: 'logger@example.com', password: 'correct-horse-battery' },
    });
    const badSignIn = await call(address, 'POST', '/api/auth/sign-in/email', {
      body: { email: 'logger@example.com', password: 'not-the-password' },
    });
    expect(badSignIn.status).toBe(401);
    const project = (
      await call(address, 'POST', '/api/shared-projects', { cookie: owner.cookie, body: { name: 'Logs' } })
    ).json();
    const note = (
      await call(address, 'POST', '/api/notes', { cookie: owner.cookie, body: { projectId: project.id } })
    ).json();
    await sendRefusedUpdate(address, owner.cookie, note.id);
    // Hocuspocus reports the closed connection itself, asynchronously.
    const start = Date.now();
    while (!server.output().includes('closing connection') && Date.now() - start < 3000) {
      await new Promise((r) => setTimeout(r, 20));
    }

    server.child.kill('SIGTERM');
    await server.exited;

    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(5);
    const plain = lines.filter((line) => {
      try {
        const parsed = JSON.parse(line) as { level?: unknown; msg?: unknown };
        return typeof parsed.level !== 'number' || typeof parsed.msg !== 'string';
      } catch {
        return true;
      }
    });
    expect(plain).toEqual([]);
    const messages = lines.map((line) => JSON.parse(line) as { level: number; msg: string; source?: string });
    expect(messages.some((m) => m.msg.includes('co-editing update refused'))).toBe(true);
    // What Hocuspocus prints itself arrives as an error line of the same logger.
    expect(
      messages.some((m) => m.source === 'console' && m.level === 50 && m.msg.includes('closing connection')),
    ).toBe(true);
  }, 60_000);
});
