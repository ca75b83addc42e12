import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { createUserWordsRepo } from './user-words.repo';

/** At most this many of a user's words are passed to the grammar engine (the ones in the most notes). */
export const MAX_USER_WORDS = 20_000;
/** Notes read per query; the event loop gets a turn between pages, so a big account never blocks it. */
const PAGE = 200;
/** Users whose words are kept in memory at once (the least recently used is dropped). */
const MAX_CACHED_USERS = 200;

const WORD = /[\p{L}][\p{L}'’]*/gu;

/**
 * The words a user writes in their notes (the notes they wrote, not in Trash: names, tags, terms),
 * for the grammar engine's allow-list. A word counts when it is in at least two of their notes: the
 * note being checked is usually saved too, so a typo made once in it is not taken for a word of
 * theirs. Cached per user and recomputed when their notes change (their count, summed versions and
 * newest update are compared on each request, which also sees changes made by another server process).
 */
export function createUserWords(db: Kysely<Database>) {
  const repo = createUserWordsRepo(db);
  const cache = new Map<string, { version: string; words: Promise<ReadonlySet<string>> }>();

  async function versionOf(userId: string): Promise<string> {
    const row = await repo.notesVersion(userId);
    // Every content edit bumps a note's version (a timestamp alone can repeat within its precision).
    const newest = row?.newest instanceof Date ? row.newest.toISOString() : String(row?.newest ?? '');
    return `${row?.count ?? 0}:${row?.edits ?? 0}:${newest}`;
  }

  async function compute(userId: string): Promise<ReadonlySet<string>> {
    const notesWith = new Map<string, number>();
    let after = '';
    for (;;) {
      const page = await repo.notesPage(userId, after, PAGE);
      for (const note of page) {
        const words = new Set<string>();
        for (const match of `${note.title} ${note.plain_text} ${note.tags}`.matchAll(WORD)) {
          const word = match[0].toLowerCase().replace(/’/g, "'");
          if (word.length >= 3) words.add(word);
        }
        for (const word of words) notesWith.set(word, (notesWith.get(word) ?? 0) + 1);
      }
      if (page.length < PAGE) break;
      after = page.at(-1)?.id ?? after;
      await nextTurn();
    }
    const shared = [...notesWith].filter(([, count]) => count >= 2);
    shared.sort((a, b) => b[1] - a[1]);
    return new Set(shared.slice(0, MAX_USER_WORDS).map(([word]) => word));
  }

  return {
    /** The user's own words; [] on a failure (the check then runs without them). */
    async of(userId: string): Promise<ReadonlySet<string>> {
      const version = await versionOf(userId);
      const cached = cache.get(userId);
      cache.delete(userId);
      const entry =
        cached?.version === version
          ? cached
          : { version, words: compute(userId).catch(() => new Set<string>()) };
      cache.set(userId, entry);
      if (cache.size > MAX_CACHED_USERS) cache.delete(cache.keys().next().value as string);
      return entry.words;
    },
  };
}
