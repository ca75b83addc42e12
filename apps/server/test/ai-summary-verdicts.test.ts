import { describe, expect, it } from 'vitest';
import { summarizeText } from '../src/engines/ai/builtin/summarize';
import { DECISION } from '../src/engines/ai/builtin/summarize-parts';

// Decision 109: the ways minutes record a group's assent, and what a bare verdict approves.

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

/** Sections long enough that a summary of the note cannot keep every sentence. */
const DISCUSSION = [
  '## Budget',
  '',
  'The support queue grew to 340 open tickets in February, up from 210 in January, and the backlog of',
  'refund requests doubled while two people were away on leave for most of the month.',
  'Finance expects the spending review to finish in the second week of March at the earliest.',
  '',
  '## Hiring',
  '',
  'Two candidates reached the final round and both interviews went well according to the panel members.',
  'References for the second candidate are still outstanding and should arrive before the next meeting.',
  'The recruiter asked whether the role could be opened to people working from other time zones.',
].join('\n');

describe('decisions recorded as assent (decision 109)', () => {
  it('counts general agreement, a decision to, no objections, +1 from everyone, LGTM with a merge and a counted vote', () => {
    for (const sentence of [
      'General agreement that this is a good idea, decision to move forward with the proposal.',
      'Rough consensus to move forward with the new release schedule.',
      'A decision was made to postpone the launch until April.',
      'No objections, so the change lands in version 2.4.',
      '+1 from everyone on the darker logo.',
      'LGTM from both reviewers, merging now.',
      'The proposal to move the meeting to Thursdays passed 5-2.',
      'Votes: 7 in favour, 2 against.',
      'Our plan now is to release in June.',
      "Let's go ahead with the blue theme.",
      'Everyone agrees that the public API stays as it is.',
      'The old mentoring program was sunset last quarter.',
      'All: General agreement.',
      'Approved. OK to close.',
      'Agreed, assuming the travel amount was factored into the forecast.',
      'Agreement to consider all directors the same.',
    ])
      expect(DECISION.test(sentence), sentence).toBe(true);
    // A question, a decision still to make, one person's assent in a discussion, words that only look alike.
    for (const sentence of [
      'Any objections to moving the meeting?',
      'We have no objections to the idea?',
      'We need to make a decision to be honest about the timeline.',
      'The decision to be made is a hard one.',
      'Clar: Agreed.',
      'Consensus building takes time in a large group.',
      'Accepted answers are shown first on the page.',
      'The score was 3-1 at half time.',
    ])
      expect(DECISION.test(sentence), sentence).toBe(false);
  });

  it('counts a named team or governing body deciding, and a final comment period started or done', () => {
    for (const sentence of [
      'The lang team agreed to stabilise the feature in 1.80.',
      'The steering committee decided against a second release candidate.',
      'The TSC voted to archive the old website repository.',
      'T-lang is in favour of the new lint.',
      'Lang team is in favor of stabilizing the attribute.',
      "We're in favor of closing the issue.",
      'nikomatsakis proposed FCP to merge the RFC.',
      'The FCP has completed, so the RFC is merged.',
    ])
      expect(DECISION.test(sentence), sentence).toBe(true);
    for (const sentence of [
      'Should we propose FCP for this one?',
      'The lang team meets every Tuesday at noon.',
      'The meeting room was booked for two hours.',
    ])
      expect(DECISION.test(sentence), sentence).toBe(false);
  });

  it('keeps what a bare verdict approves: the line said before it', () => {
    const note = [
      DISCUSSION,
      '',
      '## Volunteers',
      '',
      'Myles: Having a list of volunteers on a separate mailing list would help the moderation team today.',
      '',
      'All: General agreement.',
    ].join('\n');
    const decisions = decisionsPart(summarizeText(note)).join('\n');
    expect(decisions).toContain('list of volunteers on a separate mailing list');
    expect(decisions).toContain('General agreement');
  });

  it.each(['After some discussion, the proposal was approved by the committee.', 'We decided to go ahead.'])(
    'keeps what a decision said only in deciding words approves: %s',
    (decision) => {
      const note = [
        DISCUSSION,
        '',
        '## Office',
        '',
        'Priya proposed moving the weekly planning meeting from Monday mornings to Tuesday afternoons.',
        decision,
      ].join('\n');
      const decisions = decisionsPart(summarizeText(note)).join('\n');
      expect(decisions).toContain('Tuesday afternoons');
    },
  );

  it('keeps the agenda item a nested outcome answers, in the Decisions part before the outcome', () => {
    const note = [
      DISCUSSION,
      '',
      '## Agenda',
      '',
      '* Create a Bundler Collaboration Space [#1630](https://github.com/example/council/issues/1630)',
      '    * Several members described how the tooling projects already meet informally every month.',
      '    * General agreement that this is a good idea, decision to move forward.',
      '* Review of the travel fund applications that arrived since the last meeting in January',
      '    * Three applications are waiting for a second reviewer from the committee.',
    ].join('\n');
    const decisions = decisionsPart(summarizeText(note));
    const topic = decisions.findIndex((line) => line.includes('Bundler Collaboration Space'));
    const outcome = decisions.findIndex((line) => line.includes('decision to move forward'));
    expect(topic).toBeGreaterThanOrEqual(0);
    expect(outcome).toBeGreaterThan(topic);
    // An item with no decision under it is no decision.
    expect(decisions.join('\n')).not.toContain('travel fund');
  });

  it('keeps no agenda item for a nested decision that names what it decides', () => {
    const note = [
      DISCUSSION,
      '',
      '## Agenda',
      '',
      '* Security tooling updates from the working groups since the last meeting',
      '    * Sigstore was voted to accept by the technical advisory council.',
    ].join('\n');
    const decisions = decisionsPart(summarizeText(note)).join('\n');
    expect(decisions).toContain('Sigstore was voted to accept');
    expect(decisions).not.toContain('Security tooling updates');
  });
});
