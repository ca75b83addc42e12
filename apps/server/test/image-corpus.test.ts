import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ERROR_CODES, PICTURE_MESSAGES } from '@notewise/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECODE_TIMEOUT_SECONDS } from '../src/modules/uploads/image-pipeline';
import { dialects, signUp, startTestApp, type TestApp } from './helpers';
import { type HostileImage, hostileImages, memoryBombs } from './support/hostile-images';

// Decision 042: the upload pipeline against hostile pictures, over real HTTP on a listening server,
// with /api/health polled throughout and the process's memory sampled.

/** What one upload may add to the server's resident memory (MAX_WHOLE_DECODE_BYTES plus margin). */
const MEMORY_BUDGET_MB = 320;
/**
 * /api/health while pictures decode: under 100 ms. The test machine runs other work (load average
 * near 18 on 2 cores while this was written), which alone now and then holds a thread off the CPU
 * for 100 ms, so the rule is: at most 2 % of polls over 100 ms and none over 300 ms. An event loop
 * blocked by a decode (seconds) fails it either way.
 */
const HEALTH_BUDGET_MS = 100;
const HEALTH_CEILING_MS = 300;

function expectHealthy(polls: number[], what: string) {
  expect(polls.length, what).toBeGreaterThan(0);
  const slow = polls.filter((ms) => ms >= HEALTH_BUDGET_MS).length;
  expect(
    slow / polls.length,
    `${what}: ${slow} of ${polls.length} health polls over 100 ms`,
  ).toBeLessThanOrEqual(0.02);
  expect(Math.max(...polls), `${what}: slowest health poll`).toBeLessThan(HEALTH_CEILING_MS);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function send(port: number, options: http.RequestOptions, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, agent, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function multipart(image: HostileImage) {
  const boundary = `----corpus${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${image.filename}"\r\nContent-Type: ${image.contentType}\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, image.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Runs `work` while /api/health is asked over and over and resident memory is sampled. */
async function watched<T>(port: number, work: () => Promise<T>) {
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 5);
  const health: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let done = false;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      const answer = await send(port, { method: 'GET', path: '/api/health' });
      health.push(performance.now() - started);
      expect(answer.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      ms: performance.now() - started,
      health,
      /** The event loop's longest stall (ms): what a blocked loop, not a busy machine, shows. */
      get loopDelayMs() {
        return loop.max / 1e6;
      },
      get addedMb() {
        return (peakRss - startRss) / 1e6;
      },
    };
  } finally {
    done = true;
    await poller;
    clearInterval(sampler);
    loop.disable();
  }
}

describe.each(dialects)('hostile pictures on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  let corpus: HostileImage[];
  let bombs: HostileImage[];

  beforeAll(async () => {
    [corpus, bombs] = await Promise.all([hostileImages(), memoryBombs()]);
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    // sharp and file-type load on the first picture (a one-time stall of the loop, as in production
    // after a restart): loaded here, so the measurements are of decoding.
    const { upload } = await uploader();
    const warmUp = corpus.find((image) => image.name === 'PNG + HTML');
    if (!warmUp) throw new Error('corpus changed');
    expect((await upload(warmUp)).status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  /** A new account and its note-image upload, as the browser sends it (multipart, same origin). */
  async function uploader() {
    const { cookie } = await signUp(t.app);
    const upload = (image: HostileImage) => {
      const form = multipart(image);
      return send(
        port,
        {
          method: 'POST',
          path: '/api/images',
          headers: {
            cookie,
            origin: `http://127.0.0.1:${port}`,
            'content-type': form.type,
            'content-length': String(form.body.length),
          },
        },
        form.body,
      );
    };
    return { cookie, upload };
  }

  async function checkOutcome(image: HostileImage, answer: Answer, cookie: string) {
    if (image.expect === 'refused') {
      expect(answer.status, image.name).toBe(400);
      expect(JSON.parse(answer.body.toString()).error, image.name).toEqual({
        code: ERROR_CODES.validation,
        message: PICTURE_MESSAGES.invalidFile,
      });
      return;
    }
    expect(answer.status, `${image.name}: ${answer.body.toString().slice(0, 200)}`).toBe(201);
    const { image: stored } = JSON.parse(answer.body.toString());
    const served = await send(port, { method: 'GET', path: stored.url, headers: { cookie } });
    expect(served.status, image.name).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body.subarray(0, 4).toString()).toBe('RIFF');
    expect(served.body.subarray(8, 12).toString()).toBe('WEBP');
    const meta = await sharp(served.body).metadata();
    // One frame, no metadata blocks, nothing past the image.
    expect(meta.pages ?? 1, image.name).toBe(1);
    expect(meta.exif, image.name).toBeUndefined();
    expect(served.body.length).toBe(served.body.readUInt32LE(4) + 8);
    for (const text of image.payload ?? []) {
      expect(served.body.includes(Buffer.from(text)), `${image.name} still carries ${text}`).toBe(false);
    }
  }

  it('refuses or safely re-encodes every picture of the corpus, in time and memory, while health answers', async () => {
    const { cookie, upload } = await uploader();
    const report: string[] = [];
    const allPolls: number[] = [];
    let slowestHealth = 0;
    for (const image of [...corpus, ...bombs]) {
      const run = await watched(port, () => upload(image));
      await checkOutcome(image, run.result, cookie);
      const worstHealth = Math.max(0, ...run.health);
      slowestHealth = Math.max(slowestHealth, worstHealth);
      allPolls.push(...run.health);
      report.push(
        `${image.name}: ${run.result.status} in ${Math.round(run.ms)} ms, +${Math.round(run.addedMb)} MB, health max ${Math.round(worstHealth)} ms (${run.health.length} polls), loop stall ${Math.round(run.loopDelayMs)} ms`,
      );
      expect(run.ms, image.name).toBeLessThan(DECODE_TIMEOUT_SECONDS * 1000 + 5000);
      expect(run.addedMb, `${image.name} took ${Math.round(run.addedMb)} MB`).toBeLessThan(MEMORY_BUDGET_MB);
      expect(worstHealth, `${image.name}: /api/health took ${Math.round(worstHealth)} ms`).toBeLessThan(
        HEALTH_CEILING_MS,
      );
    }
    const over = allPolls.filter((ms) => ms >= HEALTH_BUDGET_MS).length;
    console.info(
      `[image corpus ${dialect}]\n${report.join('\n')}\nhealth: ${allPolls.length} polls, ${over} over 100 ms, slowest ${Math.round(slowestHealth)} ms`,
    );
    expectHealthy(allPolls, 'corpus');
  }, 300_000);

  it('four large decodes at once stay inside the memory of one decode; a flood past the line answers 503', async () => {
    const phonePhoto = bombs.find((image) => image.name.startsWith('AVIF of 4032'));
    if (!phonePhoto) throw new Error('corpus changed');
    const { upload } = await uploader();
    // As many as libuv has threads for sharp's work.
    const four = await watched(port, () => Promise.all(Array.from({ length: 4 }, () => upload(phonePhoto))));
    expect(four.result.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    // One measured about 214 MB here; at once on libuv's four threads, four of them took 4 x that.
    expect(four.addedMb, `four at once took ${Math.round(four.addedMb)} MB`).toBeLessThan(MEMORY_BUDGET_MB);
    expectHealthy(four.health, 'four at once');

    // Fourteen accounts (each within its own rate limit) upload at the same moment.
    const accounts = await Promise.all(Array.from({ length: 14 }, () => uploader()));
    const flat = corpus.find((image) => image.name.startsWith('flat 6000'));
    if (!flat) throw new Error('corpus changed');
    const flood = await Promise.all(accounts.map((account) => account.upload(flat)));
    const statuses = flood.map((answer) => answer.status);
    // One decoding and eight waiting are served; the rest are told to try again.
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(9);
    const busy = flood.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(JSON.parse(busy[0]?.body.toString() ?? '{}').error.message).toBe(PICTURE_MESSAGES.uploadFailed);
    console.info(
      `[image corpus ${dialect}] four AVIF phone photos at once: ${Math.round(four.ms)} ms, +${Math.round(four.addedMb)} MB, health max ${Math.round(Math.max(...four.health))} ms, loop stall ${Math.round(four.loopDelayMs)} ms; flood of 14: ${statuses.join(' ')}`,
    );
  }, 300_000);
});
