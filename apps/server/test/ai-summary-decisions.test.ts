import { describe, expect, it } from 'vitest';
import { wordOrderViolations } from '../src/engines/ai/builtin/eval/score-keys';
import { structureText } from '../src/engines/ai/builtin/structure';
import { summarizeText } from '../src/engines/ai/builtin/summarize';
import { DECISION } from '../src/engines/ai/builtin/summarize-parts';

/** The lines of a summary's Decisions part. */
function decisionsPart(summary: string): string[] {
  const lines = summary.split('\n');
  const start = lines.findIndex((line) => line.startsWith('- **Decisions:**'));
  if (start < 0) return [];
  const part: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('  - ')) break;
    part.push(line.slice(4));
  }
  return part;
}

const FILLER_SECTIONS = [
  '## Budget',
  '',
  'The support queue grew to 340 open tickets in February, up from 210 in January, and the backlog of',
  'refund requests doubled while two people were away on leave for most of the month.',
  '',
  '## Hiring',
  '',
  'Two candidates reached the final round and both interviews went well according to the panel members.',
  'References for the second candidate are still outstanding and should arrive before the next meeting.',
].join('\n');

describe('summaries keep decisions said without a decision word (decision 081)', () => {
  it('keeps a row of a table under a Decision column, labelled, in the Decisions part', () => {
    const note = [
      '# Lang team triage',
      '',
      FILLER_SECTIONS,
      '',
      '## Nominated issues',
      '',
      '| Issue | Discussion | Decision |',
      '| --- | --- | --- |',
      '| Repository permissions for triagers | Admin access was requested for the new triagers | write access suffices |',
      '| Lint for unused braces | Nobody has looked at the crater run yet | |',
    ].join('\n');
    const decisions = decisionsPart(summarizeText(note));
    expect(decisions.some((line) => line.includes('Decision: write access suffices'))).toBe(true);
    // The row without a decision is no decision.
    expect(decisions.some((line) => line.includes('unused braces'))).toBe(false);
  });

  it("counts a group's verdict, a way chosen, a proposal taken up and a status in minutes as decisions", () => {
    for (const sentence of [
      'The team was largely onboard with it, and everyone gave useful feedback.',
      'The team liked this approach much more, as it adds no new syntax.',
      'The solution we’re working towards is to put CloudFront in front of crates.io.',
      'mati865 suggested that other projects tar the whole installation, and we’ll explore that.',
      'The working group is winding down.',
      'The pull request was merged last week.',
      'Consensus: write access suffices.',
      'I explicitly reject the implementation of generalized coroutines for this feature.',
    ])
      expect(DECISION.test(sentence), sentence).toBe(true);
    // Consensus as a goal or a habit, a liking of one person, a plan of one person: no decision.
    for (const sentence of [
      'Generating consensus on current error handling best practices.',
      'TC consistently looks to clarify tradeoffs in a way that drives consensus.',
      'Sam liked the new logo.',
      'I will look into the CI failures tomorrow.',
      'Results: the model reached 91% accuracy on the test set.',
    ])
      expect(DECISION.test(sentence), sentence).toBe(false);
  });

  it('counts an option taken, a conclusion reached, a rule from now on and a vote as decisions (092)', () => {
    for (const sentence of [
      'We went with the second vendor.',
      'The team will proceed with the Postgres migration.',
      'After an hour we landed on weekly releases.',
      'From previous meeting, came to conclusion that a single ABI is simpler.',
      'Going forward, we will cut releases on Tuesdays.',
      'The vote was unanimous.',
      'The motion carried 5 to 2.',
      'The v1 API will be deprecated in March.',
    ])
      expect(DECISION.test(sentence), sentence).toBe(true);
    // A tutorial's 'from now on', code that landed, a request cancelled, a trip: no decision.
    for (const sentence of [
      'From now on, whenever we use weight_kg, Python will substitute the value.',
      'The patch landed on master yesterday.',
      'The request was cancelled by the client.',
      'I went with my sister to the market.',
    ])
      expect(DECISION.test(sentence), sentence).toBe(false);
  });

  it('keeps what "this" refers to with a short decision that only points back at it', () => {
    const note = [
      FILLER_SECTIONS,
      '',
      '## Minutes',
      '',
      'pietroalbini proposed to store a public version of the minutes on the team repository.',
      'The rest of the team agreed on this.',
    ].join('\n');
    const decisions = decisionsPart(summarizeText(note));
    expect(decisions.join('\n')).toContain('store a public version of the minutes');
    expect(decisions.join('\n')).toContain('agreed on this');
  });

  it('leaves out who ran the meeting, footnotes and fenced-div markers, and keeps a hard-wrapped sentence whole', () => {
    const note = [
      'Meeting run by pietroalbini. Minutes written by pietroalbini.',
      '',
      '::::::::::::: objectives',
      '',
      'This new project group is being shepherded by Jane Lusby',
      '([@yaahc](https://github.com/yaahc)) and Sean Chen',
      '([@seanchen1991](https://github.com/seanchen1991)), with Andrew',
      'Gallant acting in an advisory capacity.',
      '',
      FILLER_SECTIONS,
      '',
      '[^py]: Also known as, "Crates are one honking great idea".',
    ].join('\n');
    const summary = summarizeText(note);
    expect(summary).not.toMatch(/Meeting run by|Minutes written by|objectives|honking/);
    expect(summary).not.toMatch(/\*\*Gallant/);
  });
});

describe('structure keeps short lines typed under each other apart', () => {
  it('does not join a short line to the next after another short line', () => {
    const text = [
      'currently, `catch_unwind` lets foreign exceptions unwind through',
      'but this is relatively easy to fix',
      'ultimately an orthogonal concern',
      'If we adopt a unified ABI the main downside is that libraries rely on exceptions.',
    ].join('\n');
    expect(wordOrderViolations(text, structureText(text))).toEqual([]);
  });
});
