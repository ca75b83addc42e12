import {
  type KeyedStructureScore,
  type KeyedSummaryScore,
  type KeyedText,
  plainVariant,
  scoreKeyedStructure,
  scoreKeyedSummary,
} from './score-keys';

// Summaries and structure scored against reference keys, over a whole set of texts.
export interface KeyedEngine {
  summarize(markdown: string): string | Promise<string>;
  structure(markdown: string): string | Promise<string>;
}

export interface KeyedScores {
  /** Key points covered, over all texts. */
  coverage: number;
  /** Decisions kept, over all texts. */
  decisions: number;
  /** Texts whose every decision was kept. */
  textsWithAllDecisions: number;
  textsWithDecisions: number;
  /** Action items kept with their owner and date. */
  summaryActions: number;
  attendees: number;
  /** Summary lines with nothing the text does not say. */
  faithfulness: number;
  /** Summary lines that repeat a long sentence of the text word for word. */
  verbatimLines: number;
  summaryLines: number;
  /** Expected checklist items made (recall) and checklist items that are expected or optional (precision). */
  structureActions: number;
  structureActionPrecision: number;
  /** Headings made on the text typed without Markdown that are the author's (precision), and the author's found (recall). */
  headingPrecision: number;
  headingRecall: number;
  inventedHeadings: number;
  /** Texts where structure lost, added, reordered or joined words. */
  wordOrderViolations: number;
}

export interface KeyedReport {
  results: Array<{ text: KeyedText; summary: KeyedSummaryScore; structure: KeyedStructureScore }>;
  scores: KeyedScores;
}

const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

export async function evaluateKeyed(engine: KeyedEngine, texts: KeyedText[]): Promise<KeyedReport> {
  const results: KeyedReport['results'] = [];
  for (const text of texts) {
    const summary = await engine.summarize(text.text);
    const structured = await engine.structure(text.text);
    const plainStructured = await engine.structure(plainVariant(text.text));
    results.push({
      text,
      summary: scoreKeyedSummary(text.text, text.key, summary),
      structure: scoreKeyedStructure(text.text, text.key, structured, plainStructured),
    });
  }
  const total = (pick: (result: KeyedReport['results'][number]) => number) =>
    results.reduce((sum, result) => sum + pick(result), 0);
  const withDecisions = results.filter((r) => r.summary.decisions.expected > 0);
  const checklistItems = total((r) => r.structure.checklistItems);
  const madeHeadings = total((r) => r.structure.headings.made);
  return {
    results,
    scores: {
      coverage: share(
        total((r) => r.summary.points.found),
        total((r) => r.summary.points.expected),
      ),
      decisions: share(
        total((r) => r.summary.decisions.found),
        total((r) => r.summary.decisions.expected),
      ),
      textsWithAllDecisions: withDecisions.filter(
        (r) => r.summary.decisions.found === r.summary.decisions.expected,
      ).length,
      textsWithDecisions: withDecisions.length,
      summaryActions: share(
        total((r) => r.summary.actions.found),
        total((r) => r.summary.actions.expected),
      ),
      attendees: share(
        total((r) => r.summary.attendees.found),
        total((r) => r.summary.attendees.expected),
      ),
      faithfulness: share(
        total((r) => r.summary.faithful.found),
        total((r) => r.summary.faithful.expected),
      ),
      verbatimLines: total((r) => r.summary.verbatim),
      summaryLines: total((r) => r.summary.faithful.expected),
      structureActions: share(
        total((r) => r.structure.actions.found),
        total((r) => r.structure.actions.expected),
      ),
      structureActionPrecision: share(
        checklistItems - total((r) => r.structure.falseActions.length),
        checklistItems,
      ),
      headingPrecision: share(
        total((r) => r.structure.headings.correct),
        madeHeadings,
      ),
      headingRecall: share(
        total((r) => r.structure.headings.correct),
        total((r) => r.structure.headings.authors),
      ),
      inventedHeadings: total((r) => r.structure.inventedHeadings.length),
      wordOrderViolations: results.filter((r) => r.structure.violations.length > 0).length,
    },
  };
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

export function formatKeyedReport(report: KeyedReport): string {
  const lines = [
    'text | points decisions actions attendees faithful | checklist (false) headings made/right/author | misses',
  ];
  for (const { text, summary: s, structure: t } of report.results) {
    const f = (part: { found: number; expected: number }) => `${part.found}/${part.expected}`;
    lines.push(
      [
        text.id,
        `${f(s.points)} ${f(s.decisions)} ${f(s.actions)} ${f(s.attendees)} ${f(s.faithful)}`,
        `${f(t.actions)} (${t.falseActions.length}) ${t.headings.made}/${t.headings.correct}/${t.headings.authors}`,
        [
          ...s.missing,
          ...t.missing,
          ...t.falseActions.map((item) => `not an action: ${item.slice(0, 60)}`),
          ...t.inventedHeadings.map((heading) => `invented heading: ${heading}`),
          ...t.violations,
        ].join('; '),
      ].join(' | '),
    );
  }
  lines.push('', formatKeyedTotals(report));
  return lines.join('\n');
}

/** The totals alone, for a set whose keys must never reach a log (a CI log is read by many). */
export function formatKeyedTotals(report: KeyedReport): string {
  const s = report.scores;
  return [
    `summary: key points ${pct(s.coverage)}, decisions ${pct(s.decisions)} (all kept in ${s.textsWithAllDecisions}/${s.textsWithDecisions} texts), actions ${pct(s.summaryActions)}, attendees ${pct(s.attendees)}, faithful lines ${pct(s.faithfulness)}, verbatim long sentences ${s.verbatimLines}/${s.summaryLines}`,
    `structure: action items ${pct(s.structureActions)} (precision ${pct(s.structureActionPrecision)}), headings on plain text precision ${pct(s.headingPrecision)} recall ${pct(s.headingRecall)}, invented headings ${s.inventedHeadings}, texts with lost/joined words ${s.wordOrderViolations}`,
  ].join('\n');
}
