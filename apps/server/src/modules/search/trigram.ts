/**
 * pg_trgm's similarity for one word, in JavaScript, so typo correction decides the same way on SQLite
 * and PostgreSQL: the word padded with two spaces before and one after, its set of 3-character
 * pieces, and shared pieces over all pieces of both.
 */
function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const pieces = new Set<string>();
  const chars = [...padded];
  for (let i = 0; i + 3 <= chars.length; i++) pieces.add(chars.slice(i, i + 3).join(''));
  return pieces;
}

export function trigramSimilarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  let shared = 0;
  for (const piece of left) if (right.has(piece)) shared++;
  const all = left.size + right.size - shared;
  return all === 0 ? 0 : shared / all;
}
