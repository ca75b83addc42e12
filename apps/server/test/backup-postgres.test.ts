import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db';
import { createTestDatabase, request, signUp, startTestApp, type TestApp, testConfig } from './helpers';
import { adminCli, filesIn, notPrivate, readImages, uploadImages } from './support/backup-fixtures';

const URL_BASE = process.env.TEST_DATABASE_URL;

/** The deployment's DATABASE_URL: the test's schema named in the URL, as README describes. */
const urlFor = (schema: string) =>
  `${URL_BASE}${URL_BASE?.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;

describe.skipIf(!URL_BASE)('backup and restore on PostgreSQL', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('holds the database and every upload, refuses a live database unless forced, and brings every image back', async () => {
    const t: TestApp = await startTestApp('postgres', { DEMO_ACCOUNT: 'false' });
    let serving = true;
    cleanup.push(async () => {
      if (serving) await t.close();
      await t.testDb.destroy();
    });
    const schema = t.database.schema as string;
    const env = { DATABASE_URL: urlFor(schema), DATA_DIR: t.testDb.dataDir };
    const writer = await signUp(t.app);
    const urls = await uploadImages(t.app, writer.cookie, 3);
    const before = await readImages(t.app, writer.cookie, urls);
    expect(before.map((a) => a.status)).toEqual([200, 200, 200]);
    const uploaded = filesIn(path.join(t.testDb.dataDir, 'uploads'));
    expect(uploaded.count).toBe(3);

    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-pg-backups-'));
    cleanup.push(() => fs.rmSync(backups, { recursive: true, force: true }));
    const target = path.join(backups, 'nightly');
    const backup = await adminCli(env, 'backup', target);
    // The operator is told what the backup holds.
    expect(backup.stdout).toContain(`Backed up to ${target}`);
    expect(backup.stdout).toMatch(/database\s+notewise\.dump \(PostgreSQL, pg_dump custom format/);
    expect(backup.stdout).toMatch(/uploads\s+3 file\(s\)/);
    expect(backup.stdout).toMatch(/auth secret\s+auth-secret/);
    expect(filesIn(path.join(target, 'uploads'))).toEqual(uploaded);
    expect(notPrivate(target)).toEqual([]);

    // A note written after the backup, acknowledged to its writer.
    const project = (
      await request(t.app, 'POST', '/api/projects', { cookie: writer.cookie, body: { name: 'Later' } })
    ).json();
    const late = await request(t.app, 'POST', '/api/notes', {
      cookie: writer.cookie,
      body: { projectId: project.id, title: 'after the backup', content: 'acknowledged' },
    });
    expect(late.statusCode).toBe(201);

    // The server is serving: a restore would drop that note. Refused, and nothing changed.
    const refused = await adminCli(env, 'restore', target).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Refusing to restore: 1 Notewise server(s)'),
    });
    expect(
      (await request(t.app, 'GET', `/api/notes/${late.json().id}`, { cookie: writer.cookie })).statusCode,
    ).toBe(200);

    // --force: the operator accepts the loss.
    const forced = await adminCli(env, 'restore', target, '--force');
    expect(forced.stdout).toContain('Restored the PostgreSQL database');
    const gone = await openDatabase({ databaseUrl: URL_BASE, dataDir: t.testDb.dataDir, pgSchema: schema });
    const titles = await gone.db.selectFrom('notes').select('title').execute();
    await gone.close();
    expect(titles.map((n) => n.title)).not.toContain('after the backup');

    // The machine is lost: the schema and the data folder are gone. A new data folder, the backup.
    await t.close();
    serving = false;
    const client = new pg.Client({ connectionString: URL_BASE });
    await client.connect();
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.end();
    fs.rmSync(path.join(t.testDb.dataDir, 'uploads'), { recursive: true, force: true });
    const fresh = await createTestDatabase('postgres');
    cleanup.push(() => fresh.destroy());
    const restore = await adminCli({ ...env, DATA_DIR: fresh.dataDir }, 'restore', target);
    expect(restore.stdout).toContain('Restored 3 uploaded file(s)');
    expect(filesIn(path.join(fresh.dataDir, 'uploads'))).toEqual(uploaded);

    const database = openDatabase({ databaseUrl: URL_BASE, dataDir: fresh.dataDir, pgSchema: schema });
    const again = await buildApp(testConfig(fresh.dataDir, { DEMO_ACCOUNT: 'false' }), {
      database,
      logger: false,
    });
    try {
      // The old session (auth secret restored) reads every image, byte for byte.
      const after = await readImages(again.app, writer.cookie, urls);
      expect(after.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(after.map((a) => a.bytes.length)).toEqual(before.map((b) => b.bytes.length));
      expect(after.every((a, i) => a.bytes.equals(before[i]?.bytes ?? Buffer.alloc(0)))).toBe(true);
    } finally {
      await again.app.close();
      await database.close();
      const drop = new pg.Client({ connectionString: URL_BASE });
      await drop.connect();
      await drop.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await drop.end();
    }
  }, 180_000);
});
