// Prints the built-in engine's evaluation scores: `npm run ai-eval -w apps/server`.
import { builtinEvalEngine } from './builtin-engine';
import { belowThreshold, evaluate, formatReport, loadThresholds } from './evaluate';

const report = await evaluate(builtinEvalEngine);
console.log(formatReport(report));
const failures = [...belowThreshold(report, loadThresholds()), ...report.hardFailures];
if (failures.length > 0) {
  console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
}
