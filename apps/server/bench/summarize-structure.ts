/**
 * Summarize and structure on a long note: the grammar development set's real texts (meeting
 * minutes, announcements, transcripts, lecture notes, journal entries, READMEs) repeated to 10,000
 * words, run by the built-in engine as the routes run it. Prints the one-time load of the
 * part-of-speech model (wink-nlp's lite English model, paid by the first summary or structure, not
 * at server start) and the median of 5 warm runs of each. Budget: under 300 ms warm.
 * Standalone: `npm run bench:summarize -w @notewise/server`.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadInsertedSet } from '../src/engines/ai/builtin/eval/score-inserted';
import { tag } from '../src/engines/ai/builtin/nlp';
import { structureText } from '../src/engines/ai/builtin/structure';
import { summarizeText } from '../src/engines/ai/builtin/summarize';

const WORDS = 10_000;
const BUDGET_MS = 300;

const texts = loadInsertedSet(new URL('../test/fixtures/third-party/grammar-dev/', import.meta.url)).map(
  (item) => item.reference,
);
const parts: string[] = [];
let words = 0;
for (let i = 0; words < WORDS; i += 1) {
  const text = texts[i % texts.length] as string;
  parts.push(text);
  words += text.split(/\s+/).filter(Boolean).length;
}
const note = parts.join('\n\n');

let start = performance.now();
tag('Load the model.');
const loadMs = performance.now() - start;

/** Five warm runs: their median, and their fastest (the machine is shared, so the median carries others' load). */
function median(run: () => unknown): { runsMs: number[]; medianMs: number; fastestMs: number } {
  const runs: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    start = performance.now();
    run();
    if (i > 0) runs.push(performance.now() - start);
  }
  runs.sort((a, b) => a - b);
  return {
    runsMs: runs.map(Math.round),
    medianMs: Math.round(runs[Math.floor(runs.length / 2)] ?? 0),
    fastestMs: Math.round(runs[0] ?? 0),
  };
}

const summarize = median(() => summarizeText(note));
const structure = median(() => structureText(note));
console.log(
  JSON.stringify({ words, loadMs: Math.round(loadMs), summarize, structure, loadAverage: loadavg()[0] }),
);
for (const [name, result] of [
  ['summarize', summarize],
  ['structure', structure],
] as const)
  console.log(
    `${name}, ${words} words: median ${result.medianMs} ms, fastest ${result.fastestMs} ms (budget ${BUDGET_MS} ms): ${result.medianMs < BUDGET_MS ? 'pass' : 'MISS'}`,
  );
