// The grammar development set, the one set the grammar engine is tuned on:
// `npm run ai-eval:grammar -w apps/server` prints its scores and every miss and change.

import { fixGrammar } from '../grammar';
import { collect } from './builtin-engine';
import { evaluateInserted, formatInsertedReport, loadInsertedSet } from './score-inserted';

const DEV_SET = new URL('../../../../test/fixtures/third-party/grammar-dev/', import.meta.url);

const report = await evaluateInserted(loadInsertedSet(DEV_SET), (text) => collect(fixGrammar(text)));
console.log(formatInsertedReport('the development set', report));
for (const key of ['missed', 'wrongFixes', 'damagedNames', 'damagedWords'] as const)
  if (report[key].length) console.log(`\n${key}:\n  ${report[key].join('\n  ')}`);
