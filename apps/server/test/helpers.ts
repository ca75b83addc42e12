import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { type BuildOptions, type BuiltApp, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db';
import type { Dialect } from '../src/db/types';

export const TEST_ORIGIN = 'http://localhost:3000';
const TEST_HOST = 'localhost:3000';

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set (CI requires it via REQUIRE_POSTGRES=1). */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  dialect: Dialect;
  dataDir: string;
  open(): DatabaseHandle;
  destroy(): Promise<void>;
}

/** A fresh, empty database: a temp folder for SQLite, a new schema for PostgreSQL (dropped after). */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-test-'));
  if (dialect === 'sqlite') {
    return {
      dialect,
      dataDir,
      open: () => openDatabase({ dataDir }),
      destroy: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    dialect,
    dataDir,
    open: () => openDatabase({ databaseUrl: url, dataDir, pgSchema: schema }),
    destroy: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    // Loopback, as the e2e server and a developer's machine: the demo account exists.
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    ...env,
  });
}

export interface TestApp extends BuiltApp {
  testDb: TestDatabase;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database. `env` overrides configuration as environment variables do. */
export async function startTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  existing?: TestDatabase,
  options: Pick<BuildOptions, 'redisPrefix' | 'imageFetch' | 'logger' | 'logStream'> = {},
): Promise<TestApp> {
  const testDb = existing ?? (await createTestDatabase(dialect));
  const database = testDb.open();
  const built = await buildApp(testConfig(testDb.dataDir, env), { database, logger: false, ...options });
  return {
    ...built,
    testDb,
    close: async () => {
      await built.app.close();
      await database.close();
    },
  };
}

export function cookieFrom(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** app.inject as the browser would send it: same-origin, JSON body, optional session cookie. */
export function request(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; cookie?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      host: TEST_HOST,
      ...(method !== 'GET' ? { origin: TEST_ORIGIN } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
) {
  const body = { name: 'Test User', email: uniqueEmail(), password: 'correct-horse-battery', ...overrides };
  const response = await request(app, 'POST', '/api/auth/sign-up/email', { body });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return {
    cookie: cookieFrom(response),
    email: body.email,
    password: body.password,
    user: response.json().user,
  };
}

/** Changes a plan the way an in-app change must: in the database, and forgetting cached sessions. */
export async function setPlan(t: TestApp, email: string, plan: string, expiresAt: Date | null) {
  const user = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  await t.database.db
    .updateTable('users')
    .set({ plan, plan_expires_at: expiresAt ? expiresAt.toISOString() : null })
    .where('id', '=', user.id)
    .execute();
  t.sessions.forgetUser(user.id);
}

export interface MultipartPart {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | Uint8Array | string;
}

/**
 * A well-formed multipart/form-data body as a browser's FormData sends it. Tests of malformed bodies
 * (a missing boundary, a truncated part) build theirs by hand on purpose.
 */
export function multipart(parts: MultipartPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----notewise${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A picture put into a note as the editor uploads it (POST /api/images with the note's id, then the
 * file); fails on anything but 201. `ip` for tests that give each account its own address.
 */
export async function uploadImage(
  app: FastifyInstance,
  cookie: string,
  noteId: string,
  bytes: Uint8Array,
  options: { name?: string; type?: string; ip?: string } = {},
): Promise<{ id: string; url: string }> {
  const { payload, contentType } = multipart([
    { name: 'noteId', data: noteId },
    { name: 'file', filename: options.name ?? 'picture.png', type: options.type ?? 'image/png', data: bytes },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/images',
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { host: TEST_HOST, origin: TEST_ORIGIN, cookie, 'content-type': contentType },
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().image;
}

/** A small solid PNG, a picture as a user would upload one. */
export function testPng(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * Waits until the clock has moved past the current millisecond. Trash and other lists order by a
 * millisecond timestamp, then by id: two writes in one millisecond (a quiet machine answers a request
 * in under one) come back in either order, so a test asserting their order lets the clock move on.
 */
export async function nextMillisecond(): Promise<void> {
  const now = Date.now();
  while (Date.now() <= now) await new Promise((resolve) => setTimeout(resolve, 1));
}
