// The run's output: budgets, bench/results/*.json and the tables.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figure } from './harness';
import { HERE } from './harness';

export interface SizeResult {
  notes: number;
  figures: Record<string, Figure>;
  [key: string]: unknown;
}

export function report(sizes: SizeResult[]) {
  const databaseName = process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite';
  const largest = sizes.find((s) => s.notes === 100_000) ?? sizes[sizes.length - 1];
  const last = sizes[sizes.length - 1];
  if (!largest || !last) throw new Error('no sizes measured');
  const fig = (name: string) => largest.figures[name];
  const extras = last as SizeResult & {
    collabLatency?: { p50: number; p95: number };
    voiceLatency?: { overhead: { p50: number; p95: number } };
    keystroke?: { p95?: number };
    firstRouteJs?: { gzipBytes?: number };
    soak?: { pass: boolean; load: { max: number }; rssGrowthMb: number };
    /** bench:web's rows (web-vitals.ts), each beside its budget (decisions 071, 079). */
    webVitals?: { name: string; value: number | null; budget: number }[];
  };
  const startup = (largest as { startup?: { readyMs: number | null; idleRssMb: number | null } }).startup;
  const list = fig('note list (big project, first page)');
  const uncachedList = fig('note list (big project, first page, uncached)');

  const budgets: [string, number | undefined, number][] = [
    ...(['rare', 'common', 'misspelt'] as const).flatMap((kind): [string, number | undefined, number][] => [
      [`search ${kind} p50 (${largest.notes} notes, 50 req/s)`, fig(`search ${kind}`)?.app.p50, 10],
      [`search ${kind} p99`, fig(`search ${kind}`)?.app.p99, 50],
    ]),
    ['note list (50) p99 at 500 req/s', fig('note list (50 notes)')?.app.p99, 10],
    ['big project first page (50) p99 at 500 req/s', fig('note list (big project, first page)')?.app.p99, 10],
    ['big project deep page (50) p99 at 500 req/s', fig('note list (big project, deep page)')?.app.p99, 10],
    [
      'note versions first page (50 of 10,000) p99 at 500 req/s',
      fig('note versions (10,000, first page)')?.app.p99,
      10,
    ],
    [
      'note versions deep page (50 of 10,000) p99 at 500 req/s',
      fig('note versions (10,000, deep page)')?.app.p99,
      10,
    ],
    [
      'trash first page (50 of 10,000 deleted notes) p99 at 500 req/s',
      fig('trash (10,000 deleted notes, first page)')?.app.p99,
      10,
    ],
    [
      'trash deep page (50 of 10,000 deleted notes) p99 at 500 req/s',
      fig('trash (10,000 deleted notes, deep page)')?.app.p99,
      10,
    ],
    ['get note p99 at 500 req/s', fig('get note')?.app.p99, 5],
    [
      'big project first page: bare throughput / app throughput (at most 2)',
      list?.appMax && list.bareMax ? Math.round((list.bareMax / list.appMax) * 100) / 100 : undefined,
      2,
    ],
    [
      'big project first page: app / bare server CPU per request (at most 2)',
      list?.appCpuUs && list.bareCpuUs ? Math.round((list.appCpuUs / list.bareCpuUs) * 100) / 100 : undefined,
      2,
    ],
    // Without the page cache (decision 067): the cost of a miss, against the same limits.
    ['big project first page, uncached: p99 at 500 req/s', uncachedList?.app.p99, 10],
    [
      'big project first page, uncached: bare throughput / app throughput',
      uncachedList?.appMax && uncachedList.bareMax
        ? Math.round((uncachedList.bareMax / uncachedList.appMax) * 100) / 100
        : undefined,
      2,
    ],
    [
      'big project first page, uncached: app / bare server CPU per request',
      uncachedList?.appCpuUs && uncachedList.bareCpuUs
        ? Math.round((uncachedList.appCpuUs / uncachedList.bareCpuUs) * 100) / 100
        : undefined,
      2,
    ],
    [`ready after a restart on ${largest.notes} notes (ms)`, startup?.readyMs ?? undefined, 1000],
    ['idle RSS after the restart (MB)', startup?.idleRssMb ?? undefined, 150],
    ['soak: slowest request (ms)', extras.soak?.load.max, 1000],
    [
      'soak: errors, lost edits or slow co-edits (0 when it passed)',
      extras.soak ? (extras.soak.pass ? 0 : 1) : undefined,
      0,
    ],
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
    // The web app on a phone (decision 071): its own 20,000-note account; web-vitals.json has the
    // empty React page's figures beside these.
    ...(extras.webVitals ?? []).map((row): [string, number | undefined, number] => [
      `phone: ${row.name}`,
      row.value ?? undefined,
      row.budget,
    ]),
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
