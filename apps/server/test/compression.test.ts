import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSse } from './ai-fake-model';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';

/**
 * Responses are compressed when that pays (decision 016): JSON over 1 KB with brotli or gzip as the
 * client asks, hashed assets from the .br/.gz the build wrote, never small bodies or event streams.
 */
describe.each(dialects)('compression on %s', (dialect) => {
  let t: TestApp;
  let webDist: string;
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><script src="/assets/app-1a2b3c.js"></script>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), script);
    // The precompressed copies say so: a response made from them cannot be mistaken for one the
    // server compressed on the fly.
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync('// from .br\n'));
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false', WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  async function noteList() {
    const { cookie } = await signUp(t.app);
    const project = (
      await request(t.app, 'POST', '/api/projects', { cookie, body: { name: 'Work' } })
    ).json();
    for (let i = 0; i < 8; i++) {
      const content = `Note ${i}: ${'the quarterly report needs numbers '.repeat(6)}`;
      await request(t.app, 'POST', '/api/notes', {
        cookie,
        body: { projectId: project.id, title: `Note ${i}`, content },
      });
    }
    return { cookie, url: `/api/notes?projectId=${project.id}` };
  }

  it('sends a JSON list over 1 KB with brotli or gzip, as asked', async () => {
    const { cookie, url } = await noteList();
    const plain = await request(t.app, 'GET', url, { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await request(t.app, 'GET', url, { cookie, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await request(t.app, 'GET', url, { cookie, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves bodies under 1 KB alone', async () => {
    const { cookie } = await signUp(t.app);
    const response = await request(t.app, 'GET', '/api/search?q=nothing', {
      cookie,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ results: [], nextCursor: null });
  });

  it('serves a hashed asset from its .br file, with Vary: Accept-Encoding', async () => {
    const br = await request(t.app, 'GET', '/assets/app-1a2b3c.js', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('// from .br\n');

    const identity = await request(t.app, 'GET', '/assets/app-1a2b3c.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.body).toBe(script);
  });

  it('never compresses an event stream', async () => {
    const { cookie } = await signUp(t.app);
    const content = 'The council met on Tuesday to discuss the new bicycle lanes. '.repeat(30);
    const response = await request(t.app, 'POST', '/api/ai/enhance', {
      cookie,
      body: { action: 'summarize', content },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(parseSse(response.body).at(-1)?.event).toBe('done');
  });
});
