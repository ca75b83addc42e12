import { describe, expect, it } from 'vitest';
import { ownWordsOf } from '../src/engines/ai/builtin/own-words';

// Lower-case handles used as people in meeting minutes are never corrected nor capitalised
// (decision 083); each case is a shape from rust-lang/libs-team's minutes.
describe('people in a note, written once in lower case', () => {
  it('a handle before a verb after a speaker label, or asked about', () => {
    const own = ownWordsOf(
      "Nia: oli nominated this. Seems trivial.\n\nJosh: zyx is driving this.\n\nDidn't qwo want that too?",
    );
    for (const handle of ['oli', 'zyx', 'qwo']) expect(own.people.has(handle), handle).toBe(true);
    expect(own.allowed.has('oli')).toBe(true);
  });

  it('handles in a list of names among capitalised ones, on a wrapped attendee line or under an attendee heading', () => {
    const own = ownWordsOf(
      [
        'Team: Josh, Niko, centril, Felix Klock and scottmcm',
        '',
        'Attending: aidanhs, Mark-Simulacrum, pietroalbini,',
        'shepmaster',
        '',
        '## Attendees',
        '',
        '- tmandry',
        '- Josh',
        '',
        'We bought apples, pears, and plums.',
      ].join('\n'),
    );
    for (const handle of ['centril', 'scottmcm', 'aidanhs', 'shepmaster', 'tmandry'])
      expect(own.people.has(handle), handle).toBe(true);
    // A sentence listing things is no list of names.
    for (const word of ['apples', 'pears', 'plums']) expect(own.people.has(word), word).toBe(false);
  });

  it("a transcript's lower-case speaker labels, but not a lone label or a stop word", () => {
    const transcript = ownWordsOf('Josh: We could.\nthomcc: Ship it.\nNia: Fine.\n\nthe end: no.');
    expect(transcript.people.has('thomcc')).toBe(true);
    expect(transcript.people.has('the')).toBe(false);
    expect(ownWordsOf('note: this is a draft.').people.has('note')).toBe(false);
  });
});
