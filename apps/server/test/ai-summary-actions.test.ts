import { describe, expect, it } from 'vitest';
import { summarizeText } from '../src/engines/ai/builtin/summarize';
import { isSummaryAction } from '../src/engines/ai/builtin/summarize-actions';

/** The lines of a summary's Action items part. */
function actionsPart(summary: string): string[] {
  const lines = summary.split('\n');
  const start = lines.findIndex((line) => line.startsWith('- **Action items:**'));
  if (start < 0) return [];
  const part: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('  - ')) break;
    // The topic it came under, when the summary has not named it yet ('**Newsletters:** ').
    part.push(line.slice(4).replace(/^\*\*[^*]+:\*\* /, ''));
  }
  return part;
}

// Long enough that a summary cannot keep everything: action items must be kept for being actions.
const BACKGROUND = [
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

describe('summary action items in the styles minutes use (decision 095)', () => {
  it('reads labels, an owner and a dash, and subjectless modals as action items', () => {
    for (const line of [
      '**ACTION**: staff to open an issue about the mirror',
      'Action Item: review the charter PR before Friday',
      'AI: Bob to send the notes',
      'Michael - dig out agenda based on past deep dives and add',
      'Jean - need to push some examples',
      'Should plan for collaborator survey as well',
      'Please review the draft by Friday',
    ])
      expect(isSummaryAction(line, true), line).toBe(true);
    for (const line of [
      'Jean - no update this week, going to present',
      'Michael - 2 main things',
      'How to support linking people who want to pay',
      'Eric Holk: Looking for a responsible?',
      'AI: the model summarises the thread',
    ])
      expect(isSummaryAction(line, true), line).toBe(false);
  });

  it("keeps items under a 'Next steps' item, and an owner's nested tasks with the owner named", () => {
    const minutes = [
      '# Team meeting',
      '',
      BACKGROUND,
      '',
      '## Newsletters',
      '',
      '* Create Communications Channel to JS Newsletters',
      '  * Next step is to promote to working groups',
      '    * Michael',
      '      * Will open for Node core',
      '      * Michael will ask uvwasi team',
      '    * Jean - will reach out to',
      '      * Performance team',
      '      * Will create for Next-10 team',
      '* Funding for contributors',
      '  * Use of crowdfunding in the project',
      '  * Next steps',
      '    * Marco will open issue to discuss gathering some data',
    ].join('\n');
    const actions = actionsPart(summarizeText(minutes));
    expect(actions).toEqual(
      expect.arrayContaining([
        'Michael will open for Node core',
        'Michael will ask uvwasi team',
        'Jean will reach out to Performance team',
        'Jean will create for Next-10 team',
        'Marco will open issue to discuss gathering some data',
      ]),
    );
    // The leads say nothing of their own.
    expect(summarizeText(minutes)).not.toMatch(/^\s*- (?:Michael|Jean - will reach out to|Next steps)$/m);
  });

  it("says what a decision with a few short items decided, and leaves a template's lines out", () => {
    const minutes = [
      '# Team meeting',
      '',
      '## Links',
      '',
      '* **Recording**:  <https://www.youtube.com/watch?v=abc>',
      '* **GitHub Issue**: <https://github.com/org/repo/issues/97>',
      '',
      BACKGROUND,
      '',
      '## Summit',
      '',
      '* Planning for summit',
      '  * We agreed it would cover',
      '    * Suitable types for end-users',
      '    * Single Executable Applications',
      '',
      'Click `+GoogleCalendar` at the bottom right to add to your own Google calendar.',
    ].join('\n');
    const summary = summarizeText(minutes);
    expect(summary).toContain(
      'We agreed it would cover: Suitable types for end-users; Single Executable Applications',
    );
    expect(summary).not.toContain('Recording');
    expect(summary).not.toContain('GitHub Issue');
    expect(summary).not.toContain('GoogleCalendar');
  });
});
