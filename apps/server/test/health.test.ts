import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, startTestApp, type TestApp } from './helpers';

const serverPackage = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'),
) as { version: string };

const METRICS = 'metrics-token-for-tests';

describe.each(dialects)('health and readiness on %s', (dialect) => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  beforeAll(async () => {
    const redis = process.env.TEST_REDIS_URL;
    t = await startTestApp(
      dialect,
      {
        DEMO_ACCOUNT: 'false',
        WEB_DIST_DIR: webDist,
        METRICS_TOKEN: METRICS,
        ...(redis ? { REDIS_URL: redis, AUTH_SECRET: 'h'.repeat(40) } : {}),
      },
      undefined,
      { redisPrefix: `health-${Date.now()}:` },
    );
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('reports liveness with the package version', async () => {
    const response = await request(t.app, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: dialect,
      version: serverPackage.version,
    });
  });

  it('is ready when the database answers, every migration is applied, Redis, file storage and disk answer', async () => {
    const response = await request(t.app, 'GET', '/api/health/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: {
        database: 'ok',
        migrations: 'ok',
        redis: process.env.TEST_REDIS_URL ? 'ok' : 'not-configured',
        storage: 'ok',
        disk: 'ok',
      },
    });
  });

  it('is not ready while a migration is missing', async () => {
    const removed = await t.database.db
      .deleteFrom('schema_migrations' as never)
      .where('name' as never, '=', '006-note-excerpts' as never)
      .executeTakeFirst();
    expect(Number(removed.numDeletedRows)).toBe(1);
    try {
      const response = await request(t.app, 'GET', '/api/health/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'not-ready', checks: { migrations: 'failed' } });
    } finally {
      await t.database.db
        .insertInto('schema_migrations' as never)
        .values({ name: '006-note-excerpts', timestamp: new Date().toISOString() } as never)
        .execute();
    }
  });

  it('answers probes and scrapers for unknown paths with a 404, never the app page', async () => {
    for (const url of ['/healthz', '/status', '/api/unknown']) {
      const response = await request(t.app, 'GET', url, { headers: { accept: '*/*' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const page = await request(t.app, 'GET', '/projects', {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it("serves the app at / to curl and uptime monitors (Accept */* or none), never /api/'s 404s", async () => {
    for (const headers of [{ accept: '*/*' }, {}] as Record<string, string>[]) {
      const front = await request(t.app, 'GET', '/', { headers });
      expect(front.statusCode, JSON.stringify(headers)).toBe(200);
      expect(front.headers['content-type']).toContain('text/html');
      expect(front.body).toContain('<div id="root">');
      expect((await request(t.app, 'HEAD', '/', { headers })).statusCode).toBe(200);
    }
    const api = await request(t.app, 'GET', '/api/nothing-here', { headers: { accept: '*/*' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it('serves Prometheus metrics only with the metrics token, labelled by route pattern', async () => {
    await request(t.app, 'GET', '/api/health');
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token' }] as Record<
      string,
      string
    >[]) {
      const refused = await request(t.app, 'GET', '/metrics', { headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('UNAUTHORIZED');
    }
    const metrics = await request(t.app, 'GET', '/metrics', {
      headers: { authorization: `Bearer ${METRICS}` },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toMatch(
      /notewise_http_request_duration_seconds_count\{route="\/api\/health",method="GET",status="200"\} \d+/,
    );
    expect(metrics.body).toContain('notewise_process_resident_memory_bytes');
  });
});

describe('metrics off by default', () => {
  it('has no /metrics without METRICS_TOKEN', async () => {
    const t = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false' });
    try {
      const response = await request(t.app, 'GET', '/metrics', { headers: { accept: '*/*' } });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
      await t.testDb.destroy();
    }
  });
});
