import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ERROR_CODES, OUTAGE_MESSAGES } from '@notewise/shared';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/storage';
import { createLocalStorage } from '../src/storage/local-storage';
import { createS3Storage } from '../src/storage/s3-storage';
import { InvalidStorageKeyError, type ObjectStorage, StorageConfigError } from '../src/storage/storage';
import { multipart, request, signUp, startTestApp, TEST_ORIGIN } from './helpers';
import { startServerProcess } from './server-process';
import { type LoggedApp, startAppWithLogs } from './support/app-with-logs';

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The same behaviour from both implementations. */
function storageContract(name: string, make: () => ObjectStorage) {
  describe(`${name}: the storage contract`, () => {
    it('puts, gets (streamed), replaces and deletes by key', async () => {
      const storage = make();
      const key = `avatars/${crypto.randomUUID()}-${'a'.repeat(32)}.webp`;
      expect(await storage.get(key)).toBeUndefined();
      await storage.put(key, Buffer.from('first'), 'image/webp');
      const first = await storage.get(key);
      expect(first?.size).toBe(5);
      expect((await readAll(first?.body as Readable)).toString()).toBe('first');
      await storage.put(key, Buffer.from('second version'), 'image/webp');
      expect((await readAll((await storage.get(key))?.body as Readable)).toString()).toBe('second version');
      await storage.delete(key);
      expect(await storage.get(key)).toBeUndefined();
      // Deleting what is not there is fine.
      await storage.delete(key);
    });

    it('answers its readiness check', async () => {
      await expect(make().check()).resolves.toBeUndefined();
    });

    it('refuses keys that could leave the storage or name something else', async () => {
      const storage = make();
      for (const key of [
        '../escape.webp',
        'avatars/../../escape.webp',
        '/etc/passwd',
        'avatars//x.webp',
        'avatars\\x.webp',
        '.hidden',
        'Avatars/Upper.webp',
        'a/b/c/d/e/too-deep',
        '',
        `${'x'.repeat(200)}.webp`,
        'avatars/x.webp\u0000.png',
      ]) {
        await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toBeInstanceOf(
          InvalidStorageKeyError,
        );
        await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
    });
  });
}

const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-storage-'));
afterAll(() => fs.rmSync(localRoot, { recursive: true, force: true }));
storageContract('local folder', () => createLocalStorage(localRoot));

describe('local folder', () => {
  it('writes through a temporary file and leaves none behind, even when many writes race', async () => {
    const storage = createLocalStorage(localRoot);
    const key = 'images/race.webp';
    const versions = Array.from({ length: 20 }, (_, i) => Buffer.alloc(64 * 1024, i));
    await Promise.all(versions.map((data) => storage.put(key, data, 'image/webp')));
    const stored = await readAll((await storage.get(key))?.body as Readable);
    // Whole versions only: every byte is the same one, from one writer.
    expect(stored.length).toBe(64 * 1024);
    expect(new Set(stored).size).toBe(1);
    expect(fs.readdirSync(path.join(localRoot, 'images'))).toEqual(['race.webp']);
  });
});

// s3rver (npm) is a real S3 protocol server on the local disk: the SDK talks to it as to AWS.
const BUCKET = 'notewise-test';
let s3: S3rver;
let s3Endpoint = '';
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-s3rver-'));

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = await s3.run();
  s3Endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const S3_ENV = () => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: s3Endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
});

const S3_OPTIONS = () => ({
  bucket: BUCKET,
  endpoint: s3Endpoint,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

storageContract('S3 (s3rver)', () => createS3Storage(S3_OPTIONS()));

async function uploadAvatar(app: LoggedApp['app'], cookie: string) {
  const image = await sharp({ create: { width: 90, height: 90, channels: 3, background: '#f0f' } })
    .png()
    .toBuffer();
  const { payload, contentType } = multipart([
    { name: 'file', filename: 'me.png', type: 'image/png', data: image },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/me/avatar',
    headers: {
      host: 'localhost:3000',
      origin: TEST_ORIGIN,
      cookie,
      'content-type': contentType,
    },
    payload,
  });
}

/** A port nothing listens on: S3 "down" (refused connections), as when MinIO is stopped. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('S3 faults (decision 046)', () => {
  it('a missing bucket stops the start, naming the bucket; the server process exits 78 with that line', async () => {
    const env = { ...S3_ENV(), S3_BUCKET: 'no-such-bucket' };
    await expect(startAppWithLogs(env)).rejects.toThrow(StorageConfigError);
    await expect(startAppWithLogs(env)).rejects.toThrow(/S3 bucket no-such-bucket at .* does not exist/);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-s3-start-'));
    try {
      await expect(startServerProcess({ DATA_DIR: dataDir, ...env })).rejects.toThrow(
        /exited \(78\) before listening[\s\S]*S3 bucket no-such-bucket at .* does not exist/,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('S3 down: the server starts and says so, uploads answer 503 naming file storage, notes and readiness stay up', async () => {
    const t = await startAppWithLogs({ ...S3_ENV(), S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` });
    try {
      expect(
        t.logs().some((line) => line.level === 50 && line.msg.startsWith('file storage does not answer')),
      ).toBe(true);
      const { cookie } = await signUp(t.app);
      for (let i = 0; i < 3; i += 1) {
        const refused = await uploadAvatar(t.app, cookie);
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('5');
        expect(refused.json()).toEqual({
          error: { code: ERROR_CODES.storageUnavailable, message: OUTAGE_MESSAGES.storageUnavailable },
        });
      }
      const faults = t.logs().filter((line) => line.fault !== undefined);
      expect(faults.map((line) => line.fault)).toEqual(['storage-unavailable']);
      expect(faults[0]?.msg).toMatch(/^file storage unavailable/);

      const ready = await request(t.app, 'GET', '/api/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'degraded',
        checks: { database: 'ok', storage: 'failed' },
      });
      expect((await request(t.app, 'GET', '/api/notes', { cookie })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 30_000);

  it('the storage check tells a refusal (no bucket) from no answer', async () => {
    const missing = await createStorage({
      dataDir: s3Dir,
      s3: { ...S3_OPTIONS(), bucket: 'no-such-bucket' },
    });
    await expect(missing.check()).rejects.toBeInstanceOf(StorageConfigError);
    const down = await createStorage({
      dataDir: s3Dir,
      s3: { ...S3_OPTIONS(), endpoint: `http://127.0.0.1:${await closedPort()}` },
    });
    const error = await down.check().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(StorageConfigError);
  }, 30_000);
});

describe('S3_BUCKET set', () => {
  it('pictures go to the bucket, not the data folder, and are served from our origin', async () => {
    const t = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false', ...S3_ENV() });
    try {
      const { cookie, user } = await signUp(t.app);
      const answer = await uploadAvatar(t.app, cookie);
      expect(answer.statusCode).toBe(200);
      const url = answer.json().image as string;
      const file = url.split('/').pop() as string;

      expect(fs.existsSync(path.join(t.testDb.dataDir, 'uploads'))).toBe(false);
      const inBucket = await t.storage.get(`avatars/${file}`);
      expect(inBucket).toBeDefined();
      await readAll(inBucket?.body as Readable);

      const served = await request(t.app, 'GET', url, { cookie });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(256);

      expect((await request(t.app, 'DELETE', '/api/me/avatar', { cookie })).statusCode).toBe(200);
      expect(await t.storage.get(`avatars/${file}`)).toBeUndefined();
      expect(user.id).toBeTruthy();
    } finally {
      await t.close();
      await t.testDb.destroy();
    }
  });
});
