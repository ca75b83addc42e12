/**
 * `npm run bench`: for each size (10,000 and 100,000 notes by default; BENCH_NOTES=1000000 or a
 * comma list) seeds a real database (SQLite by default, PostgreSQL with BENCH_DATABASE_URL), serves
 * the real app, drives fixed-rate load from a separate process, and runs the same load against a bare
 * Fastify route serving the same bytes in the same run: on a shared machine the ratio is the figure
 * that means something. Reports each figure's growth with size and the budgets of issue 15, as JSON
 * (bench/results/latest.json) and tables. BENCH_SOAK=1 adds a 5-minute mixed soak.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { prepareContent } from '../src/modules/notes/note-content';
import { createSearchRepo } from '../src/modules/search/search.repo';
import { measureCollabLatency } from './collab-latency';
import { measureVoiceLatency } from './voice-latency';

const run = promisify(execFile);
const HERE = import.meta.dirname;
const TSX = path.resolve(HERE, '../../../node_modules/.bin/tsx');
const SIZES = (process.env.BENCH_NOTES ?? '10000,100000').split(',').map(Number);
const DURATION = process.env.BENCH_DURATION ?? '10';
const SOAK = process.env.BENCH_SOAK === '1';
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const SOAK_RATE = Number(process.env.BENCH_SOAK_RATE ?? 100);

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
/** Each in one note of 500: what a name or a place looks like in a real collection. */
const RARE_WORDS = ['zeppelin', 'quokka', 'saffron', 'obsidian', 'marzipan'];

/**
 * Three kinds of query, each its own figure: words in few notes, words in most notes (every common
 * word is in about a third of the notes, so three of them cover most), and misspelt words that no
 * note contains (typo correction finds the intended word).
 */
const QUERIES = {
  rare: ['zeppelin', 'quokka travel', 'saffron', 'obsidian notes', 'marzipan'],
  common: ['meeting project budget', 'weekly review plan', 'report revenue growth', 'morning routine habit'],
  misspelt: ['reserch', 'budgt planning', 'quartely report', 'guitr lesson'],
} as const;

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

async function load(
  urls: string[],
  rate: number,
  cookie: string,
  extra: string[] = [],
  duration = DURATION,
): Promise<LoadResult> {
  const args = ['load.ts', '--rate', String(rate), '--duration', duration, '--cookie', cookie, ...extra];
  for (const url of urls) args.push('--url', url);
  const { stdout } = await run(TSX, args, { cwd: HERE, maxBuffer: 10 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as LoadResult;
}

/** A bare Fastify route per figure, serving the bytes the app answered: the machine's own baseline. */
async function startBare() {
  const bodies = new Map<string, Buffer>();
  const bare = Fastify({ logger: false });
  bare.get<{ Params: { name: string; index: string } }>('/bare/:name/:index', async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(bodies.get(`${request.params.name}/${request.params.index}`)),
  );
  const address = await bare.listen({ host: '127.0.0.1', port: 0 });
  return {
    bare,
    /** Records what each app URL answers and returns the bare URLs serving the same bytes. */
    async mirror(name: string, urls: string[], cookie: string): Promise<{ urls: string[]; bytes: number }> {
      let bytes = 0;
      const mirrored = await Promise.all(
        urls.map(async (url, index) => {
          const body = Buffer.from(await (await fetch(url, { headers: { cookie } })).arrayBuffer());
          bodies.set(`${name}/${index}`, body);
          bytes += body.length;
          return `${address}/bare/${name}/${index}`;
        }),
      );
      return { urls: mirrored, bytes: Math.round(bytes / urls.length) };
    },
  };
}

interface Figure {
  app: LoadResult;
  bare: LoadResult;
  bytes: number;
  /** App p99 over bare p99 at the same rate: what the app adds on this machine now. */
  p99Ratio: number;
  sequentialP50?: number;
}

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
  const { bare, mirror } = await startBare();
  const results: { notes: number } & Record<string, unknown> = { notes: noteCount };
  const figures: Record<string, Figure> = {};

  const measure = async (name: string, urls: string[], rate: number, cookie: string) => {
    const mirrored = await mirror(name, urls, cookie);
    const appLoad = await load(urls, rate, cookie);
    const bareLoad = await load(mirrored.urls, rate, '');
    figures[name] = {
      app: appLoad,
      bare: bareLoad,
      bytes: mirrored.bytes,
      p99Ratio: Math.round((appLoad.p99 / Math.max(bareLoad.p99, 0.01)) * 10) / 10,
    };
    console.log(`${noteCount} ${name}: app p50 ${appLoad.p50} p99 ${appLoad.p99}; bare p99 ${bareLoad.p99}`);
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

    console.log(`seeding ${noteCount} notes on ${database.dialect}...`);
    const seedStart = performance.now();
    const rng = seededRandom(42);
    const batch = 500;
    const base = Date.now() - noteCount * 1000;
    for (let offset = 0; offset < noteCount; offset += batch) {
      const rows = Array.from({ length: Math.min(batch, noteCount - offset) }, (_, i) => {
        const n = offset + i;
        const sentences = Array.from({ length: 3 + Math.floor(rng() * 4) }, () =>
          randomSentence(rng, 8 + Math.floor(rng() * 10)),
        );
        if (n % 100 === 0) sentences.push(`${RARE_WORDS[(n / 100) % RARE_WORDS.length]}.`);
        const { content, plainText, excerpt } = prepareContent(sentences.join(' '));
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
    // What the server's own maintenance does after a bulk change, without waiting for its timer.
    await createSearchRepo(database.db, database.dialect).maintain({ force: true });
    results.seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
    console.log(`seeded in ${results.seedSeconds}s`);

    for (const [kind, queries] of Object.entries(QUERIES)) {
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
      'get note',
      someNotes.map((id) => `${address}/api/notes/${id}`),
      500,
      cookie,
    );
    // Main has no list cursor yet (perf-lists is building it): the "first page" of the big project
    // is the whole list, capped at 2,000 notes (1.9 MB), and a deep page cannot be asked for. Last,
    // at 5 req/s: it saturates the server, and what is measured after it would pay for its backlog.
    await measure(
      'note list (big project, first page)',
      [`${address}/api/notes?projectId=${bigProject.id}`],
      5,
      cookie,
    );

    if (last) {
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
      results.voiceLatency = await measureVoiceLatency();

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
        console.log(
          'web app not built: skipping the keystroke and bundle-size measures (run `npm run build`)',
        );
      }

      if (SOAK) {
        // Mixed soak: lists, searches, reads and note creation at a fixed rate; memory sampled.
        const urls = [
          `${address}/api/notes?projectId=${smallProject.id}`,
          ...Object.values(QUERIES)
            .flat()
            .map((q) => `${address}/api/search?q=${encodeURIComponent(q)}`),
          ...someNotes.slice(0, 10).map((id) => `${address}/api/notes/${id}`),
        ];
        const rss: number[] = [];
        const sampler = setInterval(() => rss.push(Math.round(process.memoryUsage().rss / 1048576)), 10_000);
        const createBody = JSON.stringify({
          projectId: smallProject.id,
          title: 'Soak',
          content: 'soak note',
        });
        results.soak = {
          rate: SOAK_RATE,
          seconds: SOAK_SECONDS,
          load: await load(
            urls,
            SOAK_RATE,
            cookie,
            ['--post', `${address}/api/notes`, '--body', createBody, '--origin', address],
            String(SOAK_SECONDS),
          ),
          rssMb: rss,
        };
        clearInterval(sampler);
        console.log('soak:', results.soak);
      }
    }
  } finally {
    await bare.close();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && pg && pgSchema) {
      const client = new pg.default.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA ${pgSchema} CASCADE`);
      await client.end();
    }
  }
  return { ...results, figures };
}

type SizeResult = Awaited<ReturnType<typeof measureSize>>;

async function main() {
  const databaseName = process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite';
  const sizes: SizeResult[] = [];
  for (const [index, size] of SIZES.entries())
    sizes.push(await measureSize(size, index === SIZES.length - 1));
  const largest = sizes.find((s) => s.notes === 100_000) ?? sizes[sizes.length - 1];
  const last = sizes[sizes.length - 1];
  if (!largest || !last) throw new Error('no sizes measured');
  const fig = (name: string) => largest.figures[name];
  const extras = last as SizeResult & {
    collabLatency?: { p50: number; p95: number };
    voiceLatency?: { overhead: { p50: number; p95: number } };
    keystroke?: { p95?: number };
    firstRouteJs?: { gzipBytes?: number };
  };

  const budgets: [string, number | undefined, number][] = [
    ...(['rare', 'common', 'misspelt'] as const).flatMap((kind): [string, number | undefined, number][] => [
      [`search ${kind} p50 (${largest.notes} notes, 50 req/s)`, fig(`search ${kind}`)?.app.p50, 10],
      [`search ${kind} p99`, fig(`search ${kind}`)?.app.p99, 50],
    ]),
    ['note list (50) p99 at 500 req/s', fig('note list (50 notes)')?.app.p99, 10],
    ['get note p99 at 500 req/s', fig('get note')?.app.p99, 5],
    ['co-edit propagation p95 (2 clients)', extras.collabLatency?.p95, 50],
    [
      'voice utterance -> transcript p95, beyond the speech server (ms)',
      extras.voiceLatency?.overhead.p95,
      300,
    ],
    ['keystroke p95, 10,000-word note (ms)', extras.keystroke?.p95, 16],
    [
      'first route JS (KiB gzip)',
      extras.firstRouteJs?.gzipBytes === undefined
        ? undefined
        : Math.round((extras.firstRouteJs.gzipBytes / 1024) * 10) / 10,
      150,
    ],
  ];
  const output = {
    date: new Date().toISOString(),
    database: databaseName,
    loadAverage: os.loadavg(),
    sizes,
    budgets: budgets.map(([name, value, budget]) => ({
      name,
      value: value ?? null,
      budget,
      pass: value === undefined ? null : value <= budget,
    })),
  };

  const outDir = path.join(HERE, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(output, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, `latest-${databaseName}.json`), `${JSON.stringify(output, null, 2)}\n`);

  console.log(
    `\n${databaseName}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const header = sizes.map((s) => `${s.notes} notes: app p50 / p99 (bare p99, ratio)`);
  console.log(`\n| measure | bytes | ${header.join(' | ')} | p99 growth |`);
  console.log(`|---|---|${sizes.map(() => '---|').join('')}---|`);
  for (const name of Object.keys(sizes[0]?.figures ?? {})) {
    const cells = sizes.map((s) => {
      const f = s.figures[name];
      return f ? `${f.app.p50} / ${f.app.p99} (${f.bare.p99}, ${f.p99Ratio}x)` : '-';
    });
    const first = sizes[0]?.figures[name]?.app.p99;
    const lastP99 = last.figures[name]?.app.p99;
    const growth = first && lastP99 ? `${Math.round((lastP99 / first) * 10) / 10}x` : '-';
    console.log(`| ${name} | ${last.figures[name]?.bytes ?? '-'} | ${cells.join(' | ')} | ${growth} |`);
  }
  console.log('\n| budget | value | limit | result |\n|---|---|---|---|');
  for (const [name, value, budget] of budgets) {
    console.log(
      `| ${name} | ${value ?? '-'} | ${budget} | ${value === undefined ? '-' : value <= budget ? 'pass' : 'MISS'} |`,
    );
  }
  console.log(`\nJSON: ${path.join(outDir, 'latest.json')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
