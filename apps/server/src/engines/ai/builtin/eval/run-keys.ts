// Prints summaries and structure scored against the development keys: `npm run ai-eval:keys -w @notewise/server`.
import { builtinEvalEngine } from './builtin-engine';
import { loadDevKeyed } from './dev-keys';
import { evaluateKeyed, formatKeyedReport } from './evaluate-keys';

const only = process.argv[2];
const texts = loadDevKeyed().filter((text) => !only || text.id.includes(only));
const report = await evaluateKeyed(builtinEvalEngine, texts);
console.log(formatKeyedReport(report));
if (only)
  for (const text of texts) {
    console.log(`\n===== ${text.id} summary\n${await builtinEvalEngine.summarize(text.text)}`);
    console.log(`\n===== ${text.id} structure\n${await builtinEvalEngine.structure(text.text)}`);
  }
