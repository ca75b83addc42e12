import { matchExcerpt, PREVIEW_LENGTHS, type SearchResponse } from '@notewise/shared';
import { z } from 'zod';
import { toIso } from '../../db/time';
import { cursorId, cursorTimestamp, decodeCursor, encodeCursor } from '../../http/pagination';
import {
  type CandidateRow,
  compareRanked,
  type RankedRow,
  rankRows,
  type WindowPosition,
} from './ranked-rows';
import { MATCH_WINDOW, type SearchRepo } from './search.repo';

/**
 * A page of search results (decision 055). The window of the newest 500 matches is ranked whole, as
 * for Capture's list (decisions 016, 037), and paged by its total order (score, updatedAt, id); past
 * the window the older matches follow newest first, so every match a user may see is reachable. A
 * cursor is the last item's key in one of these two phases.
 */
const positionSchema = z.union([
  z.strictObject({ seq: z.number().int().min(0) }),
  z.strictObject({ updatedAt: cursorTimestamp, id: cursorId }),
]);
const cursorSchema = z.union([
  z.strictObject({ p: z.literal('ranked'), s: z.number(), u: cursorTimestamp, i: cursorId }),
  z.strictObject({ p: z.literal('older'), b: positionSchema }),
]);
type SearchCursor = z.infer<typeof cursorSchema>;

export interface SearchPageQuery {
  q: string;
  cursor?: string;
  limit: number;
  projectId?: string;
  kind?: 'personal' | 'shared';
}

const positionOf = (row: CandidateRow): WindowPosition =>
  row.seq !== undefined && row.seq !== null
    ? { seq: Number(row.seq) }
    : { updatedAt: toIso(row.updated_at), id: row.id };

const encode = (cursor: SearchCursor) => encodeCursor(cursor as unknown as Record<string, string | number>);

export async function searchPage(
  search: SearchRepo,
  userId: string,
  query: SearchPageQuery,
): Promise<SearchResponse> {
  const after = decodeCursor(query.cursor, cursorSchema);
  const terms = await search.terms(query.q);
  if (terms.length === 0) return { results: [], nextCursor: null, terms: [] };
  const words = [...new Set(terms.flatMap((term) => term.terms))];
  const scope = { projectId: query.projectId, kind: query.kind };
  const { limit } = query;

  const page: RankedRow[] = [];
  let next: SearchCursor | null = null;
  let boundary: WindowPosition | undefined;
  if (after === undefined || after.p === 'ranked') {
    const rows = await search.candidates(userId, terms, scope, MATCH_WINDOW);
    let ranked = rankRows(rows, query.q, terms);
    if (after) {
      const key = { score: after.s, updatedAt: after.u, row: { id: after.i } };
      ranked = ranked.filter((entry) => compareRanked(entry, key) > 0);
    }
    page.push(...ranked.slice(0, limit));
    const last = page.at(-1);
    if (ranked.length > limit && last) {
      next = { p: 'ranked', s: last.score, u: last.updatedAt, i: last.row.id };
    } else if (rows.length === MATCH_WINDOW) {
      const oldest = rows.at(-1);
      if (oldest) boundary = positionOf(oldest);
    }
  } else {
    boundary = after.b;
  }

  if (boundary && next === null) {
    const wanted = limit - page.length;
    if (wanted === 0) {
      next = { p: 'older', b: boundary };
    } else {
      // Past the window: newest first, each with its score for display (the index matched a word).
      const older = await search.candidates(userId, terms, { ...scope, before: boundary }, wanted + 1);
      const kept = older.slice(0, wanted);
      const scores = new Map(rankRows(kept, query.q, terms).map((entry) => [entry.row.id, entry.score]));
      for (const row of kept) {
        page.push({
          row,
          item: { title: row.title, content: row.text, tags: JSON.parse(row.tags) as string[] },
          score: scores.get(row.id) ?? 0,
          updatedAt: toIso(row.updated_at),
        });
      }
      const oldest = kept.at(-1);
      if (older.length > wanted && oldest) next = { p: 'older', b: positionOf(oldest) };
    }
  }

  return {
    results: page.map(({ row, item, score, updatedAt }) => ({
      id: row.id,
      projectId: row.project_id,
      title: item.title,
      preview: matchExcerpt(item.content, words, PREVIEW_LENGTHS.captureSearch),
      tags: item.tags,
      score: Math.round(score * 100) / 100,
      pinned: Boolean(row.pinned),
      updatedAt,
    })),
    nextCursor: next ? encode(next) : null,
    terms: words,
  };
}
