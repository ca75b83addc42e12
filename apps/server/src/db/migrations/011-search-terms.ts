import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types';

/**
 * Search at scale (decision 016): a vocabulary of the words in notes (`search_terms`) that typo
 * tolerance looks misspelt words up in by trigram, on both databases, and index ranking that weights
 * titles and tags above the body.
 *
 * - PostgreSQL: statement-level triggers add the words of inserted and updated notes (from the
 *   `search_vector` the index already computes), a trigram GIN index finds similar words, and a plain
 *   index on `updated_at` lets the planner read the newest matches of a word found in most notes
 *   without ranking them all.
 * - SQLite: FTS5's own vocabulary (`notes_vocab`) is always current; the search module copies new
 *   words from it into `search_terms` in the background, and a trigram FTS5 table over them finds
 *   similar words. bm25 weights titles and tags 10 to 1 over the body, as PostgreSQL's A/B weights do.
 */
export function searchTermsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`CREATE TABLE search_terms (term text COLLATE "C" PRIMARY KEY)`.execute(db);
        await sql`CREATE INDEX search_terms_trgm_idx ON search_terms USING gin (term public.gin_trgm_ops)`.execute(
          db,
        );
        await sql`CREATE INDEX notes_updated_idx ON notes (updated_at)`.execute(db);
        await sql`CREATE FUNCTION notes_add_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            INSERT INTO search_terms (term)
              SELECT DISTINCT t FROM changed_notes, unnest(tsvector_to_array(changed_notes.search_vector)) AS t
              WHERE length(t) <= 64
              ON CONFLICT DO NOTHING;
            RETURN NULL;
          END $$`.execute(db);
        // Transition tables cannot be combined with a column list, so updates of any column run it;
        // a word already known costs one index probe.
        await sql`CREATE TRIGGER notes_search_terms_insert AFTER INSERT ON notes
          REFERENCING NEW TABLE AS changed_notes FOR EACH STATEMENT EXECUTE FUNCTION notes_add_search_terms()`.execute(
          db,
        );
        await sql`CREATE TRIGGER notes_search_terms_update AFTER UPDATE ON notes
          REFERENCING NEW TABLE AS changed_notes FOR EACH STATEMENT EXECUTE FUNCTION notes_add_search_terms()`.execute(
          db,
        );
        await sql`INSERT INTO search_terms (term)
          SELECT word FROM ts_stat('SELECT search_vector FROM notes') WHERE length(word) <= 64
          ON CONFLICT DO NOTHING`.execute(db);
        await sql`ANALYZE notes`.execute(db);
        await sql`ANALYZE search_terms`.execute(db);
        return;
      }
      await sql`CREATE TABLE search_terms (term TEXT PRIMARY KEY)`.execute(db);
      await sql`CREATE VIRTUAL TABLE search_terms_trigram USING fts5(term, content='search_terms', tokenize='trigram')`.execute(
        db,
      );
      await sql`CREATE TRIGGER search_terms_trigram_insert AFTER INSERT ON search_terms BEGIN
          INSERT INTO search_terms_trigram (rowid, term) VALUES (new.rowid, new.term);
        END`.execute(db);
      await sql`CREATE TRIGGER search_terms_trigram_delete AFTER DELETE ON search_terms BEGIN
          INSERT INTO search_terms_trigram (search_terms_trigram, rowid, term) VALUES ('delete', old.rowid, old.term);
        END`.execute(db);
      await sql`CREATE VIRTUAL TABLE notes_vocab USING fts5vocab(notes_fts, 'row')`.execute(db);
      await sql`INSERT INTO notes_fts (notes_fts, rank) VALUES ('rank', 'bm25(10.0, 1.0, 10.0)')`.execute(db);
      await sql`INSERT OR IGNORE INTO search_terms (term) SELECT term FROM notes_vocab WHERE length(term) <= 64`.execute(
        db,
      );
      await sql`ANALYZE`.execute(db);
    },
  };
}
