/**
 * Word-level helpers shared by the grammar passes: which words are prose, how far apart two
 * spellings are, which spellings are regional variants of each other, double spaces, days and months.
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

/** Two or more spaces between words become one (not indentation, not a hard break, not in a table row). */
export function doubleSpaceEdits(text: string, isProtected: (start: number, end: number) => boolean): Edit[] {
  const edits: Edit[] = [];
  for (const match of text.matchAll(/(?<=[^\s|])( {2,})(?=[^\s|])/g)) {
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    if (/^\s*\|/.test(text.slice(lineStart, match.index))) continue;
    if (!isProtected(match.index, match.index + match[0].length))
      edits.push({ start: match.index, end: match.index + match[0].length, replacement: ' ' });
  }
  return edits;
}

/**
 * Harper's first suggestion for an unknown lower-case word, only when it is the single suggestion
 * one edit away ('sentense' -> 'sentence'; 'shud' has three: 'scud', 'shad', 'shed', so no fix),
 * or a day or month capitalised ('friday' -> 'Friday'; not 'electron' -> 'Electron'). Foreign words (non-ASCII letters), regional
 * spellings and words that would gain a capital ('octobre' -> 'October') are left alone.
 */
export function spellingFix(word: string, suggestions: string[]): string | undefined {
  if (!LOWER_CASE_WORD.test(word) || word.length < 4) return undefined;
  const first = suggestions[0];
  if (first === undefined) return undefined;
  if (first !== word && first.toLowerCase() === word) return CALENDAR_NAMES.has(first) ? first : undefined;
  if (first !== first.toLowerCase() || isRegionalVariant(word, first)) return undefined;
  const close = suggestions.filter((suggestion) => editDistance(word, suggestion.toLowerCase()) <= 1);
  return close.length === 1 && close[0] === first && editDistance(word, first) === 1 ? first : undefined;
}

/** A day or month written in lower case, capitalised ('friday' -> 'Friday'). */
export function calendarName(word: string, suggestions: string[]): string | undefined {
  const first = suggestions[0];
  return first && first !== word && first.toLowerCase() === word && CALENDAR_NAMES.has(first)
    ? first
    : undefined;
}

/** Names that are always capitalised in English: a spelling fix may capitalise these, nothing else. */
export const CALENDAR_NAMES: ReadonlySet<string> = new Set(
  'Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December'.split(
    ' ',
  ),
);
