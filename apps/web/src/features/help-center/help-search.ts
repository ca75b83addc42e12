import { normalizeQuery, rankItems, SEARCH_RESULT_LIMIT } from '@notewise/shared';
import type { HelpArticle } from './help-articles';

export interface HelpSearchResult {
  article: HelpArticle;
  score: number;
  /** A stretch of the article around the first matched word, for the results list. */
  excerpt: string;
}

const EXCERPT_LENGTH = 140;

function excerptAround(text: string, words: readonly string[]): string {
  const lower = text.toLowerCase();
  const hits = words.map((word) => lower.indexOf(word)).filter((index) => index >= 0);
  const first = hits.length > 0 ? Math.min(...hits) : 0;
  const start = Math.max(0, first - 40);
  const slice = text
    .slice(start, start + EXCERPT_LENGTH)
    .replace(/\s+/g, ' ')
    .trim();
  return `${start > 0 ? '…' : ''}${slice}${start + EXCERPT_LENGTH < text.length ? '…' : ''}`;
}

/**
 * docs/product.md §2 and §9: case-insensitive over title, content and keywords, ranked by the product's own note
 * search scoring (keywords count as tags), at most 10 results. An empty list means "show the overview".
 */
export function searchHelp(articles: readonly HelpArticle[], query: string): HelpSearchResult[] {
  const { words } = normalizeQuery(query);
  if (words.length === 0) return [];
  const rankable = articles.map((article) => ({
    article,
    title: article.title,
    content: article.plainText,
    tags: article.keywords,
  }));
  return rankItems(rankable, query, SEARCH_RESULT_LIMIT).map(({ item, score }) => ({
    article: item.article,
    score,
    excerpt: excerptAround(item.article.plainText, words),
  }));
}

export interface HighlightPart {
  text: string;
  match: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Splits text into matched and unmatched runs of the query's words (case-insensitive), for <mark>. */
export function highlightParts(text: string, query: string): HighlightPart[] {
  const { words } = normalizeQuery(query);
  if (words.length === 0) return [{ text, match: false }];
  const pattern = new RegExp(
    `(${[...words]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})`,
    'gi',
  );
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: words.includes(part.toLowerCase()) }));
}
