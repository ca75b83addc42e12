// Prints the check set's totals, never a text's misses (decision 091). From apps/server:
// `npm run ai-eval:check`, before the one run of the held-back test, not while tuning.
import { builtinEvalEngine } from './builtin-engine';
import { loadCheckKeyed } from './check-keys';
import { evaluateKeyed, formatKeyedTotals, type KeyedReport } from './evaluate-keys';

type Result = KeyedReport['results'][number];

const texts = loadCheckKeyed();
const report = await evaluateKeyed(builtinEvalEngine, texts);
const sum = (pick: (result: Result) => { found: number; expected: number }) =>
  report.results.reduce(
    (total, result) => ({
      found: total.found + pick(result).found,
      expected: total.expected + pick(result).expected,
    }),
    { found: 0, expected: 0 },
  );
const counts = (label: string, part: { found: number; expected: number }) =>
  `${label} ${part.found}/${part.expected}`;
console.log(
  [
    `check set: ${texts.length} texts`,
    counts(
      'key points',
      sum((r) => r.summary.points),
    ),
    counts(
      'decisions',
      sum((r) => r.summary.decisions),
    ),
    counts(
      'actions',
      sum((r) => r.summary.actions),
    ),
    counts(
      'attendees',
      sum((r) => r.summary.attendees),
    ),
    counts(
      'structure action items',
      sum((r) => r.structure.actions),
    ),
  ].join(', '),
);
console.log(formatKeyedTotals(report));
