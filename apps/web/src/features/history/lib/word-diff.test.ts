import { describe, expect, it } from 'vitest';
import { type DiffPart, diffWords, MAX_DIFF_WORDS, tokenize } from './word-diff';

const side = (parts: DiffPart[], drop: DiffPart['kind']) =>
  parts
    .filter((part) => part.kind !== drop)
    .map((part) => part.text)
    .join('');

/** Tokens kept by a longest common subsequence (dynamic programming), to check the diff is minimal. */
function lcsLength(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const token of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j] as number;
      row[j] = token === b[j - 1] ? diagonal + 1 : Math.max(up, row[j - 1] as number);
      diagonal = up;
    }
  }
  return row[b.length] as number;
}

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('diffWords', () => {
  it('marks an added and a removed word, and keeps the rest', () => {
    expect(diffWords('The quick brown fox', 'The slow brown fox jumps')).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'added', text: 'slow' },
      { kind: 'same', text: ' brown fox' },
      { kind: 'added', text: ' jumps' },
    ]);
  });

  it('compares punctuation apart from the word beside it', () => {
    expect(tokenize("Don't stop, well-known.")).toEqual(["Don't", ' ', 'stop', ',', ' ', 'well-known', '.']);
    expect(diffWords('Hello world.', 'Hello world!')).toEqual([
      { kind: 'same', text: 'Hello world' },
      { kind: 'removed', text: '.' },
      { kind: 'added', text: '!' },
    ]);
  });

  it('handles empty sides', () => {
    expect(diffWords('', '')).toEqual([]);
    expect(diffWords('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
    expect(diffWords('old text', '')).toEqual([{ kind: 'removed', text: 'old text' }]);
  });

  it('rebuilds both texts and keeps a longest common subsequence (random texts)', () => {
    const random = seeded(7);
    const words = ['a', 'b', 'c', 'd', ' ', '\n', '.'];
    const text = () =>
      Array.from(
        { length: Math.floor(random() * 40) },
        () => words[Math.floor(random() * words.length)],
      ).join('');
    for (let run = 0; run < 300; run++) {
      const before = text();
      const after = text();
      const parts = diffWords(before, after);
      expect(parts).not.toBeNull();
      if (!parts) continue;
      expect(side(parts, 'added')).toBe(before);
      expect(side(parts, 'removed')).toBe(after);
      // Minimal: every token not removed is kept, and that is as many as a longest common subsequence.
      const removedTokens = parts.filter((p) => p.kind === 'removed').flatMap((p) => tokenize(p.text)).length;
      expect(tokenize(before).length - removedTokens).toBe(lcsLength(tokenize(before), tokenize(after)));
    }
  });

  it('stays quick on a long note changed at both ends', () => {
    const body = Array.from({ length: 15_000 }, (_, i) => `word${i % 97}`).join(' ');
    // The same 2 s, as CPU time rather than wall time (decision 114): a loaded machine stretches
    // the wall clock, not the work.
    const cpuBefore = process.cpuUsage();
    const parts = diffWords(`Start ${body} end`, `Begin ${body} finish`);
    const cpu = process.cpuUsage(cpuBefore);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(2_000);
    expect(parts?.filter((p) => p.kind !== 'same').map((p) => p.text)).toEqual([
      'Start',
      'Begin',
      'end',
      'finish',
    ]);
  });

  it('gives up past the word limit or when nearly everything differs', () => {
    const long = 'w '.repeat(MAX_DIFF_WORDS + 1);
    expect(diffWords(long, 'w')).toBeNull();
    const a = Array.from({ length: 5_000 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: 5_000 }, (_, i) => `b${i}`).join(' ');
    expect(diffWords(a, b)).toBeNull();
  });
});
