import { describe, expect, it } from 'vitest';
import {
  allTrigramsIn,
  oneEditAway,
  plausibleEditsAway,
  trigramTable,
} from '../src/engines/ai/builtin/spelling-edits';

// The spelling engine's candidates one edit away are built only where every three-letter run is
// known (decision 083): the same strings, in the same order, as filtering every string one edit away.
describe('candidates one edit away, filtered by three-letter runs', () => {
  const table = trigramTable(
    'the there their then than with have were would about which people because between language separate receive occurred configuration'.split(
      ' ',
    ),
  );

  it('are exactly the strings one edit away whose runs are all known, in the same order', () => {
    const words = ['teh', 'thier', 'recieve', 'occured', 'seperate', 'abuot', 'whihc', 'x', "it's"];
    // Every table word with a letter dropped, and a fixed pseudo-random set of short strings.
    for (const word of ['there', 'because', 'between', 'language', 'configuration'])
      for (let i = 0; i < word.length; i += 1) words.push(word.slice(0, i) + word.slice(i + 1));
    let seed = 83;
    for (let n = 0; n < 300; n += 1) {
      let word = '';
      const length = 2 + (n % 9);
      for (let i = 0; i < length; i += 1) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        word += 'etaoinshrdlucmwbpgvy'[seed % 20];
      }
      words.push(word);
    }
    let kept = 0;
    for (const word of words) {
      const expected = [...oneEditAway(word)].filter((candidate) => allTrigramsIn(table, `^${candidate}$`));
      const got = [...plausibleEditsAway(word, table)];
      expect(got, word).toEqual(expected);
      kept += got.length;
    }
    expect(kept).toBeGreaterThan(60);
    expect([...plausibleEditsAway('teh', table)]).toContain('the');
    expect([...plausibleEditsAway('thier', table)]).toContain('their');
  });

  it('never keeps a letter outside a-z or a run no word has', () => {
    expect(allTrigramsIn(table, '^the$')).toBe(true);
    expect(allTrigramsIn(table, "^it's$")).toBe(false);
    expect(allTrigramsIn(table, '^thq$')).toBe(false);
    expect([...plausibleEditsAway('thq', table)].every((c) => allTrigramsIn(table, `^${c}$`))).toBe(true);
  });
});
