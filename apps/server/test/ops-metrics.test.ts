import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';
import { collabClient, until } from './support/collab-client';

const TOKEN = 'ops-metrics-token-for-tests';
const DASHBOARD = path.resolve(import.meta.dirname, '../../../ops/grafana/notewise-dashboard.json');

/** One scrape as Prometheus reads it: sample name plus labels -> value. */
async function scrape(t: TestApp) {
  const response = await request(t.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  const samples = new Map<string, number>();
  for (const line of response.body.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match) samples.set(`${match[1]}${match[2] ?? ''}`, Number(match[3]));
  }
  const value = (series: string) => samples.get(series) ?? Number.NaN;
  const names = new Set([...samples.keys()].map((key) => key.replace(/\{.*$/, '')));
  return { value, names, body: response.body };
}

describe.each(dialects)('operations metrics on %s', (dialect) => {
  let t: TestApp;
  let host: string;
  const redis = process.env.TEST_REDIS_URL;
  beforeAll(async () => {
    const prefix = `ops-metrics-${crypto.randomBytes(4).toString('hex')}:`;
    t = await startTestApp(
      dialect,
      {
        DEMO_ACCOUNT: 'false',
        METRICS_TOKEN: TOKEN,
        // Low, so a few sign-ins from one address meet the limit; the test's own sign-ups stay under it.
        AUTH_RATE_LIMIT: '5',
        // Registers the backup gauge the dashboard shows; no slot falls within the test.
        BACKUP_CRON: '0 3 1 1 *',
        ...(redis ? { REDIS_URL: redis, AUTH_SECRET: crypto.randomBytes(48).toString('base64url') } : {}),
      },
      undefined,
      { redisPrefix: prefix },
    );
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (!t) return;
    await t.close();
    await t.testDb.destroy();
  });

  it('shows open and refused sockets, open documents, co-editing updates and rate-limit refusals', async () => {
    const before = await scrape(t);
    const owner = await signUp(t.app);
    const project = (
      await request(t.app, 'POST', '/api/shared-projects', { cookie: owner.cookie, body: { name: 'Ops' } })
    ).json();
    const note = (
      await request(t.app, 'POST', '/api/notes', { cookie: owner.cookie, body: { projectId: project.id } })
    ).json();

    const events = new WebSocket(`ws://${host}/api/events`, {
      headers: { cookie: owner.cookie, origin: `http://${host}` },
    });
    await new Promise<void>((resolve, reject) => {
      events.once('message', () => resolve());
      events.once('close', (code) => reject(new Error(`events socket closed ${code}`)));
    });
    const editor = collabClient(host, owner.cookie, note.id);
    await editor.synced;
    editor.doc.transact(() => {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText('kept')]);
      editor.doc.getXmlFragment('default').insert(0, [paragraph]);
    });
    await until(async () => {
      const now = await scrape(t);
      return (
        now.value('notewise_collab_updates_applied_total') >
        before.value('notewise_collab_updates_applied_total')
      );
    });

    const open = await scrape(t);
    expect(open.value('notewise_sockets_open{kind="events"}')).toBe(1);
    expect(open.value('notewise_sockets_open{kind="collab"}')).toBe(1);
    expect(open.value('notewise_collab_documents_open')).toBe(1);
    if (dialect === 'postgres') {
      // The scrape's own query (the backup gauge) holds a connection, or waits while one opens.
      expect(open.value('notewise_db_pool_clients{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(open.value('notewise_db_pool_clients{state="waiting"}')).toBeGreaterThanOrEqual(0);
      expect(open.value('notewise_db_pool_max_clients')).toBe(10);
    } else {
      expect(open.value('notewise_db_pool_clients{state="total"}')).toBe(1);
      expect(open.value('notewise_db_pool_clients{state="waiting"}')).toBe(0);
    }
    if (redis) expect(open.value('notewise_redis_up')).toBe(1);
    else expect(open.names.has('notewise_redis_up')).toBe(false);

    // A change the editor schema refuses (an element it does not know): the socket is closed with 4422.
    const schema = 'notewise_collab_updates_rejected_total{reason="schema"}';
    const invalid = 'notewise_sockets_refused_total{code="4422",reason="Invalid update"}';
    const intruder = collabClient(host, owner.cookie, note.id);
    await intruder.synced;
    intruder.doc.transact(() => {
      intruder.doc.getXmlFragment('default').insert(0, [new Y.XmlElement('marquee')]);
    });
    expect(await intruder.closed).toBe(4422);
    intruder.destroy();
    const anonymous = new WebSocket(`ws://${host}/api/events`);
    expect(await new Promise<number>((resolve) => anonymous.on('close', (code) => resolve(code)))).toBe(4401);

    // The sign-in limit per address, from an address of its own.
    const limited = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await request(t.app, 'POST', '/api/auth/sign-in/email', {
        body: { email: owner.email, password: 'not-the-password' },
        ip: '203.0.113.7',
      });
      limited.push(response.statusCode);
    }
    expect(limited.at(-1)).toBe(429);

    const after = await scrape(t);
    expect(after.value(schema) - (before.value(schema) || 0)).toBe(1);
    expect(after.value(invalid) - (before.value(invalid) || 0)).toBe(1);
    const unauthorized = 'notewise_sockets_refused_total{code="4401",reason="Unauthorized"}';
    expect(after.value(unauthorized) - (before.value(unauthorized) || 0)).toBeGreaterThanOrEqual(1);
    const signIn = 'notewise_rate_limit_refusals_total{rule="sign-in-ip"}';
    expect(after.value(signIn) - (before.value(signIn) || 0)).toBe(1);
    // Bounded label sets start at 0, so an alert on them has a series before the first failure.
    for (const series of [
      'notewise_collab_updates_rejected_total{reason="pending"}',
      'notewise_faults_total{fault="disk-full"}',
      'notewise_job_failures_total{job="backup"}',
    ]) {
      expect(after.value(series)).toBeGreaterThanOrEqual(0);
    }

    editor.destroy();
    events.close();
    let last = '';
    await until(async () => {
      const closed = await scrape(t);
      last = closed.body
        .split('\n')
        .filter((line) => /^notewise_(sockets_open|collab_documents)/.test(line))
        .join(', ');
      // The last client gone, Hocuspocus stores the document at once and unloads it.
      return (
        closed.value('notewise_sockets_open{kind="events"}') === 0 &&
        closed.value('notewise_sockets_open{kind="collab"}') === 0 &&
        closed.value('notewise_collab_documents_open') === 0 &&
        closed.value('notewise_collab_documents_stored_total') >
          before.value('notewise_collab_documents_stored_total')
      );
    }).catch((error: Error) => {
      throw new Error(`${error.message}: ${last}`);
    });
  }, 60_000);

  it('exports the list page cache: hits, misses, evictions, bytes and pages', async () => {
    const before = await scrape(t);
    const user = await signUp(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await request(t.app, 'GET', '/api/projects', { cookie: user.cookie })).statusCode).toBe(200);
    }
    const after = await scrape(t);
    const grew = (series: string) => after.value(series) - before.value(series);
    expect(grew('notewise_page_cache_misses_total')).toBe(1);
    expect(grew('notewise_page_cache_hits_total')).toBe(2);
    expect(after.value('notewise_page_cache_evictions_total')).toBe(t.pages.evictions);
    expect(after.value('notewise_page_cache_pages')).toBe(t.pages.size.pages);
    expect(after.value('notewise_page_cache_bytes{kind="used"}')).toBe(t.pages.size.bytes);
    expect(after.value('notewise_page_cache_bytes{kind="used"}')).toBeGreaterThan(0);
    expect(after.value('notewise_page_cache_bytes{kind="max"}')).toBe(32 * 1024 * 1024);
  });

  it('exports every metric the Grafana dashboard queries', async () => {
    const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as {
      panels: Array<{ targets?: Array<{ expr: string }> }>;
    };
    const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    expect(exprs.length).toBeGreaterThan(15);
    const used = new Set(exprs.flatMap(metricNames));
    expect(used.size).toBeGreaterThan(15);
    // Some traffic of its own (a request, a refused socket, a rate-limit refusal), so it also runs alone.
    await request(t.app, 'GET', '/api/health');
    for (let i = 0; i < 6; i += 1) {
      await request(t.app, 'POST', '/api/auth/sign-in/email', {
        body: { email: 'nobody@example.com', password: 'not-the-password' },
        ip: '203.0.113.8',
      });
    }
    const anonymous = new WebSocket(`ws://${host}/api/events`);
    await new Promise((resolve) => anonymous.on('close', resolve));
    const { names } = await scrape(t);
    // Only exported when REDIS_URL is set; CI runs this with Redis.
    const missing = [...used].filter((name) => !names.has(name) && !(name === 'notewise_redis_up' && !redis));
    expect(missing).toEqual([]);
  });
});

/** PromQL words that are not metric names. */
const PROMQL_WORDS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'rate',
  'irate',
  'increase',
  'histogram_quantile',
  'time',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
]);

/** The metric names of a PromQL expression (label matchers, ranges and grouping lists removed first). */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
  const words = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return words.filter((word) => !PROMQL_WORDS.has(word));
}

describe('dashboard expressions', () => {
  it('reads metric names out of PromQL', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (route, le) (rate(notewise_http_request_duration_seconds_bucket{status=~"5.."}[$__rate_interval])))',
      ),
    ).toEqual(['notewise_http_request_duration_seconds_bucket']);
    expect(metricNames('time() - max(notewise_backup_last_success_timestamp_seconds)')).toEqual([
      'notewise_backup_last_success_timestamp_seconds',
    ]);
  });
});
