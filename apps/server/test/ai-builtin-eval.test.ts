import { describe, expect, it } from 'vitest';
import { builtinEvalEngine } from '../src/engines/ai/builtin/eval/builtin-engine';
import { loadDevKeyed } from '../src/engines/ai/builtin/eval/dev-keys';
import {
  belowThreshold,
  type EvalReport,
  evaluate,
  formatReport,
  loadEvalNotes,
  loadThresholds,
  scoreGrammar,
  scoreStructure,
  scoreSummary,
} from '../src/engines/ai/builtin/eval/evaluate';
import { evaluateKeyed, formatKeyedReport } from '../src/engines/ai/builtin/eval/evaluate-keys';

/**
 * The built-in engine on its evaluation set (src/engines/ai/builtin/eval/notes): summarize, structure and
 * grammar must score at or above the thresholds recorded in src/engines/ai/builtin/eval/thresholds.json,
 * structure must never lose or invent a word, and grammar must never change a capitalised word, a
 * word the dictionary knows, a kept name or the Markdown.
 */
describe('built-in AI evaluation set', () => {
  const notes = loadEvalNotes();
  let report: EvalReport;

  it('has at least 30 notes of different kinds', () => {
    expect(notes.length).toBeGreaterThanOrEqual(30);
    expect(new Set(notes.map((note) => note.kind)).size).toBeGreaterThanOrEqual(8);
  });

  it('scores at or above the recorded thresholds', { timeout: 300_000 }, async () => {
    report = await evaluate(builtinEvalEngine, notes);
    console.log(formatReport(report));
    expect(belowThreshold(report, loadThresholds())).toEqual([]);
  });

  it('never loses a word in structure, never changes a known word or a capitalised name in grammar', () => {
    expect(report.hardFailures).toEqual([]);
  });

  // The scorer itself must be able to fail: these are the reviewer's findings, scored.
  describe('the scorer', () => {
    const kickoff = notes.find((note) => note.file.includes('kickoff-goals'));
    if (!kickoff) throw new Error('kickoff note missing');

    it('flags "Sam" -> "SAM" and a known word replaced, and counts "shud" -> "scud" as a missed fix', () => {
      const damaged = kickoff.text.replace('Sam thinks', 'SAM thinks').replace('shud', 'scud');
      const score = scoreGrammar(kickoff, damaged, new Set(['shud']));
      expect(score.violations).toContain('case of "Sam" changed');
      expect(score.fixes.made).toBe(0);
      const knownWordChanged = scoreGrammar(kickoff, kickoff.text.replace('launch', 'lunch'), new Set());
      expect(knownWordChanged.violations).toContain('known word "launch" -> "lunch"');
    });

    it('scores a summary of the last two sentences as missing the goals', () => {
      const lastTwo = 'Priya will draft the budget by Friday. We need to hire a QA engineer.';
      const score = scoreSummary(kickoff, lastTwo);
      expect(score.missing).toEqual(expect.arrayContaining(['10,000', 'crash rate', 'android']));
    });

    it('finds lost words and missing lists in a structure that only adds paragraph breaks', () => {
      const breaksOnly = kickoff.text.replace(/\n/g, '\n\n');
      const score = scoreStructure(kickoff, breaksOnly);
      expect(score.bullets.found).toBe(0);
      expect(score.checklist.found).toBe(0);
      expect(scoreStructure(kickoff, breaksOnly.replace('Android ', '')).lost).toEqual(['android']);
    });
  });
});

/**
 * The same notes, the texts written for the reviewers' findings and 24 keyed texts of the grammar
 * development sets, scored like the held-out set (test/ai-summary-held-out.test.ts): the floors are
 * what the engine reached when it was tuned on them (docs/decisions/062, 074, 081). Checklist
 * precision is 0.85 since 074 added three minutes whose imperative list items are no tasks; key
 * points 0.65 and heading precision 0.93 since 081 added 14 harder texts (transcripts, code-heavy
 * entries, long lists: 58.3 % of their points before 081's changes, 61.4 % after); key points 0.66
 * since 092 (65.8 -> 66.6 %: shorter sentences within a length that is a share of the note as written).
 * Checklist precision 0.91 since 100 (89.0 -> 91.5 %: minutes' labelled action lines, keys 60-64).
 */
describe('built-in AI development keys (summaries and structure)', () => {
  it('keeps decisions, action items and attendees, and structure keeps every word of every text', {
    timeout: 120_000,
  }, async () => {
    const report = await evaluateKeyed(builtinEvalEngine, loadDevKeyed());
    console.log(formatKeyedReport(report));
    const { scores } = report;
    expect(scores.coverage).toBeGreaterThanOrEqual(0.66);
    expect(scores.decisions).toBe(1);
    expect(scores.attendees).toBe(1);
    expect(scores.summaryActions).toBeGreaterThanOrEqual(0.8);
    expect(scores.faithfulness).toBe(1);
    expect(scores.structureActions).toBe(1);
    expect(scores.structureActionPrecision).toBeGreaterThanOrEqual(0.91);
    expect(scores.headingPrecision).toBeGreaterThanOrEqual(0.93);
    expect(report.results.flatMap((r) => r.structure.violations.map((v) => `${r.text.id}: ${v}`))).toEqual(
      [],
    );
    // The reviewers' meeting: the only decisions kept, the removed agenda item left out, the people listed.
    const platform = report.results.find((r) => r.text.id === 'dev-01-platform-sync');
    expect(platform?.summary.wrong).toEqual([]);
    expect(platform?.summary.decisions).toEqual({ found: 2, expected: 2 });
    // Decisions said without 'we agreed' ('We then decided', 'The agreement in the meeting is that').
    const infra = report.results.find((r) => r.text.id === 'dev-14-gd2-infra-meeting-4');
    expect(infra?.summary.decisions).toEqual({ found: 2, expected: 2 });
    // Decisions without a decision word (081): 'The team was largely onboard with it', 'The team liked
    // this approach', a working group winding down.
    for (const id of [
      'dev-17-gd2-infra-meeting-5',
      'dev-18-gd2-infra-meeting-6',
      'dev-19-gd2-compiler-meeting-3',
    ]) {
      const result = report.results.find((r) => r.text.id === id);
      expect(result?.summary.decisions.found, id).toBe(result?.summary.decisions.expected);
    }
  });
});
