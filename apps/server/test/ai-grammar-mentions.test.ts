import { describe, expect, it } from 'vitest';
import { collect } from '../src/engines/ai/builtin/eval/builtin-engine';
import { evaluateInserted, loadInsertedSet } from '../src/engines/ai/builtin/eval/score-inserted';
import { fixGrammar } from '../src/engines/ai/builtin/grammar';
import { ownWordsOf } from '../src/engines/ai/builtin/own-words';

// Handles written once in lower case where only a person goes (decision 093). The development case
// grammar-dev-mentions/ is four excerpts of rust-lang/compiler-team's meeting agendas; before the
// rules below the engine changed 'oli' to 'oil' three times and 'moxian' to 'median'.
const MENTIONS = new URL('./fixtures/third-party/grammar-dev-mentions/', import.meta.url);

/** Terms (not people) the engine still changes in that set: named so that any new change fails. */
const KNOWN_TERM_DAMAGE = [
  '01-compiler-agenda-2020-06-04: "checkins" -> "checking"',
  '01-compiler-agenda-2020-06-04: "rvalue" -> "revalue"',
  '02-compiler-agenda-2020-09-17: "rustls" -> "rustle"',
];

describe('handles where only a person goes', () => {
  it("Zulip's mentions '@**oli**' and '@_**oli**'", () => {
    const own = ownWordsOf('checkin by @**oli**:\n\ncc @**Simon Vandel Sillesen** @_**moxian**');
    for (const handle of ['oli', 'moxian']) expect(own.people.has(handle), handle).toBe(true);
  });

  it("after 'assigned to', 'r?', 'r=' and 'PR by' / 'opened by', but not a gerund after 'by'", () => {
    const own = ownWordsOf(
      '- assigned to zyx\n- r? qwo, r=abq\n- PR by xul, opened by vep\n- fixed by reinstaling the package',
    );
    for (const handle of ['zyx', 'qwo', 'abq', 'xul', 'vep'])
      expect(own.people.has(handle), handle).toBe(true);
    expect(own.allowed.has('reinstaling')).toBe(false);
  });

  it("an owner opening an action line or sentence, not a hard-wrapped line's first word", () => {
    const own = ownWordsOf(
      [
        '- niko to post a comment',
        'Josh: zyx will write it up. qwo to follow up.',
        '',
        'many varied',
        'imrovements to the compiler, from one',
        'licesnse to another',
      ].join('\n'),
    );
    for (const handle of ['niko', 'zyx', 'qwo']) expect(own.allowed.has(handle), handle).toBe(true);
    for (const typo of ['imrovements', 'licesnse']) expect(own.allowed.has(typo), typo).toBe(false);
  });

  it('on the development case: no handle changed, only the known terms', { timeout: 120_000 }, async () => {
    const report = await evaluateInserted(loadInsertedSet(MENTIONS), (text) => collect(fixGrammar(text)));
    expect(report.damagedNames).toEqual([]);
    expect(report.damagedWords).toEqual(KNOWN_TERM_DAMAGE);
  });
});
