/**
 * The built-in engine's evaluation: a set of real-looking notes (./notes/*.json) with what a good
 * summary, structure and grammar pass must produce, scored here and checked against the recorded
 * thresholds (./thresholds.json) by test/ai-builtin-eval.test.ts. Run it alone with
 * `npm run ai-eval -w apps/server` to print the scores.
 */
import { type EvalNote, loadEvalNotes, type Thresholds } from './corpus';
import { type GrammarScore, scoreGrammar } from './score-grammar';
import { type StructureScore, type SummaryScore, scoreStructure, scoreSummary } from './score-text';

export { type EvalNote, loadEvalNotes, loadThresholds, type Thresholds } from './corpus';
export { type GrammarScore, scoreGrammar } from './score-grammar';
export { type StructureScore, type SummaryScore, scoreStructure, scoreSummary } from './score-text';

export interface Engine {
  summarize(markdown: string): string | Promise<string>;
  structure(markdown: string): string | Promise<string>;
  grammar(markdown: string): string | Promise<string>;
  unknownWords(markdown: string): ReadonlySet<string> | Promise<ReadonlySet<string>>;
}

export interface NoteResult {
  note: EvalNote;
  summary: SummaryScore;
  structure: StructureScore;
  grammar: GrammarScore;
}

export interface EvalReport {
  results: NoteResult[];
  scores: {
    summarize: { coverage: number; order: number; length: number };
    structure: { headings: number; bullets: number; checklist: number; plain: number };
    grammar: { fixes: number };
  };
  /** Hard failures: words lost or invented by structure, forbidden grammar changes. */
  hardFailures: string[];
}

const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export async function evaluate(engine: Engine, notes = loadEvalNotes()): Promise<EvalReport> {
  const results: NoteResult[] = [];
  for (const note of notes) {
    const [summary, structure, grammar, unknown] = [
      await engine.summarize(note.text),
      await engine.structure(note.text),
      await engine.grammar(note.text),
      await engine.unknownWords(note.text),
    ];
    results.push({
      note,
      summary: scoreSummary(note, summary),
      structure: scoreStructure(note, structure),
      grammar: scoreGrammar(note, grammar, unknown),
    });
  }
  const pick = (select: (result: NoteResult) => { found: number; expected: number }) =>
    share(sum(results.map((r) => select(r).found)), sum(results.map((r) => select(r).expected)));
  const hardFailures = results.flatMap(({ note, structure, grammar }) => [
    ...(structure.lost.length ? [`${note.file}: structure lost ${structure.lost.join(', ')}`] : []),
    ...(structure.added.length ? [`${note.file}: structure added ${structure.added.join(', ')}`] : []),
    ...grammar.violations.map((violation) => `${note.file}: grammar ${violation}`),
  ]);
  return {
    results,
    scores: {
      summarize: {
        coverage: share(sum(results.map((r) => r.summary.found)), sum(results.map((r) => r.summary.points))),
        order: share(sum(results.map((r) => r.summary.inOrder)), sum(results.map((r) => r.summary.found))),
        length: share(results.filter((r) => r.summary.lengthOk).length, results.length),
      },
      structure: {
        headings: pick((r) => r.structure.headings),
        bullets: pick((r) => r.structure.bullets),
        checklist: pick((r) => r.structure.checklist),
        plain: pick((r) => r.structure.plain),
      },
      grammar: {
        fixes: share(
          sum(results.map((r) => r.grammar.fixes.made)),
          sum(results.map((r) => r.grammar.fixes.expected)),
        ),
      },
    },
    hardFailures,
  };
}

/** Scores under their threshold, as readable lines (empty when all pass). */
export function belowThreshold(report: EvalReport, thresholds: Thresholds): string[] {
  const failures: string[] = [];
  for (const [group, values] of Object.entries(thresholds) as Array<
    [keyof Thresholds, Record<string, number>]
  >) {
    const scores = report.scores[group] as Record<string, number>;
    for (const [name, minimum] of Object.entries(values)) {
      const score = scores[name] ?? 0;
      if (score < minimum) failures.push(`${group}.${name} ${score.toFixed(3)} < ${minimum}`);
    }
  }
  return failures;
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

export function formatReport(report: EvalReport): string {
  const lines = [
    'note | summary points (in order) ratio | structure headings/lists/checklists/plain | grammar fixes | misses',
  ];
  for (const { note, summary, structure, grammar } of report.results) {
    const misses = [
      ...summary.missing.map((point) => `summary: ${point}`),
      ...structure.missing,
      ...grammar.missing.map((fix) => `grammar: ${fix}`),
    ];
    lines.push(
      [
        note.file.replace(/\.json$/, ''),
        `${summary.found}/${summary.points} (${summary.inOrder}) ${summary.ratio.toFixed(2)}${summary.lengthOk ? '' : ' TOO LONG'}`,
        `${structure.headings.found}/${structure.headings.expected} ${structure.bullets.found}/${structure.bullets.expected} ${structure.checklist.found}/${structure.checklist.expected} ${structure.plain.found}/${structure.plain.expected}`,
        `${grammar.fixes.made}/${grammar.fixes.expected}`,
        misses.join('; '),
      ].join(' | '),
    );
  }
  const { summarize, structure, grammar } = report.scores;
  lines.push(
    '',
    `summarize: coverage ${pct(summarize.coverage)}, order ${pct(summarize.order)}, length within bounds ${pct(summarize.length)}`,
    `structure: headings ${pct(structure.headings)}, lists ${pct(structure.bullets)}, checklists ${pct(structure.checklist)}, left plain ${pct(structure.plain)}`,
    `grammar: expected fixes ${pct(grammar.fixes)}`,
    `hard failures: ${report.hardFailures.length ? `\n  ${report.hardFailures.join('\n  ')}` : 'none'}`,
  );
  return lines.join('\n');
}
