/**
 * `npm run bench`: seeds a real database (SQLite by default, PostgreSQL with BENCH_DATABASE_URL),
 * serves the real app, drives fixed-rate load from a separate process and reports latency against
 * ARCHITECTURE.md section 10's budgets, as JSON (bench/results/latest.json) and a table.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { prepareContent } from '../src/modules/notes/note-content';
import { measureCollabLatency } from './collab-latency';

const run = promisify(execFile);
const HERE = import.meta.dirname;
const TSX = path.resolve(HERE, '../../../node_modules/.bin/tsx');
const NOTE_COUNT = Number(process.env.BENCH_NOTES ?? 100_000);
const DURATION = process.env.BENCH_DURATION ?? '10';

const WORDS = (
  'meeting project budget plan review design launch customer travel lisbon garden recipe coffee ' +
  'research paper draft outline summary invoice contract hiring interview roadmap sprint retro ' +
  'feature release bug fix deploy server database search index editor note idea book reading ' +
  'workout running health doctor appointment family birthday gift holiday beach mountain train ' +
  'flight hotel museum concert movie music guitar piano lesson course exam study history math ' +
  'science physics chemistry biology poem story chapter character scene dialogue market price ' +
  'stock report quarterly revenue growth marketing campaign email newsletter social post video ' +
  'podcast interview guest question answer weekly monthly daily morning evening routine habit'
).split(' ');

function randomSentence(rng: () => number, length: number): string {
  const words = Array.from({ length }, () => WORDS[Math.floor(rng() * WORDS.length)]);
  return `${words.join(' ')}.`;
}

function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

interface LoadResult {
  rate: number;
  requests: number;
  achievedRate: number;
  errors: number;
  statusErrors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

async function load(urls: string[], rate: number, cookie: string): Promise<LoadResult> {
  const args = ['load.ts', '--rate', String(rate), '--duration', DURATION, '--cookie', cookie];
  for (const url of urls) args.push('--url', url);
  const { stdout } = await run(TSX, args, { cwd: HERE, maxBuffer: 10 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as LoadResult;
}

async function main() {
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
  if (databaseUrl) {
    pgSchema = `bench_${crypto.randomBytes(4).toString('hex')}`;
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${pgSchema}`);
    await client.end();
  }
  const database = openDatabase({ databaseUrl, dataDir, pgSchema });
  const { app } = await buildApp(config, { database, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    database: database.dialect,
    notes: NOTE_COUNT,
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

    console.log(`seeding ${NOTE_COUNT} notes on ${database.dialect}...`);
    const seedStart = performance.now();
    const rng = seededRandom(42);
    const batch = 500;
    const base = Date.now() - NOTE_COUNT * 1000;
    for (let offset = 0; offset < NOTE_COUNT; offset += batch) {
      const rows = Array.from({ length: Math.min(batch, NOTE_COUNT - offset) }, (_, i) => {
        const n = offset + i;
        const { content, plainText, excerpt } = prepareContent(
          Array.from({ length: 3 + Math.floor(rng() * 4) }, () =>
            randomSentence(rng, 8 + Math.floor(rng() * 10)),
          ).join(' '),
        );
        const at = new Date(base + n * 1000).toISOString();
        return {
          id: crypto.randomUUID(),
          project_id: bigProject.id,
          author_id: userId,
          title: randomSentence(rng, 2 + Math.floor(rng() * 4)).replace(/\.$/, ''),
          content,
          plain_text: plainText,
          excerpt,
          tags: JSON.stringify(rng() < 0.2 ? [WORDS[Math.floor(rng() * WORDS.length)]] : []),
          version: 1,
          ydoc: null,
          created_at: at,
          updated_at: at,
        };
      });
      await database.db.transaction().execute((trx) => trx.insertInto('notes').values(rows).execute());
    }
    if (database.dialect === 'postgres') await sql`analyze`.execute(database.db);
    else await sql`pragma optimize`.execute(database.db);
    results.seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
    console.log(`seeded in ${results.seedSeconds}s`);

    const queries = [
      'budget',
      'meeting notes',
      'lisbon travel',
      'reserch',
      'quarterly revenue growth',
      'guitar',
      'roadmap sprint',
      'coffee',
    ];
    const searchUrls = queries.map((q) => `${address}/api/search?q=${encodeURIComponent(q)}`);
    // Service time without queueing: one request at a time.
    const sequential: number[] = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      await (await fetch(searchUrls[i % searchUrls.length] ?? '', { headers: { cookie } })).arrayBuffer();
      sequential.push(performance.now() - started);
    }
    sequential.sort((a, b) => a - b);
    results.searchSequentialMs = { p50: sequential[20], max: sequential[39] };
    console.log('search one at a time:', results.searchSequentialMs);
    results.search = await load(searchUrls, 50, cookie);
    results.noteList50 = await load([`${address}/api/notes?projectId=${smallProject.id}`], 500, cookie);
    results.getNote = await load(
      someNotes.map((id) => `${address}/api/notes/${id}`),
      500,
      cookie,
    );

    // Co-editing: a second member edits the same shared note.
    const memberSignUp = await fetch(`${address}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ name: 'Member', email: 'member@example.com', password: 'bench-password-2' }),
    });
    const memberCookie = (memberSignUp.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const shared = (await post('/api/shared-projects', { name: 'Team' })) as unknown as {
      id: string;
      code: string;
    };
    await fetch(`${address}/api/shared-projects/join`, {
      method: 'POST',
      headers: { ...origin, cookie: memberCookie },
      body: JSON.stringify({ code: shared.code }),
    });
    const sharedNote = await post('/api/notes', { projectId: shared.id, title: 'Live', content: 'Start' });
    results.collabLatency = await measureCollabLatency(
      new URL(address).host,
      [cookie, memberCookie],
      sharedNote.id,
    );

    // Web: typing into a 10,000-word note in the real editor (Chromium), and the first route's JS.
    const webBench = path.resolve(HERE, '../../web/bench');
    if (fs.existsSync(path.resolve(HERE, '../../web/dist/index.html'))) {
      const keystroke = await run('node', [path.join(webBench, 'keystroke-bench.mjs'), address], {
        maxBuffer: 10 * 1024 * 1024,
      });
      results.keystroke = JSON.parse(keystroke.stdout.trim().split('\n').pop() ?? '{}');
      const size = await run('node', [path.join(webBench, 'first-route-size.mjs')]);
      results.firstRouteJs = JSON.parse(size.stdout);
    } else {
      console.log('web app not built: skipping the keystroke and bundle-size measures (run `npm run build`)');
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const budgets = [
    [`search p50 (${NOTE_COUNT} notes, 50 req/s)`, (results.search as LoadResult).p50, 10],
    ['search p95', (results.search as LoadResult).p95, null],
    ['search p99', (results.search as LoadResult).p99, 50],
    ['note list (50) p99 at 500 req/s', (results.noteList50 as LoadResult).p99, 10],
    ['get note p99 at 500 req/s', (results.getNote as LoadResult).p99, 10],
    ['co-edit propagation p50 (2 clients)', (results.collabLatency as { p50: number }).p50, null],
    ['co-edit propagation p95 (2 clients)', (results.collabLatency as { p95: number }).p95, 50],
    [
      'keystroke p95, 10,000-word note (ms)',
      (results.keystroke as { p95?: number } | undefined)?.p95 ?? Number.NaN,
      16,
    ],
    [
      'first route JS (KiB gzip)',
      Math.round(
        (((results.firstRouteJs as { gzipBytes?: number } | undefined)?.gzipBytes ?? Number.NaN) / 1024) * 10,
      ) / 10,
      150,
    ],
  ] as const;
  results.budgets = budgets.map(([name, ms, budget]) => ({
    name,
    ms,
    budget,
    pass: budget === null ? null : ms <= budget,
  }));

  const outDir = path.join(HERE, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\n| measure | ms | budget | result |\n|---|---|---|---|');
  for (const [name, ms, budget] of budgets) {
    console.log(
      `| ${name} | ${ms} | ${budget ?? '-'} | ${budget === null ? '-' : ms <= budget ? 'pass' : 'MISS'} |`,
    );
  }
  console.log(`\nJSON: ${path.join(outDir, 'latest.json')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
