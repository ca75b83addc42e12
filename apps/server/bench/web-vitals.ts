/**
 * `npm run bench:web` (and part of `npm run bench`): the web app on a phone. Serves the built web app
 * from the real server on SQLite with a 20,000-note account seeded directly, and an empty React page
 * from a bare HTTP server, then runs apps/web/bench/web-vitals-bench.mjs (Chromium, 4x CPU
 * throttling, a phone's viewport) against both. Writes bench/results/web-vitals.json with the load
 * average at the start and each figure beside its budget and the empty page's figure.
 *   BENCH_WEB_DIST   the built web app (default apps/web/dist)
 *   BENCH_WEB_NOTES  notes in the account (default 20,000)
 *   FIRST_PAGE_WAIT_MS  the server's wait for All Notes' render into the page (decision 097); `0`
 *                    turns it off, the page as before it
 *   BENCH_WEB_MODE   `work`: not wall-clock vitals but the work done (apps/web/bench/web-work-bench.mjs:
 *                    CPU time, long tasks, React commits, JS bytes before the LCP) for a fixed scenario,
 *                    writing bench/results/web-work.json (decision 086)
 *   BENCH_WEB_MODE   `interactions`: the main-thread time of each interaction with an open note (a
 *                    click into the text, keys, ticks; the first of each on its own), from a Chrome
 *                    trace (apps/web/bench/interaction-work-bench.mjs), writing
 *                    bench/results/web-interactions.json (decision 098)
 *   BENCH_WEB_MODE   `scroll`: All Notes' scroll frames over BENCH_LOADS loads, 4x and unthrottled
 *                    (apps/web/bench/scroll-frames-bench.mjs), to bench/results/web-scroll.json (106)
 *   BENCH_WEB_DIST_B in `work`, `interactions` and `scroll` modes, a second build served by a second
 *                    server on the same database: rounds alternate between `a` (BENCH_WEB_DIST) and `b`
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { HERE, run } from './harness';
import { seedNotes } from './seed';
import { reportScroll, type ScrollResult } from './web-scroll-report';
import { type BenchOutput, budgets, inpSplit, printVitals } from './web-vitals-report';

const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(HERE, '../../web/dist'));
const NOTE_COUNT = Number(process.env.BENCH_WEB_NOTES ?? 20_000);
const EMAIL = 'phone@example.com';
const PASSWORD = 'bench-password-3';
const MODE =
  (['work', 'interactions', 'scroll'] as const).find((mode) => mode === process.env.BENCH_WEB_MODE) ??
  'vitals';
const WEB_DIST_B = process.env.BENCH_WEB_DIST_B ? path.resolve(process.env.BENCH_WEB_DIST_B) : null;

/** The newest note, so it is the first in All Notes: a few lines and a checklist to tick. */
const CHECKLIST_NOTE = [
  'Remember to pack light.',
  '',
  ...['Passport', 'Tickets', 'Charger', 'Toothbrush', 'Sunscreen', 'Book', 'Headphones', 'Adapter'].map(
    (item) => `- [ ] ${item}`,
  ),
  '',
  'Leave the keys with the neighbours on Friday and water the plants before going.',
].join('\n');

/** One element rendered by React 19, re-rendered on each click or key: the floor of every figure. */
async function startEmptyPage() {
  const bundle = await build({
    stdin: {
      contents: `
        import { createElement, useState } from 'react';
        import { createRoot } from 'react-dom/client';
        function Hello() {
          const [count, setCount] = useState(0);
          const bump = () => setCount((n) => n + 1);
          return createElement('h1', { tabIndex: 0, onClick: bump, onKeyDown: bump }, count ? 'Hello ' + count : 'Hello');
        }
        createRoot(document.getElementById('root')).render(createElement(Hello));`,
      resolveDir: path.join(HERE, '../../web/src'),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const script = bundle.outputFiles[0]?.contents ?? new Uint8Array();
  // Tall enough to scroll at 3,000 px/s for as long as All Notes is scrolled.
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Empty</title></head><body style="min-height:100000px"><div id="root"></div>' +
    '<script type="module" src="/app.js"></script></body></html>';
  const server = http.createServer((request, response) => {
    if (request.url === '/app.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/`, scriptBytes: script.length };
}

interface WorkPhase {
  cpuMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  longTasks: number;
  commits: number;
}
interface WorkMedians {
  jsBytesBeforeLcp: number;
  jsFilesBeforeLcp: number;
  jsBytesAtLoad: number;
  lateJsFiles: number;
  scrollWallMs: number;
  phases: Record<'load' | 'scroll' | 'open' | 'typing' | 'ticking', WorkPhase>;
}

/**
 * Runs one of apps/web/bench's browser scripts against build `a` (and `b`), rounds alternating, and
 * returns what it printed last (one JSON line).
 */
async function runBrowserBench<T>(scriptName: string, address: string, addressB: string | null): Promise<T> {
  const script = path.resolve(HERE, '../../web/bench', scriptName);
  const targets = [`a=${address}`, ...(addressB ? [`b=${addressB}`] : [])].join(',');
  const { stdout, stderr } = await run('node', [script], {
    env: { ...process.env, BENCH_WORK_TARGETS: targets, BENCH_EMAIL: EMAIL, BENCH_PASSWORD: PASSWORD },
    maxBuffer: 50 * 1024 * 1024,
    timeout: 30 * 60_000,
  });
  process.stderr.write(stderr);
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as T;
}

/** BENCH_WEB_MODE=work: the work done in a fixed scenario, build `a` (and `b`) alternating. */
async function measureWork(address: string, addressB: string | null, loadAverage: number[]) {
  const result = await runBrowserBench<{ medians: Record<string, WorkMedians> }>(
    'web-work-bench.mjs',
    address,
    addressB,
  );
  const output = {
    mode: 'work' as const,
    date: new Date().toISOString(),
    loadAverageAtStart: loadAverage,
    loadAverageAtEnd: os.loadavg(),
    builds: { a: WEB_DIST, b: WEB_DIST_B },
    notes: NOTE_COUNT,
    ...result,
  };
  fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
  fs.writeFileSync(path.join(HERE, 'results', 'web-work.json'), `${JSON.stringify(output, null, 2)}\n`);
  return output;
}

function printWork(output: Awaited<ReturnType<typeof measureWork>>) {
  const load = (values: number[]) => values.map((l) => l.toFixed(1)).join(' ');
  console.log(
    `\nweb work, ${output.notes} notes, medians; load average ${load(output.loadAverageAtStart)} -> ${load(output.loadAverageAtEnd)}`,
  );
  const builds = Object.keys(output.medians);
  console.log(`\n| measure | ${builds.join(' | ')} |\n|---|${builds.map(() => '---|').join('')}`);
  const row = (name: string, pick: (m: WorkMedians) => number | string) =>
    console.log(`| ${name} | ${builds.map((b) => pick(output.medians[b] as WorkMedians)).join(' | ')} |`);
  row('JS before LCP (bytes on the wire)', (m) => m.jsBytesBeforeLcp);
  row('JS files before LCP', (m) => m.jsFilesBeforeLcp);
  row('JS by the end of the load (bytes)', (m) => m.jsBytesAtLoad);
  row('chunks asked for by code, not index.html', (m) => m.lateJsFiles);
  row('scrolling 240 frames, wall ms (noise when loaded)', (m) => m.scrollWallMs);
  for (const phase of ['load', 'scroll', 'open', 'typing', 'ticking'] as const) {
    row(`${phase}: main-thread CPU (ms)`, (m) => m.phases[phase].cpuMs);
    row(`${phase}: script / layout / style (ms)`, (m) => {
      const p = m.phases[phase];
      return `${p.scriptMs} / ${p.layoutMs} / ${p.styleMs}`;
    });
    row(`${phase}: long tasks`, (m) => m.phases[phase].longTasks);
    row(`${phase}: React commits`, (m) => m.phases[phase].commits);
  }
  console.log(`JSON: ${path.join(HERE, 'results', 'web-work.json')}`);
}

/** BENCH_WEB_MODE=interactions: each interaction's thread time, build `a` (and `b`) alternating. */
async function measureInteractions(address: string, addressB: string | null, loadAverage: number[]) {
  const result = await runBrowserBench<{ medians: Record<string, Record<string, number | null>> }>(
    'interaction-work-bench.mjs',
    address,
    addressB,
  );
  const output = {
    mode: 'interactions' as const,
    date: new Date().toISOString(),
    loadAverageAtStart: loadAverage,
    loadAverageAtEnd: os.loadavg(),
    builds: { a: WEB_DIST, b: WEB_DIST_B },
    ...result,
  };
  fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
  const file = path.join(HERE, 'results', 'web-interactions.json');
  fs.writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  const load = (values: number[]) => values.map((l) => l.toFixed(1)).join(' ');
  console.log(
    `\nthread time per interaction (ms), 4x CPU, medians; load average ${load(loadAverage)} -> ${load(output.loadAverageAtEnd)}`,
  );
  const builds = Object.keys(result.medians);
  console.log(`\n| interaction | ${builds.join(' | ')} |\n|---|${builds.map(() => '---|').join('')}`);
  for (const key of Object.keys(result.medians[builds[0] ?? ''] ?? {}))
    console.log(`| ${key} | ${builds.map((b) => result.medians[b]?.[key] ?? '-').join(' | ')} |`);
  console.log(`JSON: ${file}`);
}

interface SeededApp {
  address: string;
  addressB: string | null;
  loadAverage: number[];
  empty: Awaited<ReturnType<typeof startEmptyPage>>;
}

/** The server(s) with the seeded account and the empty page, for the time `body` measures. */
async function withSeededApp<T>(body: (seeded: SeededApp) => Promise<T>): Promise<T> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error(`no built web app in ${WEB_DIST} (npm run build -w @notewise/web)`);
  const loadAverage = os.loadavg();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-web-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: WEB_DIST,
    // `0`: All Notes not rendered by the server (decision 097), the page as before it, to compare.
    ...(process.env.FIRST_PAGE_WAIT_MS ? { FIRST_PAGE_WAIT_MS: process.env.FIRST_PAGE_WAIT_MS } : {}),
  });
  const database = openDatabase({ dataDir });
  const { app } = await buildApp(config, { database, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const second = WEB_DIST_B
    ? await buildApp({ ...config, webDistDir: WEB_DIST_B }, { database, logger: false })
    : null;
  const addressB = second ? await second.app.listen({ host: '127.0.0.1', port: 0 }) : null;
  const empty = await startEmptyPage();
  try {
    const headers = { origin: address, 'content-type': 'application/json' };
    const signUp = await fetch(`${address}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Phone', email: EMAIL, password: PASSWORD }),
    });
    const cookie = (signUp.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
    const post = async (url: string, body: unknown) =>
      (await (
        await fetch(`${address}${url}`, {
          method: 'POST',
          headers: { ...headers, cookie },
          body: JSON.stringify(body),
        })
      ).json()) as { id: string };
    const archive = await post('/api/projects', { name: 'Archive' });
    await seedNotes(database, NOTE_COUNT, archive.id, userId);
    const trip = await post('/api/projects', { name: 'Trip' });
    await post('/api/notes', { projectId: trip.id, title: 'Packing list', content: CHECKLIST_NOTE });

    return await body({ address, addressB, loadAverage, empty });
  } finally {
    empty.server.close();
    await second?.app.close();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function measureWebVitals() {
  return withSeededApp(async ({ address, loadAverage, empty }) => {
    const script = path.resolve(HERE, '../../web/bench/web-vitals-bench.mjs');
    const { stdout, stderr } = await run('node', [script], {
      env: {
        ...process.env,
        BENCH_WEB_URL: address,
        BENCH_EMPTY_URL: empty.url,
        BENCH_EMAIL: EMAIL,
        BENCH_PASSWORD: PASSWORD,
      },
      maxBuffer: 20 * 1024 * 1024,
      timeout: 15 * 60_000,
    });
    process.stderr.write(stderr);
    const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as BenchOutput;
    const output = {
      date: new Date().toISOString(),
      loadAverageAtStart: loadAverage,
      cpus: os.cpus().length,
      notes: NOTE_COUNT,
      emptyPageScriptBytes: empty.scriptBytes,
      budgets: budgets(result),
      inpSplit: inpSplit(result),
      ...result,
    };
    fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
    fs.writeFileSync(path.join(HERE, 'results', 'web-vitals.json'), `${JSON.stringify(output, null, 2)}\n`);
    return output;
  });
}

/** BENCH_WEB_MODE=work: see measureWork. */
export function measureWebWork() {
  return withSeededApp(({ address, addressB, loadAverage }) => measureWork(address, addressB, loadAverage));
}

/** BENCH_WEB_MODE=scroll: frames scrolling All Notes, build `a` (and `b`) alternating. */
export function measureWebScroll() {
  return withSeededApp(async ({ address, addressB, loadAverage }) => {
    const result = await runBrowserBench<ScrollResult>('scroll-frames-bench.mjs', address, addressB);
    reportScroll(result, loadAverage, { a: WEB_DIST, b: WEB_DIST_B });
  });
}

/** BENCH_WEB_MODE=interactions: see measureInteractions. */
export function measureWebInteractions() {
  return withSeededApp(({ address, addressB, loadAverage }) =>
    measureInteractions(address, addressB, loadAverage),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const measured =
    MODE === 'work'
      ? measureWebWork().then(printWork)
      : MODE === 'interactions'
        ? measureWebInteractions()
        : MODE === 'scroll'
          ? measureWebScroll()
          : measureWebVitals().then(printVitals);
  measured.catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
