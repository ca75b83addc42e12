// Summary coverage beside summary length on the development keys: `npm run ai-eval:length -w
// @notewise/server`. Coverage follows length almost linearly (decision 082), so a change is read
// with both figures side by side; the check set's run prints its length the same way.
import { words } from '../../heuristics/text';
import { summarizeText } from '../summarize';
import { loadDevKeyed } from './dev-keys';
import { scoreKeyedSummary } from './score-keys';

const texts = loadDevKeyed();
type Tally = { found: number; expected: number };
const tally = (): Tally => ({ found: 0, expected: 0 });
const sum = { points: tally(), decisions: tally(), actions: tally(), all: tally(), faithful: tally() };
let noteWords = 0;
let summaryWords = 0;
for (const text of texts) {
  const summary = summarizeText(text.text);
  const score = scoreKeyedSummary(text.text, text.key, summary);
  for (const part of ['points', 'decisions', 'actions', 'faithful'] as const) {
    sum[part].found += score[part].found;
    sum[part].expected += score[part].expected;
  }
  if (score.decisions.expected > 0) {
    sum.all.expected += 1;
    if (score.decisions.found === score.decisions.expected) sum.all.found += 1;
  }
  noteWords += words(text.text).length;
  summaryWords += words(summary).length;
}
const pct = ({ found, expected }: Tally) =>
  `${((found / Math.max(1, expected)) * 100).toFixed(1)} % (${found}/${expected})`;
console.log(
  [
    `dev set: ${texts.length} texts`,
    `key points ${pct(sum.points)}`,
    `decisions ${pct(sum.decisions)}, all kept in ${sum.all.found}/${sum.all.expected} texts`,
    `actions ${pct(sum.actions)}`,
    `faithful lines ${pct(sum.faithful)}`,
    `summary words ${summaryWords} of ${noteWords} (${((summaryWords / noteWords) * 100).toFixed(1)} %)`,
  ].join('\n'),
);
