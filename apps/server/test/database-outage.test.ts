import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app';
import { type DatabaseHandle, openDatabase } from '../src/db';
import { request, signUp, testConfig } from './helpers';

/**
 * A TCP relay between the app and PostgreSQL, so a test can take "the database" away and bring it
 * back (a restart or failover, as a self-hoster sees it) without touching the shared server.
 */
function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      const listener = net.createServer((client) => {
        const upstream = net.connect(target);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server = listener;
      listener.listen(port, '127.0.0.1', () => {
        port = (listener.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    listen,
    get port() {
      return port;
    },
    /** Every open connection dies and new ones are refused, as when the database goes down. */
    async cut() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
  };
}

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL connection loss', () => {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-outage-'));
  const target = new URL(url ?? 'postgres://localhost');
  const relay = startRelay({ host: target.hostname, port: Number(target.port || 5432) });
  let database: DatabaseHandle;
  let built: BuiltApp;

  const admin = async (query: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(query, values);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    await relay.listen();
    const relayed = new URL(url ?? '');
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    database = openDatabase({ databaseUrl: relayed.toString(), dataDir, pgSchema: schema });
    built = await buildApp(testConfig(dataDir, { DEMO_ACCOUNT: 'false' }), { database, logger: false });
  });

  afterAll(async () => {
    await built?.app.close();
    await database?.close();
    await relay.cut();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('survives pg_terminate_backend on every pooled connection and reconnects by itself', async () => {
    const { cookie } = await signUp(built.app);
    // Open several pooled connections and learn their backend pids.
    const pids = await Promise.all(
      Array.from({ length: 4 }, () =>
        built.database.db
          .selectNoFrom((eb) => eb.fn<number>('pg_backend_pid', []).as('pid'))
          .executeTakeFirstOrThrow(),
      ),
    );
    const unique = [...new Set(pids.map((row) => row.pid))];
    await admin('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [unique]);
    // Give the pool the chance to notice the dead idle clients (this used to exit the process).
    await new Promise((resolve) => setTimeout(resolve, 200));

    const health = await request(built.app, 'GET', '/api/health');
    expect(health.statusCode).toBe(200);
    const notes = await request(built.app, 'GET', '/api/notes', { cookie });
    expect(notes.statusCode).toBe(200);
  });

  it('answers 503 with the error shape while the database is away, and recovers when it is back', async () => {
    const { cookie } = await signUp(built.app);
    await relay.cut();
    const down = await request(built.app, 'GET', '/api/notes', { cookie });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('database') },
    });
    expect((await request(built.app, 'GET', '/api/health')).statusCode).toBe(503);

    await relay.listen();
    const up = await request(built.app, 'GET', '/api/notes', { cookie });
    expect(up.statusCode).toBe(200);
  }, 30_000);
});
