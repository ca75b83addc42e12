import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types';

/**
 * SQLite's full-text index upkeep for search (decisions 016, 077): the vocabulary copied from FTS5,
 * and the index's segments merged so that a probe ("is this note a match?") seeks few of them.
 */
const VOCABULARY_CHUNK = 2000;
/** Pages of merge work per step: a few milliseconds, then requests get the thread back. */
const MERGE_PAGES = 32;
/** Bounds one maintenance pass (a large index finishes merging over the next passes). */
const MERGE_STEPS = 500;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The index's fingerprint: its structure record changes with every write to it. */
export async function indexStructure(db: Kysely<Database>): Promise<string> {
  const block = (await sql<{ block: Uint8Array }>`select block from notes_fts_data where id = 10`.execute(db))
    .rows[0]?.block;
  return block ? Buffer.from(block).toString('base64') : '';
}

/** How many segments the index has: a probe seeks each word in each. */
export async function indexSegments(db: Kysely<Database>): Promise<number> {
  const row = (await sql<{ n: number }>`select count(distinct segid) as n from notes_fts_idx`.execute(db))
    .rows[0];
  return Math.max(1, Number(row?.n ?? 1));
}

/** Copies the words FTS5 learned since the last pass into `search_terms`, a chunk at a time. */
export async function refreshVocabulary(db: Kysely<Database>, maxTermLength: number): Promise<void> {
  let after = '';
  for (;;) {
    const chunk = (
      await sql<{ term: string }>`
        select term from notes_vocab where term > ${after} order by term limit ${VOCABULARY_CHUNK}`.execute(
        db,
      )
    ).rows.map((row) => row.term);
    if (chunk.length === 0) return;
    const words = chunk.filter((term) => term.length <= maxTermLength);
    await sql`insert or ignore into search_terms (term) select value from json_each(${JSON.stringify(words)})`.execute(
      db,
    );
    after = chunk[chunk.length - 1] ?? '';
    // better-sqlite3 runs on this thread: let requests in between chunks.
    await nextTurn();
  }
}

/**
 * Merges the index's segments while any level holds two or more (FTS5's `usermerge` 2; its own
 * automerge waits for four a level, leaving 10-15 segments on a busy server), a few pages a step.
 * The merged index answers the same; a probe costs about 12 µs a word and segment.
 */
export async function mergeSegments(db: Kysely<Database>): Promise<void> {
  await sql`insert into notes_fts (notes_fts, rank) values ('usermerge', 2)`.execute(db);
  for (let step = 0; step < MERGE_STEPS; step++) {
    const before = (await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]?.n ?? 0;
    await sql`insert into notes_fts (notes_fts, rank) values ('merge', ${MERGE_PAGES})`.execute(db);
    const after = (await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]?.n ?? 0;
    // FTS5: fewer than two changes means there was no merge work left.
    if (after - before < 2) return;
    await nextTurn();
  }
}
