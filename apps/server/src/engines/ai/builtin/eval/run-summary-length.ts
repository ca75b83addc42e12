// Summary coverage beside summary length on the development keys: `npm run ai-eval:length -w
// @notewise/server`. Coverage follows length almost linearly (decision 082), so a change is read
// with both figures side by side; the check set's run prints its length the same way.
import { words } from '../../heuristics/text';
import { summarizeText } from '../summarize';
import { loadDevKeyed } from './dev-keys';
import { scoreKeyedSummary } from './score-keys';

const texts = loadDevKeyed();
const sum = { points: [0, 0], decisions: [0, 0], actions: [0, 0], all: [0, 0], faithful: [0, 0] };
let noteWords = 0;
let summaryWords = 0;
for (const text of texts) {
  const summary = summarizeText(text.text);
  const score = scoreKeyedSummary(text.text, text.key, summary);
  for (const part of ['points', 'decisions', 'actions', 'faithful'] as const) {
    sum[part][0] += score[part].found;
    sum[part][1] += score[part].expected;
  }
  if (score.decisions.expected > 0) {
    sum.all[1] += 1;
    if (score.decisions.found === score.decisions.expected) sum.all[0] += 1;
  }
  noteWords += words(text.text).length;
  summaryWords += words(summary).length;
}
const pct = ([found, expected]: number[]) =>
  `${(((found ?? 0) / Math.max(1, expected ?? 0)) * 100).toFixed(1)} % (${found}/${expected})`;
console.log(
  [
    `dev set: ${texts.length} texts`,
    `key points ${pct(sum.points)}`,
    `decisions ${pct(sum.decisions)}, all kept in ${sum.all[0]}/${sum.all[1]} texts`,
    `actions ${pct(sum.actions)}`,
    `faithful lines ${pct(sum.faithful)}`,
    `summary words ${summaryWords} of ${noteWords} (${((summaryWords / noteWords) * 100).toFixed(1)} %)`,
  ].join('\n'),
);
