// The grammar development sets, the only sets the grammar engine is tuned on:
// `npm run ai-eval:grammar -w apps/server` prints their scores and every miss and change.

import { fixGrammar } from '../grammar';
import { collect } from './builtin-engine';
import { evaluateInserted, formatInsertedReport, loadInsertedSet } from './score-inserted';

const FIXTURES = new URL('../../../../../test/fixtures/third-party/', import.meta.url);
// grammar-dev-handles/ (decision 083) and grammar-dev-mentions/ (093): real minutes with lower-case
// handles and no inserted errors: damage only.
const DEV_SETS = ['grammar-dev/', 'grammar-dev-2/', 'grammar-dev-handles/', 'grammar-dev-mentions/'];

const only = process.argv[2];
for (const name of DEV_SETS.filter((set) => !only || set.startsWith(only))) {
  const report = await evaluateInserted(loadInsertedSet(new URL(name, FIXTURES)), (text) =>
    collect(fixGrammar(text)),
  );
  console.log(formatInsertedReport(`the development set ${name}`, report));
  for (const key of ['missed', 'wrongFixes', 'damagedNames', 'damagedWords'] as const)
    if (report[key].length) console.log(`\n${key}:\n  ${report[key].join('\n  ')}`);
  console.log('');
}
