import { scoreItem } from '@notewise/shared';
import { toIso } from '../../db/time';
import type { Timestamp } from '../../db/types';

/** The candidates of a search and their order, shared by Capture's list and the search page. */
export interface CandidateRow {
  id: string;
  project_id: string;
  title: string;
  tags: string;
  text: string;
  updated_at: Timestamp;
  pinned: number | boolean;
  /** SQLite only: the index's row id, the window's order there. */
  seq?: number;
}

/** Where a match lies in the window's order: SQLite's row id, PostgreSQL's (updated_at, id). */
export type WindowPosition = { seq: number } | { updatedAt: string; id: string };

/** The search page's narrowing: one project, one kind of project, matches older than a position. */
export interface SearchScope {
  projectId?: string;
  kind?: 'personal' | 'shared';
  before?: WindowPosition;
}

/** A candidate with its score under the product's ranking (docs/product.md §9). */
export interface RankedRow {
  row: CandidateRow;
  item: { title: string; content: string; tags: string[] };
  score: number;
  updatedAt: string;
}

/**
 * Scores candidates and orders them best first, then newest, then by id: a total order, so a page
 * boundary (score, updatedAt, id) is the same on every request. Misspelt words are scored as their
 * best correction, so 'reserch' ranks 'research' notes.
 */
export function rankRows(rows: CandidateRow[], query: string, terms: QueryTerm[]): RankedRow[] {
  const corrected = terms.some((term) => term.corrected)
    ? terms.map((term) => (term.corrected ? term.terms[0] : term.word)).join(' ')
    : undefined;
  return rows
    .map((row) => {
      const item = { title: row.title, content: row.text, tags: JSON.parse(row.tags) as string[] };
      const score = Math.max(scoreItem(item, query), corrected ? scoreItem(item, corrected) : 0);
      return { row, item, score, updatedAt: toIso(row.updated_at) };
    })
    .filter((entry) => entry.score > 0)
    .sort(compareRanked);
}

export function compareRanked(
  a: { score: number; updatedAt: string; row: { id: string } },
  b: { score: number; updatedAt: string; row: { id: string } },
): number {
  return (
    b.score - a.score ||
    (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0) ||
    (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0)
  );
}

/** One query word as the index sees it: the exact words of the notes it stands for. */
export interface QueryTerm {
  word: string;
  /** The word itself, its completions (last word) or its corrections (a word no note contains). */
  terms: string[];
  corrected: boolean;
}
