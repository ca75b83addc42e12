/**
 * Grammar on a long note: a 10,000-word note (the grammar development set's texts with their
 * errors, repeated) checked by the built-in engine, as the route streams it. Prints the engines'
 * one-time lazy load (harper, Hunspell en-US/en-GB, word frequencies; paid by the first grammar
 * request, not at server start) and the median of 5 warm checks (wall time, and the CPU time it used, with the load average: on a
 * shared machine the difference is time spent waiting for a core). Budget: under 500 ms.
 * Standalone: `npm run bench:grammar -w @notewise/server`.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { collect } from '../src/engines/ai/builtin/eval/builtin-engine';
import { loadInsertedSet } from '../src/engines/ai/builtin/eval/score-inserted';
import { fixGrammar, loadHarper } from '../src/engines/ai/builtin/grammar';
import { loadSpelling } from '../src/engines/ai/builtin/spelling';

const WORDS = 10_000;
const BUDGET_MS = 500;

// The development set's texts repeated to 10,000 words, each copy with fresh misspellings from the
// set's list (about one word in 60; a misspelling written twice would count as the user's own word).
const dir = new URL('../test/fixtures/third-party/grammar-dev/', import.meta.url);
const texts = loadInsertedSet(dir).map((item) => item.reference);
const misspellingsOf = new Map<string, string[]>();
for (const line of readFileSync(new URL('misspellings.txt', dir), 'utf8').split('\n')) {
  const [wrong, right] = line.split('->');
  if (wrong && right) misspellingsOf.set(right, [...(misspellingsOf.get(right) ?? []), wrong]);
}
let seed = 29;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const used = new Set<string>();
const parts: string[] = [];
let words = 0;
let errors = 0;
for (let i = 0; words < WORDS; i += 1) {
  const text = (texts[i % texts.length] as string).replace(/(?<=[ \n])[a-z]{4,}(?=[ ,.\n])/g, (word) => {
    const options = (misspellingsOf.get(word) ?? []).filter((wrong) => !used.has(wrong));
    if (options.length === 0 || random() > 1 / 20) return word;
    const wrong = options[Math.floor(random() * options.length)] as string;
    used.add(wrong);
    errors += 1;
    return wrong;
  });
  parts.push(text);
  words += text.split(/\s+/).filter(Boolean).length;
}
const note = parts.join('\n\n');

let start = performance.now();
await Promise.all([loadHarper(), loadSpelling()]);
const loadMs = performance.now() - start;
const runs: number[] = [];
const cpuRuns: number[] = [];
for (let run = 0; run < 6; run += 1) {
  start = performance.now();
  const cpuStart = process.cpuUsage();
  await collect(fixGrammar(note));
  const cpu = process.cpuUsage(cpuStart);
  if (run > 0) {
    runs.push(performance.now() - start);
    cpuRuns.push((cpu.user + cpu.system) / 1000);
  }
}
runs.sort((a, b) => a - b);
cpuRuns.sort((a, b) => a - b);
const median = runs[Math.floor(runs.length / 2)] ?? 0;
// The machine is shared: its load and the CPU time the check used say how much of the wall time was waiting.
const cpuMedian = cpuRuns[Math.floor(cpuRuns.length / 2)] ?? 0;
console.log(
  JSON.stringify({
    words,
    errors,
    loadMs: Math.round(loadMs),
    runsMs: runs.map(Math.round),
    cpuRunsMs: cpuRuns.map(Math.round),
    medianMs: Math.round(median),
    cpuMedianMs: Math.round(cpuMedian),
    loadAverage: os.loadavg().map((value) => Number(value.toFixed(1))),
    cores: os.availableParallelism(),
  }),
);
const load = os.loadavg()[0]?.toFixed(1);
const verdict = (ms: number) => (ms < BUDGET_MS ? 'pass' : 'MISS');
console.log(
  `grammar, ${words} words: median ${Math.round(median)} ms wall (${verdict(median)}), ${Math.round(cpuMedian)} ms CPU (${verdict(cpuMedian)}) at load ${load}; budget ${BUDGET_MS} ms`,
);
