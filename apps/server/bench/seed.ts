// The bench's notes: seeded words, a rare word in one note of a hundred, the queries that find them.
import crypto from 'node:crypto';
import type { DatabaseHandle } from '../src/db';
import { prepareContent } from '../src/modules/notes/note-content';
import { createSearchRepo } from '../src/modules/search/search.repo';

export const WORDS = (
  'meeting project budget plan review design launch customer travel lisbon garden recipe coffee ' +
  'research paper draft outline summary invoice contract hiring interview roadmap sprint retro ' +
  'feature release bug fix deploy server database search index editor note idea book reading ' +
  'workout running health doctor appointment family birthday gift holiday beach mountain train ' +
  'flight hotel museum concert movie music guitar piano lesson course exam study history math ' +
  'science physics chemistry biology poem story chapter character scene dialogue market price ' +
  'stock report quarterly revenue growth marketing campaign email newsletter social post video ' +
  'podcast interview guest question answer weekly monthly daily morning evening routine habit'
).split(' ');
/** Each in one note of 500: what a name or a place looks like in a real collection. */
const RARE_WORDS = ['zeppelin', 'quokka', 'saffron', 'obsidian', 'marzipan'];

/**
 * Three kinds of query, each its own figure: words in few notes, words in most notes (every common
 * word is in about a third of the notes, so three of them cover most), and misspelt words that no
 * note contains (typo correction finds the intended word).
 */
export const QUERIES = {
  rare: ['zeppelin', 'quokka travel', 'saffron', 'obsidian notes', 'marzipan'],
  common: ['meeting project budget', 'weekly review plan', 'report revenue growth', 'morning routine habit'],
  misspelt: ['reserch', 'budgt planning', 'quartely report', 'guitr lesson'],
} as const;

export function randomSentence(rng: () => number, length: number): string {
  const words = Array.from({ length }, () => WORDS[Math.floor(rng() * WORDS.length)]);
  return `${words.join(' ')}.`;
}

export function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/** Inserts noteCount notes into the project in batches, as one user; returns the seconds it took. */
export async function seedNotes(
  database: DatabaseHandle,
  noteCount: number,
  projectId: string,
  userId: string,
): Promise<number> {
  console.log(`seeding ${noteCount} notes on ${database.dialect}...`);
  const seedStart = performance.now();
  const rng = seededRandom(42);
  const batch = 500;
  const base = Date.now() - noteCount * 1000;
  for (let offset = 0; offset < noteCount; offset += batch) {
    const rows = Array.from({ length: Math.min(batch, noteCount - offset) }, (_, i) => {
      const n = offset + i;
      const sentences = Array.from({ length: 3 + Math.floor(rng() * 4) }, () =>
        randomSentence(rng, 8 + Math.floor(rng() * 10)),
      );
      if (n % 100 === 0) sentences.push(`${RARE_WORDS[(n / 100) % RARE_WORDS.length]}.`);
      const { content, plainText, excerpt } = prepareContent(sentences.join(' '));
      const at = new Date(base + n * 1000).toISOString();
      return {
        id: crypto.randomUUID(),
        project_id: projectId,
        author_id: userId,
        title: randomSentence(rng, 2 + Math.floor(rng() * 4)).replace(/\.$/, ''),
        content,
        plain_text: plainText,
        excerpt,
        tags: JSON.stringify(rng() < 0.2 ? [WORDS[Math.floor(rng() * WORDS.length)]] : []),
        version: 1,
        ydoc: null,
        created_at: at,
        updated_at: at,
      };
    });
    await database.db.transaction().execute((trx) => trx.insertInto('notes').values(rows).execute());
  }
  // What the server's own maintenance does after a bulk change, without waiting for its timer.
  await createSearchRepo(database.db, database.dialect).maintain({ force: true });
  const seconds = Math.round((performance.now() - seedStart) / 100) / 10;
  console.log(`seeded in ${seconds}s`);
  return seconds;
}
