import { cutLine } from './text';

/** A word as the search index compares it: lower case, accents removed (FTS5 remove_diacritics). */
export function foldWord(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

/**
 * Where the words of `text` that a search matched lie, as [start, end) offsets. `terms` are the words
 * the server searched for (the query's words, the last word's completions, the corrections of a
 * misspelt word): a highlight marks exactly the words that made a note a match.
 */
export function matchRanges(text: string, terms: readonly string[]): Array<[number, number]> {
  if (terms.length === 0 || text.length === 0) return [];
  const wanted = new Set(terms.map(foldWord));
  const ranges: Array<[number, number]> = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (wanted.has(foldWord(match[0]))) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

/**
 * One line of a note's text of at most `length` characters that shows its first matched word: the
 * start of the text when the word lies within it, otherwise a window that starts a little before the
 * word, marked with a leading ellipsis.
 */
export function matchExcerpt(text: string, terms: readonly string[], length: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const first = matchRanges(line, terms)[0];
  if (!first || first[1] <= length - 1) return cutLine(line, length);
  const lead = Math.min(40, Math.floor(length / 3));
  let start = Math.max(0, first[0] - lead);
  // Start at a word boundary when one is near, not mid-word.
  const space = line.indexOf(' ', start);
  if (space !== -1 && space < first[0]) start = space + 1;
  // cutLine may add a closing ellipsis: both ellipses fit within `length`.
  return `…${cutLine(line.slice(start), length - 2)}`;
}
