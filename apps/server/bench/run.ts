/**
 * `npm run bench`: for each size (10,000 and 100,000 notes by default; BENCH_NOTES=1000000 or a
 * comma list) seeds a real database (SQLite by default, PostgreSQL with BENCH_DATABASE_URL), serves
 * the real app, drives fixed-rate load from a separate process, and runs the same load against a bare
 * Fastify route serving the same bytes in the same run: on a shared machine the ratio is the figure
 * that means something. Reports each figure's growth with size and the budgets, as JSON
 * (bench/results/latest.json) and tables. BENCH_SOAK=1 adds a 5-minute mixed soak. Then co-editing at
 * scale (collab-scale.ts: 150 clients in one note beside a bare relay, 1,000 open notes' memory).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { createSearchRepo } from '../src/modules/search/search.repo';
import { reportCollabScale } from './collab-report';
import { measureCollabScale } from './collab-scale';
import { measureExtras } from './extras';
import { type Figure, load, startBare } from './harness';
import { middleVersionCursor, seedVersions } from './history-lists';
import { startUncached } from './list-pages';
import { report, type SizeResult } from './report';
import { QUERIES, randomSentence, seedNotes } from './seed';
import { measureStartup } from './startup';
import { middleTrashCursor, seedTrash } from './trash-lists';

const SIZES = (process.env.BENCH_NOTES ?? '10000,100000').split(',').map(Number);
/** BENCH_ONLY=list measures only the figures whose name matches (a quick look at one part). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const wanted = (name: string) => !ONLY || ONLY.test(name);

async function measureSize(noteCount: number, last: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  let pgSchema: string | undefined;
  const pg = databaseUrl ? await import('pg') : undefined;
  if (databaseUrl && pg) {
    pgSchema = `bench_${crypto.randomBytes(4).toString('hex')}`;
    const client = new pg.default.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${pgSchema}`);
    await client.end();
  }
  const database = openDatabase({ databaseUrl, dataDir, pgSchema });
  const { app } = await buildApp(config, { database, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  // The same app without its list page cache: what an uncached page costs (decision 067).
  const uncached = await startUncached(config, database);
  const { bare, mirror } = await startBare();
  let served = 0;
  for (const server of [app.server, uncached.server, bare.server]) server.on('request', () => served++);
  /** A load run and this process's CPU time per request its servers answered meanwhile (µs). */
  const withCpu = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
    const [before, count] = [process.cpuUsage(), served];
    const result = await run();
    const used = process.cpuUsage(before);
    return [result, Math.round((used.user + used.system) / Math.max(1, served - count))];
  };
  const results: { notes: number } & Record<string, unknown> = { notes: noteCount };
  const figures: Record<string, Figure> = {};

  const measure = async (name: string, urls: string[], rate: number, cookie: string, throughput = false) => {
    if (!wanted(name)) return;
    const mirrored = await mirror(name, urls, cookie);
    const appLoad = await load(urls, rate, cookie);
    const bareLoad = await load(mirrored.urls, rate, '');
    figures[name] = {
      app: appLoad,
      bare: bareLoad,
      bytes: mirrored.bytes,
      p99Ratio: Math.round((appLoad.p99 / Math.max(bareLoad.p99, 0.01)) * 10) / 10,
    };
    if (throughput) {
      const closed = ['--closed', '16'];
      const figure = figures[name];
      if (figure) {
        const [appMax, appCpu] = await withCpu(() => load(urls, 1, cookie, closed, '5'));
        const [bareMax, bareCpu] = await withCpu(() => load(mirrored.urls, 1, '', closed, '5'));
        Object.assign(figure, {
          appMax: appMax.achievedRate,
          bareMax: bareMax.achievedRate,
          appCpuUs: appCpu,
          bareCpuUs: bareCpu,
        });
        console.log(
          `${noteCount} ${name}: at most ${figure.appMax} req/s; bare ${figure.bareMax}; CPU per request ${appCpu} µs, bare ${bareCpu} µs`,
        );
      }
    }
    console.log(`${noteCount} ${name}: app p50 ${appLoad.p50} p99 ${appLoad.p99}; bare p99 ${bareLoad.p99}`);
  };

  let measured = false;
  const cleanUp = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && pg && pgSchema) {
      const client = new pg.default.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA ${pgSchema} CASCADE`);
      await client.end();
    }
  };
  try {
    const origin = { origin: address, 'content-type': 'application/json' };
    const signUp = await fetch(`${address}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', password: 'bench-password-1' }),
    });
    const cookie = (signUp.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
    const post = async (url: string, body: unknown) =>
      (
        await fetch(`${address}${url}`, {
          method: 'POST',
          headers: { ...origin, cookie },
          body: JSON.stringify(body),
        })
      ).json() as Promise<{ id: string }>;

    const bigProject = await post('/api/projects', { name: 'Archive' });
    const smallProject = await post('/api/projects', { name: 'Current' });
    const someNotes: string[] = [];
    for (let i = 0; i < 50; i++) {
      someNotes.push(
        (
          await post('/api/notes', {
            projectId: smallProject.id,
            title: `Note ${i}`,
            content: randomSentence(Math.random, 40),
          })
        ).id,
      );
    }

    results.seedSeconds = await seedNotes(database, noteCount, bigProject.id, userId);
    // A long SQLite seed holds this process's event loop for minutes (1M notes: 219 s): the client's
    // kept-alive socket from before it may be reset now. One throwaway request drops it from the pool.
    await fetch(`${address}/api/health`).catch(() => undefined);

    for (const [kind, queries] of Object.entries(QUERIES)) {
      if (!wanted(`search ${kind}`)) continue;
      const urls = queries.map((q) => `${address}/api/search?q=${encodeURIComponent(q)}`);
      // Service time without queueing: one request at a time.
      const sequential: number[] = [];
      for (let i = 0; i < 40; i++) {
        const started = performance.now();
        await (await fetch(urls[i % urls.length] ?? '', { headers: { cookie } })).arrayBuffer();
        sequential.push(performance.now() - started);
      }
      sequential.sort((a, b) => a - b);
      const hits = await Promise.all(
        urls.map(
          async (url) =>
            ((await (await fetch(url, { headers: { cookie } })).json()) as { results: [] }).results.length,
        ),
      );
      await measure(`search ${kind}`, urls, 50, cookie);
      const figure = figures[`search ${kind}`];
      if (figure) figure.sequentialP50 = Math.round((sequential[20] ?? 0) * 100) / 100;
      results[`search ${kind} results per query`] = hits;
    }
    // A 50-note project is the list budget's page.
    await measure('note list (50 notes)', [`${address}/api/notes?projectId=${smallProject.id}`], 500, cookie);
    await measure(
      'note list (50 notes, uncached)',
      [`${uncached.address}/api/notes?projectId=${smallProject.id}`],
      500,
      cookie,
    );
    await measure(
      'get note',
      someNotes.map((id) => `${address}/api/notes/${id}`),
      500,
      cookie,
    );
    // The big project through its cursor (decision 015): the first page, and a page deep in the list
    // (found by walking 200-note pages to the middle), each 50 notes, at the list budget's rate.
    await measure(
      'note list (big project, first page)',
      [`${address}/api/notes?projectId=${bigProject.id}&limit=50`],
      500,
      cookie,
      true,
    );
    await measure(
      'note list (big project, first page, uncached)',
      [`${uncached.address}/api/notes?projectId=${bigProject.id}&limit=50`],
      500,
      cookie,
      true,
    );
    let deepCursor: string | null = null;
    for (
      let walked = 0;
      wanted('note list (big project, deep page)') && walked < Math.floor(noteCount / 2);
      walked += 200
    ) {
      const page = (await (
        await fetch(
          `${address}/api/notes?projectId=${bigProject.id}&limit=200${deepCursor ? `&cursor=${deepCursor}` : ''}`,
          { headers: { cookie } },
        )
      ).json()) as { nextCursor: string | null };
      if (!page.nextCursor) break;
      deepCursor = page.nextCursor;
    }
    if (deepCursor) {
      await measure(
        'note list (big project, deep page)',
        [`${address}/api/notes?projectId=${bigProject.id}&limit=50&cursor=${deepCursor}`],
        500,
        cookie,
      );
    }

    // A note with 10,000 versions (decision 050): its history's first page and one in the middle.
    if (wanted('note versions')) {
      const versionCount = 10_000;
      const longLived = await post('/api/notes', { projectId: smallProject.id, title: 'Long history' });
      await seedVersions(database, longLived.id, userId, versionCount);
      // As the background maintenance would within minutes of a bulk change (search.repo.ts).
      await createSearchRepo(database.db, database.dialect).maintain({ force: true });
      const versionsUrl = `${address}/api/notes/${longLived.id}/versions?limit=50`;
      await measure('note versions (10,000, first page)', [versionsUrl], 500, cookie);
      const middle = await middleVersionCursor(address, longLived.id, cookie, versionCount);
      if (middle)
        await measure('note versions (10,000, deep page)', [`${versionsUrl}&cursor=${middle}`], 500, cookie);
    }

    // Trash of an account with 10,000 deleted notes (decision 051): the first page and one in the middle.
    if (wanted('trash')) {
      const trashCount = 10_000;
      const trashProject = await post('/api/projects', { name: 'Deleted' });
      await seedTrash(database, trashProject.id, userId, trashCount);
      await createSearchRepo(database.db, database.dialect).maintain({ force: true });
      const trashUrl = `${address}/api/trash?limit=50`;
      await measure('trash (10,000 deleted notes, first page)', [trashUrl], 500, cookie);
      const middle = await middleTrashCursor(address, cookie, trashCount);
      if (middle)
        await measure(
          'trash (10,000 deleted notes, deep page)',
          [`${trashUrl}&cursor=${middle}`],
          500,
          cookie,
        );
    }

    if (last && wanted('extras'))
      Object.assign(results, await measureExtras({ address, origin, cookie, post, smallProject, someNotes }));
    measured = true;
  } finally {
    await bare.close();
    await uncached.close();
    await app.close();
    await database.close();
    if (!measured) await cleanUp();
  }
  try {
    // A restart on this size's data (the data folder lock is free once the app has closed).
    results.startup = await measureStartup(dataDir, databaseUrl, pgSchema);
    console.log(`${noteCount} start-up:`, results.startup);
  } finally {
    await cleanUp();
  }
  return { ...results, figures };
}

async function main() {
  // BENCH_ONLY=collab: co-editing at scale alone, without seeding the sizes.
  if (!ONLY?.test('collab scale')) {
    const sizes: SizeResult[] = [];
    for (const [index, size] of SIZES.entries())
      sizes.push(await measureSize(size, index === SIZES.length - 1));
    report(sizes);
  }
  if (wanted('collab scale')) reportCollabScale(await measureCollabScale());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
