import { SEARCH_RESULT_LIMIT } from './constants';

/** docs/product.md §9 scoring, applied by the server to the database's top candidates. */
export const SEARCH_SCORES = {
  phrase: 100,
  titleWord: 10,
  otherWord: 5,
  startOfWordFactor: 2,
  similarityFactor: 20,
  similarityThreshold: 0.7,
  similarityMinQueryLength: 4,
  tagPhrase: 50,
  tagWord: 15,
} as const;

export interface Rankable {
  title: string;
  /** Plain text of the note (no Markdown or HTML). */
  content: string;
  tags: readonly string[];
}

export function normalizeQuery(query: string): { phrase: string; words: string[] } {
  const phrase = query.trim().toLowerCase().replace(/\s+/g, ' ');
  const words = [...new Set(phrase.split(' ').filter(Boolean))];
  return { phrase, words };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiled patterns by word: a Unicode-class pattern costs more to compile than to run. */
const startOfWordPatterns = new Map<string, RegExp>();

/** True when `word` occurs in `field` right at the start of one of its words. */
function startsAWord(field: string, word: string): boolean {
  let pattern = startOfWordPatterns.get(word);
  if (!pattern) {
    if (startOfWordPatterns.size >= 1000) startOfWordPatterns.clear();
    pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}`, 'u');
    startOfWordPatterns.set(word, pattern);
  }
  return pattern.test(field);
}

/** Two rows reused by every comparison: a search compares hundreds of titles. */
let previousRow = new Uint32Array(64);
let currentRow = new Uint32Array(64);

/**
 * Levenshtein distance over UTF-16 code units, exact up to `limit`; past it, the comparison stops and
 * returns a lower bound above `limit` (a row's minimum never falls in the rows below it).
 */
function editDistance(a: string, b: string, limit: number): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  if (Math.abs(a.length - b.length) > limit) return Math.abs(a.length - b.length);
  if (previousRow.length <= b.length) {
    previousRow = new Uint32Array(b.length * 2 + 1);
    currentRow = new Uint32Array(b.length * 2 + 1);
  }
  let previous = previousRow;
  let current = currentRow;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const letter = a.charCodeAt(i - 1);
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = letter === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return rowMinimum;
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? 0;
}

/**
 * 1 for equal strings, 0 for nothing in common: 1 - distance / longer length. Exact when above
 * `floor`; at or below it, some value not above `floor` (the comparison stops early).
 */
export function stringSimilarity(a: string, b: string, floor = -1): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  // The largest distance whose similarity is above the floor.
  const limit = Math.ceil((1 - floor) * longer) - 1;
  return 1 - editDistance(a, b, limit) / longer;
}

/**
 * How close the query is to the title: the best of the whole title and every run of title words as
 * long as the query, so 'meetng notes' is close to 'Weekly meeting notes'. Exact when above `floor`
 * (scoring only asks whether it passes a threshold, which lets most comparisons stop early).
 */
export function titleSimilarity(phrase: string, title: string, floor = -1): number {
  const cleanTitle = title.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 200);
  let best = stringSimilarity(phrase, cleanTitle, floor);
  const titleWords = cleanTitle.split(' ').filter(Boolean);
  const span = Math.max(1, phrase.split(' ').length);
  for (let i = 0; i + span <= titleWords.length; i++) {
    best = Math.max(
      best,
      stringSimilarity(phrase, titleWords.slice(i, i + span).join(' '), Math.max(floor, best)),
    );
  }
  return best;
}

export function scoreItem(item: Rankable, query: string): number {
  const { phrase, words } = normalizeQuery(query);
  if (!phrase) return 0;
  const s = SEARCH_SCORES;
  const title = item.title.toLowerCase();
  const content = item.content.toLowerCase();
  let score = 0;

  for (const field of [title, content]) if (field.includes(phrase)) score += s.phrase;

  for (const word of words) {
    if (title.includes(word)) score += s.titleWord * (startsAWord(title, word) ? s.startOfWordFactor : 1);
    if (content.includes(word)) score += s.otherWord * (startsAWord(content, word) ? s.startOfWordFactor : 1);
  }

  if (phrase.length >= s.similarityMinQueryLength) {
    const similarity = titleSimilarity(phrase, title, s.similarityThreshold);
    if (similarity > s.similarityThreshold) score += s.similarityFactor * similarity;
  }

  for (const rawTag of item.tags) {
    const tag = rawTag.toLowerCase();
    if (tag.includes(phrase)) score += s.tagPhrase;
    for (const word of words) if (tag.includes(word)) score += s.tagWord;
  }
  return score;
}

/**
 * Scores every item, drops those that do not match at all and returns the best `limit`, keeping the
 * input order (the caller passes newest first) among equal scores.
 */
export function rankItems<T extends Rankable>(
  items: readonly T[],
  query: string,
  limit: number = SEARCH_RESULT_LIMIT,
): { item: T; score: number }[] {
  return items
    .map((item, index) => ({ item, index, score: scoreItem(item, query) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map(({ item, score }) => ({ item, score }));
}
