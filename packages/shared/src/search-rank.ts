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

/** Levenshtein distance, bounded work: both strings are short (a query, a title). */
function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** 1 for equal strings, 0 for nothing in common: 1 - distance / longer length. */
export function stringSimilarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - editDistance(a, b) / longer;
}

/**
 * How close the query is to the title: the best of the whole title and every run of title words as
 * long as the query, so 'meetng notes' is close to 'Weekly meeting notes'.
 */
export function titleSimilarity(phrase: string, title: string): number {
  const cleanTitle = title.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 200);
  let best = stringSimilarity(phrase, cleanTitle);
  const titleWords = cleanTitle.split(' ').filter(Boolean);
  const span = Math.max(1, phrase.split(' ').length);
  for (let i = 0; i + span <= titleWords.length; i++) {
    best = Math.max(best, stringSimilarity(phrase, titleWords.slice(i, i + span).join(' ')));
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
    const similarity = titleSimilarity(phrase, title);
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
