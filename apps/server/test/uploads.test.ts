import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { sanitizeMarkdown } from '@notewise/editor';
import { ERROR_CODES, MAX_IMAGE_BYTES, noteImageUrl, PICTURE_MESSAGES } from '@notewise/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUser } from '../src/modules/admin/user-admin';
import { isBlockedAddress } from '../src/modules/uploads/address-check';
import { DEFAULT_IMAGE_FETCH, fetchImage, ImageFetchError } from '../src/modules/uploads/image-fetcher';
import { syncNoteImages } from '../src/modules/uploads/uploads.repo';
import { UPLOAD_RATE_LIMIT } from '../src/modules/uploads/uploads.routes';
import {
  dialects,
  multipart,
  request,
  setPlan,
  signUp,
  startTestApp,
  TEST_ORIGIN,
  type TestApp,
} from './helpers';

// ---------------------------------------------------------------------------------------------------
// The abuse corpus, made here from nothing (no fixture files): real encoders, hand-built headers.

const png = (width = 64, height = 48, background = '#3366ff') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header claiming 20000 x 20000 pixels (1.2 GB decoded) with a few bytes of data. */
function pixelBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + 20_000 * 3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo as a phone writes it: EXIF with the camera and GPS position. */
const gpsJpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#88aa44' } })
    .jpeg()
    .withMetadata({
      exif: {
        IFD0: { Make: 'SpyCam', Model: 'Tracker 3000' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2994/100', GPSLongitudeRef: 'E' },
      },
    })
    .toBuffer();

const SCRIPT = '<script>alert(document.cookie)</script>';
const svgNamedPng = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${SCRIPT}</svg>`,
);
const htmlNamedPng = Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`);
/** A GIF header with HTML where the image data should be: a browser sniffing it would run the script. */
const gifHeaderPolyglot = Buffer.concat([
  Buffer.from('GIF89a'),
  Buffer.from([10, 0, 10, 0, 0, 0, 0]),
  Buffer.from(`<html>${SCRIPT}</html>`),
]);

/** Every file under the storage folder (temporary files included): "nothing left on disk". */
function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .sort();
}

// ---------------------------------------------------------------------------------------------------

describe('picture URL address checks', () => {
  it('blocks loopback, private, link-local and other inside addresses, and lets public ones through', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'not an address',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111']) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });

  it('with the production settings, refuses http, credentials and inside addresses before connecting', async () => {
    const refused = async (url: string) => {
      const error = await fetchImage(url, DEFAULT_IMAGE_FETCH).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(ImageFetchError);
      return (error as ImageFetchError).reason;
    };
    expect(await refused('http://example.com/cat.png')).toBe('invalid-url');
    expect(await refused('ftp://example.com/cat.png')).toBe('invalid-url');
    expect(await refused('javascript:alert(1)')).toBe('invalid-url');
    expect(await refused('https://user:pw@example.com/cat.png')).toBe('invalid-url');
    expect(await refused('https://127.0.0.1/cat.png')).toBe('blocked-address');
    expect(await refused('https://[::1]/cat.png')).toBe('blocked-address');
    expect(await refused('https://169.254.169.254/latest/meta-data')).toBe('blocked-address');
    expect(await refused('https://2130706433/cat.png')).toBe('blocked-address'); // 127.0.0.1 as a number
    expect(await refused('https://localhost/cat.png')).toBe('blocked-address');
  });
});

describe.each(dialects)('pictures and note images on %s', (dialect) => {
  let t: TestApp;
  let catPng: Buffer;
  let remote: http.Server;
  let remotePort = 0;
  const remoteHits: string[] = [];

  /** Test names: pics.test looks public (TEST-NET-2) and is served by `remote`; the others point inside. */
  const DNS: Record<string, string[]> = {
    'pics.test': ['198.51.100.7'],
    'inside.test': ['127.0.0.1'],
    'mixed.test': ['198.51.100.8', '10.1.2.3'],
  };

  beforeAll(async () => {
    catPng = await png(500, 300, '#ff8800');
    remote = http.createServer((req, res) => {
      remoteHits.push(req.url ?? '');
      const redirect = (location: string) => res.writeHead(302, { location }).end();
      switch (req.url) {
        case '/cat.png':
          return res.writeHead(200, { 'content-type': 'image/png' }).end(catPng);
        case '/hop1':
          return redirect('/hop2');
        case '/hop2':
          return redirect('http://pics.test/cat.png');
        case '/loop':
          return redirect('/loop');
        case '/to-loopback':
          return redirect(`http://127.0.0.1:${remotePort}/cat.png`);
        case '/to-inside':
          return redirect('http://inside.test/cat.png');
        case '/to-metadata':
          return redirect('http://169.254.169.254/latest/meta-data/');
        case '/page.png':
          return res.writeHead(200, { 'content-type': 'image/png' }).end(htmlNamedPng);
        case '/huge':
          return res
            .writeHead(200, { 'content-type': 'image/png', 'content-length': MAX_IMAGE_BYTES + 1 })
            .end(Buffer.alloc(MAX_IMAGE_BYTES + 1));
        case '/huge-unannounced': {
          res.writeHead(200, { 'content-type': 'image/png' });
          const block = Buffer.alloc(256 * 1024);
          let sent = 0;
          const pump = () => {
            while (sent <= MAX_IMAGE_BYTES && res.write(block)) sent += block.length;
            if (sent > MAX_IMAGE_BYTES) res.end();
            else res.once('drain', pump);
          };
          pump();
          return;
        }
        case '/slow':
          return; // never answers
        default:
          return res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    remotePort = (remote.address() as AddressInfo).port;

    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' }, undefined, {
      imageFetch: {
        // The test server speaks plain HTTP; every other rule is the production one.
        allowHttp: true,
        timeoutMs: 1_500,
        resolve: async (hostname) => {
          const addresses = DNS[hostname];
          if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
          return addresses.map((address) => ({ address, family: 4 as const }));
        },
        // A checked (public-looking) address is routed to the local test server.
        connect: () => net.connect(remotePort, '127.0.0.1'),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
    remote?.closeAllConnections();
    await new Promise((resolve) => remote?.close(resolve));
  });

  const upload = (
    cookie: string,
    url: string,
    data: Buffer,
    extra: { noteId?: string; filename?: string } = {},
  ) => {
    const body = multipart([
      ...(extra.noteId ? [{ name: 'noteId', data: extra.noteId }] : []),
      { name: 'file', filename: extra.filename ?? 'picture.png', type: 'image/png', data },
    ]);
    return t.app.inject({
      method: 'POST',
      url,
      remoteAddress: '127.0.0.1',
      headers: { host: 'localhost:3000', origin: TEST_ORIGIN, cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const get = (cookie: string, url: string) => request(t.app, 'GET', url, { cookie });

  const expectRefused = (
    response: { statusCode: number; json(): unknown },
    status: number,
    message: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({
      error: { code: status === 413 ? ERROR_CODES.payloadTooLarge : ERROR_CODES.validation, message },
    });
  };

  describe('profile picture', () => {
    it('stores an upload as a 256 px WebP on our origin, shown in /api/me, with safe headers', async () => {
      const { cookie } = await signUp(t.app);
      const answer = await upload(cookie, '/api/me/avatar', await png(800, 600));
      expect(answer.statusCode).toBe(200);
      const image = answer.json().image as string;
      expect(image).toMatch(/^\/api\/avatars\/[0-9a-f-]+-[0-9a-f]{32}\.webp$/);
      expect((await get(cookie, '/api/me')).json().image).toBe(image);

      const served = await get(cookie, image);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toContain('max-age=31536000');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

      // Signed-in users only; another signed-in user (a fellow member) may see it.
      expect((await request(t.app, 'GET', image)).statusCode).toBe(401);
      const other = await signUp(t.app);
      expect((await get(other.cookie, image)).statusCode).toBe(200);
      expect((await get(other.cookie, image.replace(/[0-9a-f]{32}/, '0'.repeat(32)))).statusCode).toBe(404);
    });

    it('replacing and removing the picture deletes the old file', async () => {
      const { cookie, user } = await signUp(t.app);
      const mine = () => storedFiles(t.testDb.dataDir).filter((file) => file.includes(user.id));
      const first = (await upload(cookie, '/api/me/avatar', await png(100, 100, '#111111'))).json().image;
      expect(mine()).toHaveLength(1);
      const second = (await upload(cookie, '/api/me/avatar', await png(100, 100, '#eeeeee'))).json().image;
      expect(second).not.toBe(first);
      expect(mine()).toEqual([`avatars${path.sep}${second.split('/').pop()}`]);
      expect((await get(cookie, first)).statusCode).toBe(404);

      const removed = await request(t.app, 'DELETE', '/api/me/avatar', { cookie });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().image).toBeNull();
      expect((await get(cookie, '/api/me')).json().image).toBeNull();
      expect(mine()).toEqual([]);
      expect((await get(cookie, second)).statusCode).toBe(404);
    });

    it('strips EXIF and GPS from a photo', async () => {
      const { cookie } = await signUp(t.app);
      const photo = await gpsJpeg();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      expect(photo.includes(Buffer.from('SpyCam'))).toBe(true);
      const image = (await upload(cookie, '/api/me/avatar', photo, { filename: 'holiday.jpg' })).json().image;
      const served = (await get(cookie, image)).rawPayload;
      const meta = await sharp(served).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(served.includes(Buffer.from('SpyCam'))).toBe(false);
      expect(served.includes(Buffer.from('Exif'))).toBe(false);
    });

    it('refuses the abuse corpus with the texts of docs/product.md §5 and leaves nothing on disk', async () => {
      const { cookie } = await signUp(t.app);
      const before = storedFiles(t.testDb.dataDir);
      const jpeg = await gpsJpeg();
      const cases: [string, Buffer, number, string][] = [
        ['svg renamed .png', svgNamedPng, 400, PICTURE_MESSAGES.invalidFile],
        ['html renamed .png', htmlNamedPng, 400, PICTURE_MESSAGES.invalidFile],
        ['GIF header + HTML polyglot', gifHeaderPolyglot, 400, PICTURE_MESSAGES.invalidFile],
        ['20000 x 20000 PNG bomb', pixelBomb(), 400, PICTURE_MESSAGES.invalidFile],
        [
          'truncated JPEG',
          jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
          400,
          PICTURE_MESSAGES.invalidFile,
        ],
        ['5 MB + 1 byte', Buffer.alloc(MAX_IMAGE_BYTES + 1, 0x41), 413, PICTURE_MESSAGES.tooLarge],
        ['empty file', Buffer.alloc(0), 400, PICTURE_MESSAGES.invalidFile],
      ];
      for (const [name, data, status, message] of cases) {
        for (const route of ['/api/me/avatar', '/api/images']) {
          const answer = await upload(cookie, route, data);
          expect(answer.statusCode, `${name} at ${route}`).toBe(status);
          expectRefused(answer, status, message);
        }
      }
      expect((await get(cookie, '/api/me')).json().image).toBeNull();
      expect(storedFiles(t.testDb.dataDir)).toEqual(before);
    });

    it('cleans a real GIF with HTML appended: only the first frame is kept, re-encoded, no script', async () => {
      const { cookie } = await signUp(t.app);
      const gif = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#00ff00' } })
        .gif()
        .toBuffer();
      const answer = await upload(cookie, '/api/images', Buffer.concat([gif, Buffer.from(SCRIPT)]));
      expect(answer.statusCode).toBe(201);
      const served = (await get(cookie, answer.json().image.url)).rawPayload;
      expect(served.subarray(0, 4).toString()).toBe('RIFF');
      expect(served.subarray(8, 12).toString()).toBe('WEBP');
      expect(served.includes(Buffer.from('<script'))).toBe(false);
    });

    it('accepts PNG, JPEG, WebP, GIF and AVIF, whatever the name and the declared type', async () => {
      const { cookie } = await signUp(t.app);
      const base = () => sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } });
      const formats = {
        png: await base().png().toBuffer(),
        jpeg: await base().jpeg().toBuffer(),
        webp: await base().webp().toBuffer(),
        gif: await base().gif().toBuffer(),
        avif: await base().avif().toBuffer(),
      };
      for (const [format, data] of Object.entries(formats)) {
        const answer = await upload(cookie, '/api/images', data, { filename: 'document.pdf' });
        expect(answer.statusCode, format).toBe(201);
        expect(answer.json().image).toMatchObject({ width: 30, height: 20 });
      }
    });

    it('a picture from an https address is fetched and stored like an upload', async () => {
      const { cookie } = await signUp(t.app);
      const answer = await request(t.app, 'PUT', '/api/me/avatar', {
        cookie,
        body: { url: 'http://pics.test/cat.png' },
      });
      expect(answer.statusCode).toBe(200);
      const image = answer.json().image as string;
      expect(image).toMatch(/^\/api\/avatars\//);
      expect(await sharp((await get(cookie, image)).rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 256,
        height: 256,
      });
      // A couple of redirects within public addresses are fine.
      const hops = await request(t.app, 'PUT', '/api/me/avatar', {
        cookie,
        body: { url: 'http://pics.test/hop1' },
      });
      expect(hops.statusCode).toBe(200);
    });

    it('refuses URLs that point inside, redirect inside, are too big, slow or not images', async () => {
      const { cookie } = await signUp(t.app);
      const before = storedFiles(t.testDb.dataDir);
      const cases: [string, number, string][] = [
        [`http://127.0.0.1:${remotePort}/cat.png`, 400, PICTURE_MESSAGES.invalidUrl],
        ['http://inside.test/cat.png', 400, PICTURE_MESSAGES.invalidUrl],
        ['http://mixed.test/cat.png', 400, PICTURE_MESSAGES.invalidUrl],
        ['http://pics.test/to-loopback', 400, PICTURE_MESSAGES.invalidUrl],
        ['http://pics.test/to-inside', 400, PICTURE_MESSAGES.invalidUrl],
        ['http://pics.test/to-metadata', 400, PICTURE_MESSAGES.invalidUrl],
        ['http://pics.test/loop', 400, PICTURE_MESSAGES.invalidUrl],
        ['http://pics.test/page.png', 400, PICTURE_MESSAGES.invalidUrl],
        ['http://pics.test/missing.png', 400, PICTURE_MESSAGES.invalidUrl],
        ['http://pics.test/slow', 400, PICTURE_MESSAGES.invalidUrl],
        ['http://nowhere.test/cat.png', 400, PICTURE_MESSAGES.invalidUrl],
        ['http://pics.test/huge', 413, PICTURE_MESSAGES.tooLarge],
        ['http://pics.test/huge-unannounced', 413, PICTURE_MESSAGES.tooLarge],
        ['file:///etc/passwd', 400, PICTURE_MESSAGES.invalidUrl],
        ['not a url', 400, PICTURE_MESSAGES.invalidUrl],
      ];
      for (const [url, status, message] of cases) {
        const hitsBefore = remoteHits.length;
        const answer = await request(t.app, 'PUT', '/api/me/avatar', { cookie, body: { url } });
        expect(answer.statusCode, url).toBe(status);
        expectRefused(answer, status, message);
        // Nothing was ever asked of an inside address: the test server saw only the first, public hop.
        if (/^http:\/\/(127\.0\.0\.1|inside\.test|mixed\.test)[:/]/.test(url)) {
          expect(remoteHits.length, url).toBe(hitsBefore);
        }
      }
      expect(remoteHits.filter((hit) => hit === '/cat.png')).toHaveLength(2); // the two accepted fetches
      expect((await get(cookie, '/api/me')).json().image).toBeNull();
      expect(storedFiles(t.testDb.dataDir)).toEqual(before);
    });

    it('deleting the account deletes its files', async () => {
      const { cookie, user } = await signUp(t.app);
      await upload(cookie, '/api/me/avatar', await png());
      await upload(cookie, '/api/images', await png());
      const mine = () =>
        storedFiles(t.testDb.dataDir).filter((file) =>
          file.startsWith('avatars') ? file.includes(user.id) : false,
        );
      expect(mine()).toHaveLength(1);
      const before = storedFiles(t.testDb.dataDir).length;
      const result = await deleteUser(t.database.db, user.id, t.storage);
      expect(result.deletedFiles).toBe(2);
      expect(mine()).toEqual([]);
      expect(storedFiles(t.testDb.dataDir)).toHaveLength(before - 2);
    });
  });

  describe('note images', () => {
    async function sharedWorld() {
      const owner = await signUp(t.app, { name: 'Owner' });
      const member = await signUp(t.app, { name: 'Member' });
      const stranger = await signUp(t.app, { name: 'Stranger' });
      const project = (
        await request(t.app, 'POST', '/api/shared-projects', { cookie: owner.cookie, body: { name: 'Team' } })
      ).json();
      const joined = await request(t.app, 'POST', '/api/shared-projects/join', {
        cookie: member.cookie,
        body: { code: project.code },
        ip: '10.9.8.7',
      });
      expect(joined.statusCode).toBe(200);
      const note = (
        await request(t.app, 'POST', '/api/notes', {
          cookie: owner.cookie,
          body: { projectId: project.id, title: 'With a picture' },
        })
      ).json();
      const strangerProject = (
        await request(t.app, 'POST', '/api/projects', { cookie: stranger.cookie, body: { name: 'Mine' } })
      ).json();
      const strangerNote = (
        await request(t.app, 'POST', '/api/notes', {
          cookie: stranger.cookie,
          body: { projectId: strangerProject.id, title: 'Stolen' },
        })
      ).json();
      return { owner, member, stranger, project, note, strangerNote };
    }

    it('POST /api/images answers the contract: id, url, size; longest side at most 2048', async () => {
      const { cookie } = await signUp(t.app);
      const answer = await upload(cookie, '/api/images', await png(4000, 1000));
      expect(answer.statusCode).toBe(201);
      const { image } = answer.json();
      expect(image.url).toBe(noteImageUrl(image.id, image.url.match(/([0-9a-f]{32})\.webp$/)[1]));
      expect(image).toMatchObject({ width: 2048, height: 512 });
      const served = await get(cookie, image.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      // A small image is not enlarged.
      const small = (await upload(cookie, '/api/images', await png(30, 20))).json().image;
      expect(small).toMatchObject({ width: 30, height: 20 });
    });

    it('only the uploader and readers of a linked note may read it; a stranger referencing it gets nothing', async () => {
      const w = await sharedWorld();
      const linked = await upload(w.owner.cookie, '/api/images', await png(), { noteId: w.note.id });
      expect(linked.statusCode).toBe(201);
      const url = linked.json().image.url as string;
      expect((await get(w.owner.cookie, url)).statusCode).toBe(200);
      expect((await get(w.member.cookie, url)).statusCode).toBe(200);
      expect((await get(w.stranger.cookie, url)).statusCode).toBe(404);
      expect((await request(t.app, 'GET', url)).statusCode).toBe(401);

      // Not linked to any note: the uploader only.
      const loose = (await upload(w.owner.cookie, '/api/images', await png())).json().image.url as string;
      expect((await get(w.owner.cookie, loose)).statusCode).toBe(200);
      expect((await get(w.member.cookie, loose)).statusCode).toBe(404);

      // The stranger puts the image's address in their own note: no link, still 404.
      await syncNoteImages(t.database.db, w.strangerNote.id, `Look ![x](${url}) and ![y](${loose})`);
      const links = await t.database.db
        .selectFrom('note_images')
        .select('image_id')
        .where('note_id', '=', w.strangerNote.id)
        .execute();
      expect(links).toEqual([]);
      expect((await get(w.stranger.cookie, url)).statusCode).toBe(404);
      expect((await get(w.stranger.cookie, loose)).statusCode).toBe(404);

      // A wrong hash, a malformed name, an unknown id: 404, never a file.
      expect((await get(w.owner.cookie, url.replace(/[0-9a-f]{32}/, 'f'.repeat(32)))).statusCode).toBe(404);
      expect((await get(w.owner.cookie, '/api/images/..%2F..%2Fnotewise.db')).statusCode).toBe(404);
      expect(
        (await get(w.owner.cookie, `/api/images/${crypto.randomUUID()}-${'a'.repeat(32)}.webp`)).statusCode,
      ).toBe(404);
    });

    it("a shared project's member list carries each member's picture", async () => {
      const w = await sharedWorld();
      const picture = (await upload(w.owner.cookie, '/api/me/avatar', await png())).json().image as string;
      const members = (await get(w.member.cookie, `/api/shared-projects/${w.project.id}/members`)).json();
      const byId = Object.fromEntries(
        (members.members as { userId: string; image: string | null }[]).map((m) => [m.userId, m.image]),
      );
      expect(byId[w.owner.user.id]).toBe(picture);
      expect(byId[w.member.user.id]).toBeNull();
      expect((await get(w.member.cookie, picture)).statusCode).toBe(200);
    });

    it('the noteId field is refused for a note the uploader cannot see (404), before anything is stored', async () => {
      const w = await sharedWorld();
      const before = storedFiles(t.testDb.dataDir);
      const answer = await upload(w.stranger.cookie, '/api/images', await png(), { noteId: w.note.id });
      expect(answer.statusCode).toBe(404);
      expect(storedFiles(t.testDb.dataDir)).toEqual(before);
    });

    it('links follow the Markdown: members read an image their note shows, not one it stopped showing', async () => {
      const w = await sharedWorld();
      const url = (await upload(w.owner.cookie, '/api/images', await png())).json().image.url as string;
      expect((await get(w.member.cookie, url)).statusCode).toBe(404);
      await syncNoteImages(t.database.db, w.note.id, `Here: ![chart](${url})`);
      expect((await get(w.member.cookie, url)).statusCode).toBe(200);
      await syncNoteImages(t.database.db, w.note.id, 'The chart is gone.');
      expect((await get(w.member.cookie, url)).statusCode).toBe(404);
      expect((await get(w.owner.cookie, url)).statusCode).toBe(200);
    });

    it('REST create and update keep the links', async () => {
      // The editor schema keeps an image of ours through the sanitizer (else nothing below could link).
      expect(sanitizeMarkdown(`![a](${noteImageUrl(crypto.randomUUID(), 'a'.repeat(32))})`)).toContain(
        '/api/images/',
      );
      const w = await sharedWorld();
      const url = (await upload(w.owner.cookie, '/api/images', await png())).json().image.url as string;
      const created = await request(t.app, 'POST', '/api/notes', {
        cookie: w.owner.cookie,
        body: { projectId: w.project.id, title: 'Chart', content: `![chart](${url})` },
      });
      expect(created.statusCode).toBe(201);
      expect((await get(w.member.cookie, url)).statusCode).toBe(200);
      const note = created.json();
      const updated = await request(t.app, 'PATCH', `/api/notes/${note.id}`, {
        cookie: w.owner.cookie,
        body: { content: 'no chart', version: note.version },
      });
      expect(updated.statusCode).toBe(200);
      expect((await get(w.member.cookie, url)).statusCode).toBe(404);
    });

    it('FREE accounts may set a picture; uploading note images needs access', async () => {
      const free = await signUp(t.app);
      await setPlan(t, free.email, 'FREE', null);
      expect((await upload(free.cookie, '/api/me/avatar', await png())).statusCode).toBe(200);
      expect((await upload(free.cookie, '/api/images', await png())).statusCode).toBe(403);
      expect((await upload('', '/api/images', await png())).statusCode).toBe(401);
      expect((await upload('', '/api/me/avatar', await png())).statusCode).toBe(401);
    });

    it('limits uploads per account: 60 a minute, then 429 with Retry-After, before the body is read', async () => {
      const { cookie } = await signUp(t.app);
      const other = await signUp(t.app);
      const tiny = Buffer.from('x');
      for (let i = 0; i < UPLOAD_RATE_LIMIT.limit; i += 1) {
        expect((await upload(cookie, '/api/images', tiny)).statusCode).toBe(400);
      }
      const limited = await upload(cookie, '/api/me/avatar', await png());
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      expect(limited.json().error.code).toBe(ERROR_CODES.rateLimited);
      const byUrl = await request(t.app, 'PUT', '/api/me/avatar', {
        cookie,
        body: { url: 'http://pics.test/cat.png' },
      });
      expect(byUrl.statusCode).toBe(429);
      // Another account is not affected.
      expect((await upload(other.cookie, '/api/images', await png())).statusCode).toBe(201);
    });

    it('refuses a JSON body, a second file and a file under another field name', async () => {
      const { cookie } = await signUp(t.app);
      const json = await request(t.app, 'POST', '/api/images', { cookie, body: { file: 'x' } });
      expect(json.statusCode).toBe(400);
      const image = await png();
      const send = (parts: Parameters<typeof multipart>[0]) => {
        const body = multipart(parts);
        return t.app.inject({
          method: 'POST',
          url: '/api/images',
          headers: { host: 'localhost:3000', origin: TEST_ORIGIN, cookie, 'content-type': body.contentType },
          payload: body.payload,
        });
      };
      const two = await send([
        { name: 'file', filename: 'a.png', data: image },
        { name: 'file', filename: 'b.png', data: image },
      ]);
      expect(two.statusCode).toBe(400);
      // A body that is not multipart at all under a multipart type: 400, never a 500.
      for (const url of ['/api/images', '/api/me/avatar']) {
        const broken = await t.app.inject({
          method: 'POST',
          url,
          headers: {
            host: 'localhost:3000',
            origin: TEST_ORIGIN,
            cookie,
            'content-type': 'multipart/form-data; boundary=x',
          },
          payload: 'l+<_iBrH',
        });
        expect(broken.statusCode, url).toBe(400);
        expect(broken.json().error.message).toBe(PICTURE_MESSAGES.invalidFile);
      }
      const other = await send([{ name: 'picture', filename: 'a.png', data: image }]);
      expect(other.statusCode).toBe(400);
      expect(other.json().error.message).toBe(PICTURE_MESSAGES.invalidFile);
    });
  });
});
