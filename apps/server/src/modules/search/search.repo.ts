import type { SearchResult } from '@notewise/shared';
import { normalizeQuery, PREVIEW_LENGTHS, SEARCH_RESULT_LIMIT, truncatePlainText } from '@notewise/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, Dialect } from '../../db/types';
import { memberOf } from '../projects/membership.repo';
import { type CandidateRow, type QueryTerm, rankRows, type SearchScope } from './ranked-rows';
import { indexSegments, indexStructure, mergeSegments, refreshVocabulary } from './sqlite-index-queries';
import { trigramSimilarity } from './trigram';

/**
 * Search in two bounded steps (decisions 016, 037), the same on SQLite and PostgreSQL:
 * 1. the index finds the matching notes the user may see, newest first, at most `MATCH_WINDOW`
 *    (a word found in 100,000 notes costs what a word in 1,000 does);
 * 2. the scoring of docs/product.md §9 (`packages/shared/src/search-rank.ts`) orders the whole window
 *    and the top 10 are returned. The index's own rank is not asked for (decision 037): FTS5's bm25
 *    counts every note holding each word on each query, 8 ms per common word at 1M notes.
 * The last word matches as a prefix (the user is typing it); a word no note contains is replaced by
 * the closest words the notes do contain (trigram similarity, computed the same way on both). Both
 * expansions come from the vocabulary of the notes, so the index is asked for exact words only.
 */
export const MATCH_WINDOW = 500;
/** Shorter last words match exactly: 'a*' would expand to every word starting with 'a'. */
export const PREFIX_MIN_LENGTH = 3;
/** Shorter words are not corrected: two letters have too few trigrams to judge similarity. */
export const TYPO_MIN_LENGTH = 3;
export const TYPO_MIN_SIMILARITY = 0.35;
export const TYPO_MAX_CORRECTIONS = 3;
/** The last word stands for at most this many of the shortest words starting with it. */
export const PREFIX_EXPANSIONS = 30;
const PREFIX_SCAN_LIMIT = 500;
const MAX_TERM_LENGTH = 64;
const RANK_TEXT_LENGTH = 4000;
/**
 * SQLite: a probe (is this note a match?) costs about this many steps of the index's walk per word
 * and index segment (measured on the capacity bench's data: 12 µs a word and segment, 6 µs a step).
 */
const PROBE_STEPS_PER_TERM_SEGMENT = 2;
/** Past this many notes a user's search starts from the index (and counting them stays cheap). */
const MAX_PROBED_NOTES = 1000;
/**
 * PostgreSQL tables whose statistics decide a plan: a search's (the join estimate needs the first
 * four) and a note history's (stale, a long history was read whole and sorted: 8 ms, not 0.2 ms).
 */
const ANALYZED_TABLES = ['notes', 'project_members', 'pins', 'search_terms', 'note_versions'];

/** Letters and digits only: nothing a user types can break the full-text query syntax. */
export function searchTokens(query: string): string[] {
  const tokens = normalizeQuery(query).phrase.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(tokens)].slice(0, 12);
}

/** The first string after every string that starts with `prefix` (for an index range scan). */
function prefixUpperBound(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  return prefix.slice(0, -1) + String.fromCodePoint(last + 1);
}

/** SQLite: where the window's walk starts; the cheaper unless a test fixes one (same rows either way). */
export type WindowStart = 'cheaper' | 'index' | 'notes';

export function createSearchRepo(db: Kysely<Database>, dialect: Dialect, start: WindowStart = 'cheaper') {
  const isWord = (term: string) => /^[\p{L}\p{N}]+$/u.test(term) && term.length <= MAX_TERM_LENGTH;

  /**
   * The words of the notes each query word stands for: itself if the notes contain it, and for the
   * last word (`prefix`) the shortest words starting with it (expanded here, not by the index, so both
   * databases search the same words and PostgreSQL's planner estimates them from its statistics).
   * One query per vocabulary for all words: each round trip costs more than the lookup.
   */
  const inVocabulary = async (
    exact: string[],
    prefix: string | undefined,
  ): Promise<Map<string, string[]>> => {
    const lookup = async (source: 'search_terms' | 'notes_vocab', words: string[], completing?: string) =>
      (
        await sql<{ term: string }>`
          select term from ${sql.table(source)} where term in (${sql.join(words.length > 0 ? words : [''])})
          ${
            completing === undefined
              ? sql``
              : sql`union all select * from (
                  select term from ${sql.table(source)}
                  where term >= ${completing} and term < ${prefixUpperBound(completing)}
                  order by term limit ${PREFIX_SCAN_LIMIT}) completions`
          }`.execute(db)
      ).rows;
    const found = [await lookup('search_terms', exact, prefix)];
    if (dialect === 'sqlite') {
      // FTS5's live vocabulary knows a new note's words at once, before maintain() copies them into
      // search_terms; but reading it walks the index (1M notes: 16 ms for three words, 5.5 ms for a
      // prefix, against under 0.1 ms in search_terms), so it is asked only for what the copy lacks.
      const known = new Set(found[0]?.map((row) => row.term));
      const missing = exact.filter((word) => !known.has(word));
      const prefixMissing =
        prefix !== undefined && ![...known].some((term) => term.startsWith(prefix)) ? prefix : undefined;
      if (missing.length > 0 || prefixMissing !== undefined) {
        found.push(await lookup('notes_vocab', missing, prefixMissing));
      }
    }
    const words = [...new Set(found.flat().map((row) => row.term))].filter(isWord);
    const byWord = new Map<string, string[]>();
    for (const word of exact) if (words.includes(word)) byWord.set(word, [word]);
    if (prefix !== undefined) {
      byWord.set(
        prefix,
        words
          .filter((term) => term.startsWith(prefix))
          .sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))
          .slice(0, PREFIX_EXPANSIONS),
      );
    }
    return byWord;
  };

  /** The words of the notes closest to a word they do not contain, best first. */
  const corrections = async (word: string): Promise<string[]> => {
    let similar: string[];
    if (dialect === 'sqlite') {
      const trigrams = new Set<string>();
      for (let i = 0; i + 3 <= word.length; i++) trigrams.add(`"${word.slice(i, i + 3)}"`);
      similar = (
        await sql<{ term: string }>`
          select term from search_terms_trigram
          where search_terms_trigram match ${[...trigrams].join(' OR ')}
          order by rank limit 200`.execute(db)
      ).rows.map((row) => row.term);
    } else {
      similar = (
        await sql<{ term: string }>`
          select term from search_terms where term operator(public.%) ${word}
          order by public.similarity(term, ${word}) desc, term limit 200`.execute(db)
      ).rows.map((row) => row.term);
    }
    return similar
      .filter(isWord)
      .map((term) => ({ term, similarity: trigramSimilarity(word, term) }))
      .filter((entry) => entry.similarity >= TYPO_MIN_SIMILARITY && entry.term !== word)
      .sort((a, b) => b.similarity - a.similarity || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
      .slice(0, TYPO_MAX_CORRECTIONS)
      .map((entry) => entry.term);
  };

  const queryTerms = async (tokens: string[]): Promise<QueryTerm[]> => {
    const last = tokens[tokens.length - 1];
    const prefix = last !== undefined && last.length >= PREFIX_MIN_LENGTH ? last : undefined;
    const known = await inVocabulary(
      tokens.filter((word) => word !== prefix),
      prefix,
    );
    return Promise.all(
      tokens.map(async (word): Promise<QueryTerm> => {
        const found = known.get(word) ?? [];
        if (found.length > 0 || word.length < TYPO_MIN_LENGTH) {
          return { word, terms: found.length > 0 ? found : [word], corrected: false };
        }
        const corrected = await corrections(word);
        return corrected.length > 0
          ? { word, terms: corrected, corrected: true }
          : { word, terms: [word], corrected: false };
      }),
    );
  };

  let segments: number | undefined;
  /**
   * SQLite: where the window's walk starts. From the index it walks every note holding a word,
   * everyone's, newest first, until the user's window is full: on a server of many people each with
   * few notes, every match in the database (45,000 rows for three common words, most of a search's
   * time). From the user's notes it probes each against the index instead. Both give the same rows
   * in the same order; the cheaper is estimated from the user's count of notes (counted no further
   * than the point where the index wins), the notes in all and the probe's words and segments.
   */
  const startFromNotes = async (userId: string, terms: QueryTerm[], scope: SearchScope) => {
    const total = Number(
      (await sql<{ n: number | null }>`select max(seq) as n from notes`.execute(db)).rows[0]?.n ?? 0,
    );
    const words = new Set(terms.flatMap((term) => term.terms)).size;
    if (segments === undefined) segments = await indexSegments(db);
    const probe = PROBE_STEPS_PER_TERM_SEGMENT * words * segments;
    // visible * probe < min(total, MATCH_WINDOW * total / visible): the walk's expected length.
    const cap = Math.floor(
      Math.min(MAX_PROBED_NOTES, total / probe, Math.sqrt((MATCH_WINDOW * total) / probe)),
    );
    if (cap < 1) return false;
    const visible = Number(
      (
        await sql<{ n: number }>`
          select count(*) as n from (
            select 1 from project_members m cross join notes n on n.project_id = m.project_id
            where m.user_id = ${userId} ${scope.projectId === undefined ? sql`` : sql`and n.project_id = ${scope.projectId}`}
            limit ${cap + 1})`.execute(db)
      ).rows[0]?.n ?? 0,
    );
    return visible <= cap;
  };

  const candidateQuery = (
    userId: string,
    terms: QueryTerm[],
    scope: SearchScope = {},
    limit = MATCH_WINDOW,
    fromNotes = false,
  ): RawBuilder<CandidateRow> => {
    // The search page's filters and its walk past the window; none for Capture's list, whose SQL
    // stays the text the plan tests check.
    const filters = [
      ...(scope.projectId === undefined ? [] : [sql`and n.project_id = ${scope.projectId}`]),
      ...(scope.kind === undefined
        ? []
        : [sql`and exists(select 1 from projects k where k.id = n.project_id and k.kind = ${scope.kind})`]),
    ];
    const before = scope.before;
    if (dialect === 'sqlite') {
      const match = [...new Set(terms.flatMap((term) => term.terms))].map((term) => `"${term}"`).join(' OR ');
      const columns = sql`n.id, n.project_id, n.title, n.tags, n.updated_at, n.seq,
                 substr(n.plain_text, 1, ${RANK_TEXT_LENGTH}) as text,
                 exists(select 1 from pins p where p.note_id = n.id and p.user_id = ${userId}) as pinned`;
      if (fromNotes) {
        return sql<CandidateRow>`
          select ${columns}
          from project_members m
          cross join notes n on n.project_id = m.project_id
          where m.user_id = ${userId} and n.deleted_at is null ${sql.join(filters, sql` `)}
          ${before && 'seq' in before ? sql`and n.seq < ${before.seq}` : sql``}
          and exists(select 1 from notes_fts f where f.rowid = n.seq and notes_fts match ${match})
          order by n.seq desc
          limit ${limit}`;
      }
      // The index is the outer loop (CROSS JOIN fixes SQLite's join order) and walks rowids newest
      // first, stopping at the window; notes are then read by their integer key.
      return sql<CandidateRow>`
          select ${columns}
          from notes_fts f
          cross join notes n on n.seq = f.rowid
          cross join project_members m on ${memberOf('n.project_id', userId)}
          where notes_fts match ${match} and n.deleted_at is null ${sql.join(filters, sql` `)}
          ${before && 'seq' in before ? sql`and f.rowid < ${before.seq}` : sql``}
          order by f.rowid desc
          limit ${limit}`;
    }
    const tsquery = [...new Set(terms.flatMap((term) => term.terms))].join(' | ');
    // With current statistics the planner reads a rare word's matches from the GIN index and a
    // common word's newest matches along notes_updated_idx, stopping at the window; the text is cut
    // for the window only.
    return sql<CandidateRow>`
        select w.id, w.project_id, w.title, w.tags, w.updated_at,
               substr(w.plain_text, 1, ${RANK_TEXT_LENGTH}) as text,
               exists(select 1 from pins p where p.note_id = w.id and p.user_id = ${userId}) as pinned
        from (
          select n.id, n.project_id, n.title, n.tags, n.updated_at, n.plain_text
          from notes n
          join project_members m on ${memberOf('n.project_id', userId)}
          where n.search_vector @@ to_tsquery('simple', ${tsquery}) and n.deleted_at is null ${sql.join(filters, sql` `)}
          ${
            before === undefined || 'seq' in before
              ? // id breaks ties as the walk past the window does, so notes saved in one
                // millisecond (an import) at the window's edge are neither skipped nor repeated.
                sql`order by n.updated_at desc, n.id desc`
              : sql`and (n.updated_at < ${before.updatedAt} or (n.updated_at = ${before.updatedAt} and n.id < ${before.id}))
                    order by n.updated_at desc, n.id desc`
          }
          limit ${limit}
        ) w`;
  };

  const windowQuery = async (
    userId: string,
    terms: QueryTerm[],
    scope: SearchScope = {},
    limit = MATCH_WINDOW,
  ) =>
    candidateQuery(
      userId,
      terms,
      scope,
      limit,
      dialect === 'sqlite' &&
        (start === 'cheaper' ? await startFromNotes(userId, terms, scope) : start === 'notes'),
    );

  let lastStructure: string | undefined;
  let maintaining: Promise<void> | undefined;

  const maintainNow = async (force: boolean) => {
    if (dialect === 'sqlite') {
      const fingerprint = await indexStructure(db);
      if (!force && fingerprint === lastStructure) return;
      // Merged first: the merge rewrites the structure record, so the fingerprint kept is the one read
      // after it and before the vocabulary's copy (a write after that is seen by the next pass).
      await mergeSegments(db);
      const merged = await indexStructure(db);
      segments = await indexSegments(db);
      await refreshVocabulary(db, MAX_TERM_LENGTH);
      await sql`pragma analysis_limit = 1000`.execute(db);
      await sql`${sql.raw(force ? 'analyze' : 'pragma optimize')}`.execute(db);
      lastStructure = merged;
      return;
    }
    // The words of new notes arrive by trigger; what ages is the planner's statistics, which decide
    // between the GIN index and the updated_at index.
    const stats = (
      await sql<{ relname: string; modified: string; rows: number }>`
        select s.relname, s.n_mod_since_analyze::text as modified, c.reltuples as rows
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = current_schema() and s.relname in (${sql.join(ANALYZED_TABLES)})`.execute(db)
    ).rows;
    for (const table of stats) {
      if (force || Number(table.modified) > Math.max(500, 0.05 * table.rows)) {
        if (table.relname === 'notes') {
          // New rows wait in the GIN index's pending list until a vacuum; the planner prices reading
          // that list into every index scan and falls back to a sequential scan after a bulk load.
          await sql`select gin_clean_pending_list(${sql.lit('notes_search_idx')}::regclass)`.execute(db);
        }
        await sql`analyze ${sql.table(table.relname)}`.execute(db);
      }
    }
  };

  return {
    async search(userId: string, query: string): Promise<SearchResult[]> {
      const tokens = searchTokens(query);
      if (tokens.length === 0) return [];
      const terms = await queryTerms(tokens);
      const rows = (await (await windowQuery(userId, terms)).execute(db)).rows;
      return rankRows(rows, query, terms)
        .slice(0, SEARCH_RESULT_LIMIT)
        .map(({ row, item, score, updatedAt }) => ({
          id: row.id,
          projectId: row.project_id,
          title: item.title,
          preview: truncatePlainText(item.content, PREVIEW_LENGTHS.captureSearch),
          tags: item.tags,
          score: Math.round(score * 100) / 100,
          pinned: Boolean(row.pinned),
          updatedAt,
        }));
    },

    /** The words a query stands for (itself, completions, corrections), for the search page. */
    terms(query: string): Promise<QueryTerm[]> {
      const tokens = searchTokens(query);
      return tokens.length === 0 ? Promise.resolve([]) : queryTerms(tokens);
    },

    /** The matches of `terms` the user may see in `scope`, newest first, at most `limit`. */
    async candidates(userId: string, terms: QueryTerm[], scope: SearchScope, limit: number) {
      return (await (await windowQuery(userId, terms, scope, limit)).execute(db)).rows;
    },

    /**
     * Keeps what search depends on current after changes: SQLite's vocabulary of words for typo
     * correction and both databases' planner statistics (ANALYZE when many rows changed). Cheap
     * when nothing changed; `force` after a bulk load.
     */
    maintain(options: { force?: boolean } = {}): Promise<void> {
      maintaining ??= maintainNow(options.force ?? false).finally(() => {
        maintaining = undefined;
      });
      return maintaining;
    },

    /** The database's plan for a search's candidate query, one line per step (plan tests). */
    async explain(userId: string, query: string): Promise<string[]> {
      const terms = await queryTerms(searchTokens(query));
      const plan = dialect === 'sqlite' ? sql`explain query plan ` : sql`explain `;
      const rows = await sql<Record<string, unknown>>`${plan}${await windowQuery(userId, terms)}`.execute(db);
      return rows.rows.map((row) => String(dialect === 'sqlite' ? row.detail : row['QUERY PLAN']));
    },

    /** Resolves when no maintenance pass is running (before the database closes). */
    async idle(): Promise<void> {
      await maintaining?.catch(() => undefined);
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
