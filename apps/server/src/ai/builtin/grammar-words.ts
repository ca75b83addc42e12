/**
 * Word-level helpers shared by the grammar passes: which words are prose, how far apart two
 * spellings are, and which spellings are regional variants of each other.
 */

export interface Edit {
  start: number;
  end: number;
  replacement: string;
}

export const LOWER_CASE_WORD = /^[a-z]+(?:'[a-z]+)?$/;

/**
 * A word written as prose: not part of a file name, path, identifier, hashtag, e-mail or
 * hyphenated compound ('package.json', 'co-host', 'getUserId()', '#releases').
 */
export function isProseWord(text: string, start: number, end: number): boolean {
  const before = text[start - 1] ?? ' ';
  const after = text[end] ?? ' ';
  if (/[\p{L}\p{N}_./@#\\'’-]/u.test(before)) return false;
  if (/[\p{L}\p{N}_/@(\\'’-]/u.test(after)) return false;
  return !(after === '.' && /[\p{L}\p{N}]/u.test(text[end + 1] ?? ''));
}

/** Optimal string alignment distance, stopping early above 2 (only 0, 1 and 'more' matter here). */
export function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 1) return 2;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows[i] = [];
    for (let j = 0; j <= b.length; j += 1) {
      if (i === 0 || j === 0) {
        (rows[i] as number[])[j] = i + j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (rows[i - 1]?.[j] ?? 0) + 1,
        (rows[i]?.[j - 1] ?? 0) + 1,
        (rows[i - 1]?.[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return rows[a.length]?.[b.length] ?? 2;
}

/** British and American spellings of one word ('colour'/'color', 'organise'/'organize') are both right. */
export function isRegionalVariant(word: string, suggestion: string): boolean {
  return americanSpelling(word) === americanSpelling(suggestion);
}

/** A British spelling written the American way ('parallelises' -> 'parallelizes', 'colour' -> 'color'). */
export function americanSpelling(word: string): string {
  const american = (w: string) =>
    w
      .replace(/our/g, 'or')
      .replace(/is(e|es|ed|ing|ation|ations)$/, 'iz$1')
      .replace(/ys(e|es|ed|ing)$/, 'yz$1')
      .replace(/tre(s?)$/, 'ter$1')
      .replace(/ogue(s?)$/, 'og$1')
      .replace(/ll(ed|ing|er|ers)$/, 'l$1')
      .replace(/(def|off|lic|pret)ence$/, '$1ense');
  return american(word);
}
