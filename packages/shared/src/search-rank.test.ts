import { describe, expect, it } from 'vitest';
import { rankItems, scoreItem, stringSimilarity, titleSimilarity } from './search-rank';

const note = (title: string, content = '', tags: string[] = []) => ({ title, content, tags });

describe('search ranking (docs/product.md §9)', () => {
  it('scores nothing for an empty query or no match', () => {
    expect(scoreItem(note('Groceries', 'milk'), '   ')).toBe(0);
    expect(scoreItem(note('Groceries', 'milk'), 'zebra')).toBe(0);
  });

  it('adds 100 for the full phrase in a field, per field', () => {
    // The phrase sits mid-word: no start-of-word bonus, and the title is not similar enough (< 0.7).
    const inTitle = scoreItem(note('zzzbudget planzzz', ''), 'budget plan');
    // 'plan' starts the word 'planzzz', so its bonus doubles.
    expect(inTitle).toBe(100 + 10 + 20);
    const inBoth = scoreItem(note('zzzbudget planzzz', 'zbudget planz'), 'budget plan');
    expect(inBoth).toBe(200 + 10 + 20 + 5 + 10);
  });

  it('adds 10 per word in the title and 5 per word elsewhere', () => {
    expect(scoreItem(note('zzzbudgetzzz', ''), 'budget')).toBe(100 + 10);
    expect(scoreItem(note('x', 'abudgetz'), 'budget')).toBe(100 + 5);
    expect(scoreItem(note('zzzbudgetzzz', 'aplanz'), 'budget plan')).toBe(10 + 5);
  });

  it('doubles a word bonus when the word starts a word of the field', () => {
    expect(scoreItem(note('my budget', ''), 'bud')).toBe(100 + 20);
    expect(scoreItem(note('x', 'my budget'), 'bud')).toBe(100 + 10);
    expect(scoreItem(note('abud', ''), 'bud')).toBe(100 + 10);
  });

  it('adds 20 x similarity above 0.7 to the title, only for queries over 3 characters', () => {
    // 'meetng' is a typo of 'meeting': no substring match, similarity 6/7.
    const sim = stringSimilarity('meetng', 'meeting');
    expect(sim).toBeCloseTo(6 / 7);
    expect(scoreItem(note('Weekly meeting'), 'meetng')).toBeCloseTo(20 * sim);
    expect(titleSimilarity('meetng', 'Weekly meeting')).toBeCloseTo(sim);
    // Three characters is not over 3: no similarity bonus.
    expect(scoreItem(note('cat'), 'cst')).toBe(0);
    // Below the threshold adds nothing.
    expect(scoreItem(note('Groceries'), 'grapefruit')).toBe(0);
  });

  it('stops comparing early only where the answer cannot pass the floor', () => {
    // A plain dynamic-programming Levenshtein as the reference.
    const reference = (a: string, b: string) => {
      const rows = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++)
          rows[i]![j] = Math.min(
            rows[i - 1]![j]! + 1,
            rows[i]![j - 1]! + 1,
            rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
          );
      const longer = Math.max(a.length, b.length);
      return longer === 0 ? 1 : 1 - rows[a.length]![b.length]! / longer;
    };
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const word = () =>
      Array.from({ length: 1 + Math.floor(random() * 9) }, () => 'abcde'[Math.floor(random() * 5)]).join('');
    for (let i = 0; i < 2000; i++) {
      const a = word();
      const b = random() < 0.3 ? a.slice(1) + word().slice(0, 1) : word();
      const floor = [-1, 0, 0.5, 0.7][i % 4]!;
      const exact = reference(a, b);
      const fast = stringSimilarity(a, b, floor);
      if (exact > floor) expect(fast).toBeCloseTo(exact, 10);
      else expect(fast).toBeLessThanOrEqual(floor + 1e-12);
    }
    // A long title against a typo: the same score as without the early stop.
    expect(titleSimilarity('quartely report', 'The quarterly report for May', 0.7)).toBeCloseTo(
      reference('quartely report', 'quarterly report'),
    );
  });

  it('adds 50 for the phrase in a tag and 15 per word in a tag', () => {
    expect(scoreItem(note('x', '', ['work-travel']), 'travel')).toBe(50 + 15);
    expect(scoreItem(note('x', '', ['work travel']), 'work travel')).toBe(50 + 15 + 15);
    expect(scoreItem(note('x', '', ['travelling', 'work']), 'work travel')).toBe(15 + 15);
  });

  it('is case-insensitive', () => {
    expect(scoreItem(note('Budget'), 'BUDGET')).toBe(scoreItem(note('budget'), 'budget'));
  });

  it('returns at most 10 matches, best first, newest first among equals', () => {
    const items = Array.from({ length: 15 }, (_, i) => note(`note ${i}`, 'plan'));
    items.push(note('plan', 'plan'));
    const ranked = rankItems(items, 'plan');
    expect(ranked).toHaveLength(10);
    expect(ranked[0]?.item.title).toBe('plan');
    expect(ranked.slice(1).map((r) => r.item.title)).toEqual(items.slice(0, 9).map((i) => i.title));
    expect(rankItems(items, 'nothing-like-it')).toEqual([]);
  });
});
