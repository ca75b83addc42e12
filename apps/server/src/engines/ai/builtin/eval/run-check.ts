// Prints the check set's totals, never a text's misses (decision 091). From apps/server:
// `npm run ai-eval:check`, before the one run of the held-back test, not while tuning.
import { words } from '../../heuristics/text';
import { builtinEvalEngine } from './builtin-engine';
import { loadCheckKeyed } from './check-keys';
import { evaluateKeyed, formatKeyedTotals, type KeyedReport } from './evaluate-keys';

type Result = KeyedReport['results'][number];

const texts = loadCheckKeyed();
const report = await evaluateKeyed(builtinEvalEngine, texts);
const parts: [string, (result: Result) => { found: number; expected: number }][] = [
  ['key points', (r) => r.summary.points],
  ['decisions', (r) => r.summary.decisions],
  ['actions', (r) => r.summary.actions],
  ['attendees', (r) => r.summary.attendees],
  ['structure action items', (r) => r.structure.actions],
];
const counts = parts.map(([label, pick]) => {
  const found = report.results.reduce((total, result) => total + pick(result).found, 0);
  const expected = report.results.reduce((total, result) => total + pick(result).expected, 0);
  return `${label} ${found}/${expected}`;
});
// Length beside coverage (decision 101): a longer summary covers more.
let summaryWords = 0;
for (const text of texts) summaryWords += words(await builtinEvalEngine.summarize(text.text)).length;
const noteWords = texts.reduce((total, text) => total + words(text.text).length, 0);
counts.push(`summary words ${summaryWords} of ${noteWords}`);
console.log([`check set: ${texts.length} texts`, ...counts].join(', '));
console.log(formatKeyedTotals(report));
