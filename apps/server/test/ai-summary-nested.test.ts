import { describe, expect, it } from 'vitest';
import { summarizeText } from '../src/engines/ai/builtin/summarize';
import type { Unit } from '../src/engines/ai/builtin/summarize-choose';
import { joinClauses, splitClauses } from '../src/engines/ai/builtin/summarize-clauses';

/**
 * Minutes kept as nested lists (an agenda item, what was said under it): the outcome under an item
 * is a decision even in one word ('Approved.'), it keeps its item as its topic, and an item with
 * items under it (an issue's title) is no task (decision 082).
 */
const MINUTES = [
  '# Council meeting 2024-02-06',
  '',
  '## Present',
  '',
  '* Ana Ruiz (@ana)',
  '* Bo Chen (@bo)',
  '',
  '## Agenda',
  '',
  '### Announcements',
  '',
  'The summit in Lisbon takes place on 18 September and the call for talks closes on 1 May.',
  '',
  '### Issues',
  '',
  '* Adopt version 3 of the code of conduct [#12](https://example.com/12)',
  '  * Approved. OK to close.',
  '',
  '* Open up a community seat on the board [#14](https://example.com/14)',
  '  * Rough consensus to move forward with this.',
  '  * Bo to draft the charter changes.',
  '',
  '* Update the contributor guide [#15](https://example.com/15)',
  '  * See notes on #12.',
  '',
  '* Revamp the travel fund [#16](https://example.com/16)',
  '  * bundled with #14',
  '',
  '* Standardise on collaboration spaces [#17](https://example.com/17)',
  '  * CPC Director to decide when to give a courtesy update to the board',
  '',
  '## Dates and Reminders',
  '',
  'Please review our list of dates and reminders:',
  'https://example.com/dates',
].join('\n');

describe('summaries of minutes in nested lists', () => {
  it('keeps each outcome with its agenda item and takes no issue title for a task', () => {
    const summary = summarizeText(MINUTES);
    const lines = summary.split('\n');
    const line = (text: string) => lines.find((candidate) => candidate.includes(text)) ?? '';
    // 'Approved.' says what was decided only with the item it answers.
    expect(line('Approved.')).toContain('Adopt version 3 of the code of conduct');
    expect(line('Rough consensus to move forward')).toContain('Open up a community seat on the board');
    expect(line('bundled with #14')).toContain('Revamp the travel fund');
    expect(line('Bo to draft the charter changes.')).toContain('Open up a community seat');
    // The three outcomes are decisions, the title no task.
    const decisions = summary.slice(summary.indexOf('**Decisions:**'), summary.indexOf('**Action items:**'));
    expect(decisions).toContain('Approved.');
    expect(decisions).toContain('bundled with #14');
    const actions = summary.slice(summary.indexOf('**Action items:**'));
    expect(actions).toContain('Bo to draft the charter changes.');
    expect(actions).not.toContain('Update the contributor guide');
    // An owner of two words the tagger reads as a name ('CPC Director to decide ...') is an action item.
    expect(actions).toContain('CPC Director to decide when to give a courtesy update');
    // A line that only announces a link is no point.
    expect(summary).not.toContain('Please review');
  });
});

describe('long sentences as clauses', () => {
  const sentence =
    'Since the two prototypes presented at last week’s meeting were not liked by the whole team, Pietro continued experimenting, and the prototype shown this week was based around YAML anchors.';

  it('cuts a long sentence at its clause boundaries, never inside brackets', () => {
    expect(splitClauses(sentence).map((clause) => clause.text)).toEqual([
      'Since the two prototypes presented at last week’s meeting were not liked by the whole team, Pietro continued experimenting',
      'the prototype shown this week was based around YAML anchors.',
    ]);
    const bracketed =
      'We looked at the options (caching, and a CDN in front of the site) and picked the one with fewer moving parts.';
    expect(splitClauses(bracketed)).toHaveLength(1);
  });

  it('puts kept clauses back together in the note’s words', () => {
    const clauses = splitClauses(sentence).map(
      (clause, index, all) =>
        ({
          text: clause.text,
          joiner: clause.joiner,
          clause: index,
          sentence: 1,
          lastClause: index === all.length - 1,
        }) as Unit,
    );
    expect(joinClauses([clauses[1] as Unit]).map((unit) => unit.text)).toEqual([
      'The prototype shown this week was based around YAML anchors.',
    ]);
    expect(joinClauses([clauses[0] as Unit]).map((unit) => unit.text)).toEqual([
      'Since the two prototypes presented at last week’s meeting were not liked by the whole team, Pietro continued experimenting.',
    ]);
    expect(joinClauses(clauses).map((unit) => unit.text)).toEqual([sentence]);
  });
});
