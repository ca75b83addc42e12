import { describe, expect, it } from 'vitest';
import { matchExcerpt, matchRanges } from './search-highlight';

describe('search highlights', () => {
  it('marks whole words equal to a searched word, ignoring case and accents', () => {
    const text = 'Avocado toast; AVOCADOS and avocado-crème, not avo.';
    expect(matchRanges(text, ['avocado']).map(([a, b]) => text.slice(a, b))).toEqual(['Avocado', 'avocado']);
    expect(matchRanges('Crème brûlée', ['creme']).map(([a, b]) => 'Crème brûlée'.slice(a, b))).toEqual([
      'Crème',
    ]);
    expect(matchRanges(text, [])).toEqual([]);
  });

  it('keeps the start of the text when the match is in it, else the passage around it', () => {
    expect(matchExcerpt('Buy an avocado today', ['avocado'], 120)).toBe('Buy an avocado today');
    const long = `${'word '.repeat(60)}then the avocado arrives and more text follows here`;
    const excerpt = matchExcerpt(long, ['avocado'], 60);
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt).toContain('avocado');
    expect(excerpt.length).toBeLessThanOrEqual(60);
  });
});
