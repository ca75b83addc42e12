import { describe, expect, it } from 'vitest';
import { structureText } from '../src/engines/ai/builtin/structure';

// Minutes label their tasks ('**ACTION**: Jenn to ...', 'AI: set a date ...', 'TODO by [Jenn
// Bonner]: ...', items under 'Next steps'): each such line becomes a checklist item with its label,
// owner and every word kept; headings, agenda items and reports that only look like them stay as
// they are (OpenSSF TAC and Node.js package-maintenance minutes, dev keys 60-64, decision 100).
const checked = (output: string) =>
  output.split('\n').flatMap((line) => /^[ \t]*- \[ \] (.*)$/.exec(line)?.[1] ?? []);

const words = (text: string) => text.replace(/\[ \]/g, '').match(/[\p{L}\d]+/gu) ?? [];

describe('labelled action lines', () => {
  it.each([
    ['ACTION: Sam to send the deck to the board.'],
    ['**ACTION**: staff to share the survey results'],
    ['**Action:** Jenn to update the Doodle poll'],
    ['Action Item: Priya will book the room for Thursday.'],
    ['AI: Sam to update the release notes.'],
    ['AI: set a target date for the vote'],
    ['[AI] Bob to draft the charter'],
    ['TODO(sam): remove the feature flag'],
    ['TODO by [Jenn Bonner]: Double check permissions on GitHub repos'],
    ['@sam to review the PR'],
    ['@ghinks to PR into README.MD'],
  ])('%s: a checklist item, label and owner kept', (line) => {
    expect(checked(structureText(line))).toEqual([line]);
    expect(checked(structureText(`* Release 2.4\n  * ${line}`))).toEqual([line]);
  });

  it("keeps a typed '- [ ]' item a checklist item", () => {
    expect(checked(structureText('- [ ] Sam to send the deck\n- [ ] Priya to book the room'))).toEqual([
      'Sam to send the deck',
      'Priya to book the room',
    ]);
  });

  it("makes the items under a 'Next steps' or 'Series of actions:' item tasks, not the label", () => {
    const output = structureText(
      [
        '* Charters',
        '  * Many of the charters are not filled out',
        '  * Series of actions:',
        '    * Identify template charter',
        '    * Copy into ossf/template',
        '  * Next steps',
        '    * Open issue to write best practice.  @dominykas.',
        '    * Who owns the template?',
        '* Budget review',
      ].join('\n'),
    );
    expect(checked(output)).toEqual([
      'Identify template charter',
      'Copy into ossf/template',
      'Open issue to write best practice.  @dominykas.',
    ]);
    expect(output).toContain('  - Series of actions:\n');
    expect(output).toContain('- Budget review');
  });

  it("makes a heading of 'Action items' typed over its tasks, never a task", () => {
    const output = structureText(
      'Meeting notes\n\nAction items\nSam to send the deck\nPriya to book the room\n\nNext meeting in May.',
    );
    expect(output).toContain('## Action items\n');
    expect(checked(output)).toEqual(['Sam to send the deck', 'Priya to book the room']);
  });

  it('leaves the look-alikes as they are', () => {
    const input = [
      '## Action items',
      '',
      '- Sam fixed the flaky test',
      '- Priya sent the deck',
      '',
      '## Agenda',
      '',
      '- Action items from last week',
      '- [Jenn Bonner] Action Item follow-up: Scheduling regular reporting cadence',
      '- Action does not support it',
      '- Next steps on Support levels in Package.json',
      '',
      'Actions taken last week: we moved the servers.',
      '',
      'Sam fixed the login bug on Monday.',
      '',
      'ACTION: none',
      '',
      'AI: models are getting better every month.',
    ].join('\n');
    const output = structureText(input);
    expect(checked(output)).toEqual([]);
    expect(output).toContain('## Action items');
    expect(words(output)).toEqual(words(input));
  });

  it('keeps every word of labelled minutes in its order', () => {
    const input = [
      '* (Jenn) Town Hall',
      '  * **ACTION**: Jenn to send follow-up to WG leads. Identify speakers by next TAC call.',
      '* Pyrsia',
      '  * AI: set a target date for a TAC vote, and then schedule Pyrsia for review',
      '  * TODO by [Jenn Bonner]: Double check permissions – TAC should have admin permissions.',
    ].join('\n');
    const output = structureText(input);
    expect(checked(output)).toHaveLength(3);
    expect(words(output)).toEqual(words(input));
  });
});
