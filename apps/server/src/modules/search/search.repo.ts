import type { SearchResult } from '@notewise/shared';
import { normalizeQuery, PREVIEW_LENGTHS, rankItems, truncatePlainText } from '@notewise/shared';
import { type Kysely, sql } from 'kysely';
import { toIso } from '../../db/time';
import type { Database, Dialect, Timestamp } from '../../db/types';
import { memberOf } from '../projects/membership';

/** How many of the index's best candidates get SPEC's ranking; enough for a top 10, bounded work. */
export const CANDIDATE_LIMIT = 200;
const TITLE_CANDIDATE_LIMIT = 100;
const RANK_TEXT_LENGTH = 4000;

interface CandidateRow {
  id: string;
  project_id: string;
  title: string;
  tags: string;
  text: string;
  updated_at: Timestamp;
  pinned: number | boolean;
}

/** Letters and digits only: nothing a user types can break the full-text query syntax. */
export function searchTokens(query: string): string[] {
  const tokens = normalizeQuery(query).phrase.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(tokens)].slice(0, 12);
}

export function createSearchRepo(db: Kysely<Database>, dialect: Dialect) {
  const candidates = async (userId: string, query: string): Promise<CandidateRow[]> => {
    const tokens = searchTokens(query);
    if (tokens.length === 0) return [];
    if (dialect === 'sqlite') {
      // Newest first straight from the index (FTS5 walks rowids in order and stops at the limit), so
      // the index must be the outer loop: CROSS JOIN fixes SQLite's join order (after ANALYZE the
      // planner otherwise starts from the small membership table and probes FTS per note), and so
      // a word found in 100,000 notes costs no more than a rare one: recent title matches, then
      // recent matches anywhere.
      const terms = tokens.map((token) => `"${token}"*`).join(' OR ');
      const fromIndex = async (match: string, limit: number) =>
        (
          await sql<CandidateRow>`
            select n.id, n.project_id, n.title, n.tags, n.updated_at,
                   substr(n.plain_text, 1, ${RANK_TEXT_LENGTH}) as text,
                   exists(select 1 from pins p where p.note_id = n.id and p.user_id = ${userId}) as pinned
            from notes_fts f
            cross join notes n on n.seq = f.rowid
            cross join project_members m on ${memberOf('n.project_id', userId)}
            where notes_fts match ${match}
            order by f.rowid desc
            limit ${limit}`.execute(db)
        ).rows;
      const byTitle = await fromIndex(`{title tags}: (${terms})`, TITLE_CANDIDATE_LIMIT);
      const anywhere = await fromIndex(terms, CANDIDATE_LIMIT);
      const seen = new Set(byTitle.map((row) => row.id));
      return [...byTitle, ...anywhere.filter((row) => !seen.has(row.id))];
    }
    const tsquery = tokens.map((token) => `${token}:*`).join(' | ');
    const phrase = normalizeQuery(query).phrase;
    const result = await sql<CandidateRow>`
      select n.id, n.project_id, n.title, n.tags, n.updated_at,
             substr(n.plain_text, 1, ${RANK_TEXT_LENGTH}) as text,
             exists(select 1 from pins p where p.note_id = n.id and p.user_id = ${userId}) as pinned
      from notes n
      join project_members m on ${memberOf('n.project_id', userId)}
      where n.search_vector @@ to_tsquery('simple', ${tsquery})
         or lower(n.title) operator(public.%) ${phrase}
      order by ts_rank(n.search_vector, to_tsquery('simple', ${tsquery})) desc,
               public.similarity(lower(n.title), ${phrase}) desc
      limit ${CANDIDATE_LIMIT}`.execute(db);
    return result.rows;
  };

  return {
    async search(userId: string, query: string): Promise<SearchResult[]> {
      const rows = await candidates(userId, query);
      const items = rows
        .map((row) => ({
          row,
          title: row.title,
          content: row.text,
          tags: JSON.parse(row.tags) as string[],
          updatedAt: toIso(row.updated_at),
        }))
        .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
      return rankItems(items, query).map(({ item, score }) => ({
        id: item.row.id,
        projectId: item.row.project_id,
        title: item.title,
        preview: truncatePlainText(item.content, PREVIEW_LENGTHS.captureSearch),
        tags: item.tags,
        score: Math.round(score * 100) / 100,
        pinned: Boolean(item.row.pinned),
        updatedAt: item.updatedAt,
      }));
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
