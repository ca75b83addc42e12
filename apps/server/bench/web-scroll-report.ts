/**
 * BENCH_WEB_MODE=scroll's report (web-vitals.ts runs apps/web/bench/scroll-frames-bench.mjs):
 * writes bench/results/web-scroll.json and prints a table per build and CPU rate (decision 106).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HERE } from './harness';

interface ScrollSummary {
  longestMs: number[];
  medianLongestMs: number;
  over17: number[];
  over33: number[];
  p95Ms: number;
  frames: number;
  cpuMs: number;
  longestTaskMs: number[];
  tasksOver16: number[];
}

export interface ScrollResult {
  summaries: Record<string, Record<string, ScrollSummary>>;
}

export function reportScroll(
  result: ScrollResult,
  loadAverage: number[],
  builds: Record<string, string | null>,
) {
  const output = {
    mode: 'scroll' as const,
    date: new Date().toISOString(),
    loadAverageAtStart: loadAverage,
    loadAverageAtEnd: os.loadavg(),
    builds,
    ...result,
  };
  fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
  const file = path.join(HERE, 'results', 'web-scroll.json');
  fs.writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  const load = (values: number[]) => values.map((l) => l.toFixed(1)).join(' ');
  console.log(
    `\nscrolling All Notes at 3,000 px/s for 4 s, per page load; load average ${load(loadAverage)} -> ${load(output.loadAverageAtEnd)}`,
  );
  console.log(
    '\n| build, CPU | longest frame (ms) | frames over 33.4 ms | over 17 ms | p95 | thread CPU (ms, median) | longest task, thread ms | tasks over 16.7 ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [build, byRate] of Object.entries(result.summaries))
    for (const [rate, s] of Object.entries(byRate))
      console.log(
        `| ${build}, ${rate} | ${s.longestMs.join(' / ')} | ${s.over33.join(' / ')} | ${s.over17.join(' / ')} | ${s.p95Ms} | ${s.cpuMs} | ${s.longestTaskMs.join(' / ')} | ${s.tasksOver16.join(' / ')} |`,
      );
  console.log(`JSON: ${file}`);
}
