import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OUTAGE_MESSAGES } from '@notewise/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app';
import { type DatabaseHandle, openDatabase } from '../src/db';
import { request, signUp, testConfig } from './helpers';
import { startRelay } from './support/tcp-relay';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL connection loss', () => {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-outage-'));
  const target = new URL(url ?? 'postgres://localhost');
  const relay = startRelay({ host: target.hostname, port: Number(target.port || 5432) });
  let database: DatabaseHandle;
  let built: BuiltApp;
  const logLines: string[] = [];

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
    built = await buildApp(testConfig(dataDir, { DEMO_ACCOUNT: 'false', LOG_LEVEL: 'error' }), {
      database,
      logStream: { write: (line: string) => void logLines.push(line) },
    });
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
    logLines.length = 0;
    const down = await request(built.app, 'GET', '/api/notes', { cookie });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: OUTAGE_MESSAGES.databaseUnavailable },
    });
    // Liveness stays up: restarting a process that waits for its database fixes nothing (decision 046).
    expect((await request(built.app, 'GET', '/api/health')).statusCode).toBe(200);
    const ready = await request(built.app, 'GET', '/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not-ready', checks: { database: 'failed' } });
    // Many failing requests, one log line (a flood would bury everything else).
    for (let i = 0; i < 5; i += 1) {
      expect((await request(built.app, 'GET', '/api/notes', { cookie })).statusCode).toBe(503);
    }
    const outageLines = logLines.filter((line) => line.includes('database unavailable'));
    expect(outageLines).toHaveLength(1);

    await relay.listen();
    const up = await request(built.app, 'GET', '/api/notes', { cookie });
    expect(up.statusCode).toBe(200);
  }, 30_000);
});
