/**
 * The typing slips the spelling engine (`spelling.ts`) recognises, as string operations: edit
 * distance with swaps, the strings one edit away, a letter moved, a run typed twice, and whether an
 * edit looks like a slip of the finger (a neighbouring key, a repeated letter).
 */

/** Optimal string alignment distance, exact up to `max` and `max + 1` beyond. */
export function typoDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (previous2[j - 2] ?? 0) + 1);
      current[j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? max + 1, max + 1);
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every string one deletion, swap, replacement or insertion away. */
export function oneEditAway(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i += 1) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + (tail[1] ?? '') + (tail[0] ?? '') + tail.slice(2));
    for (const letter of LETTERS) {
      if (tail) out.add(head + letter + tail.slice(1));
      out.add(head + letter + tail);
    }
  }
  out.delete(word);
  return out;
}

/**
 * Strings with one letter moved two places ('yrea' is 'year', 'jstu' is 'just': a key struck
 * late or early), and with a run of two to four letters typed twice taken out once ('intoto',
 * 'functionon', 'bebefore'). Both are one slip, though the edit distance says two.
 */
export function slipsAway(word: string): Set<string> {
  const out = new Set<string>();
  for (let from = 0; from < word.length; from += 1) {
    const letter = word[from] ?? '';
    const rest = word.slice(0, from) + word.slice(from + 1);
    for (let to = 0; to <= rest.length; to += 1)
      if (Math.abs(to - from) === 2) out.add(rest.slice(0, to) + letter + rest.slice(to));
  }
  for (let size = 2; size <= 4; size += 1)
    for (let i = 0; i + 2 * size <= word.length; i += 1)
      if (word.slice(i, i + size) === word.slice(i + size, i + 2 * size))
        out.add(word.slice(0, i) + word.slice(i + size));
  out.delete(word);
  return out;
}

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
/** Whether two letters are neighbours on a QWERTY keyboard (same row or the row above or below). */
export function nearOnKeyboard(a: string, b: string): boolean {
  const at = (letter: string) => {
    const row = KEYBOARD_ROWS.findIndex((keys) => keys.includes(letter));
    return [row, (KEYBOARD_ROWS[row] ?? '').indexOf(letter) + row * 0.5] as const;
  };
  const [rowA, colA] = at(a);
  const [rowB, colB] = at(b);
  return rowA >= 0 && rowB >= 0 && Math.abs(rowA - rowB) <= 1 && Math.abs(colA - colB) <= 1;
}

/**
 * Whether a one-letter substitution looks like a slip: a neighbouring key or one vowel for another
 * ('knex' is not a slip for 'knew'; 'tbe' is one for 'the').
 */
export function plausibleSubstitution(a: string, b: string): boolean {
  if (a.length !== b.length) return true;
  const diff = [...a].flatMap((letter, i) => (letter === b[i] ? [] : [i]));
  if (diff.length !== 1) return true;
  const x = a[diff[0] ?? 0] ?? '';
  const y = b[diff[0] ?? 0] ?? '';
  // ...or a letter doubled in place of the next ('wiil' for 'will').
  return (
    nearOnKeyboard(x, y) ||
    (/[aeiouy]/.test(x) && /[aeiouy]/.test(y)) ||
    a[(diff[0] ?? 0) - 1] === x ||
    a[(diff[0] ?? 0) + 1] === x
  );
}

/** Whether `word` is `candidate` with one letter typed in by a slip: a repeat or a key next to a neighbour. */
export function plausibleInsertion(word: string, candidate: string): boolean {
  for (let i = 0; i < word.length; i += 1) {
    if (word.slice(0, i) + word.slice(i + 1) !== candidate) continue;
    const letter = word[i] ?? '';
    const neighbours = [word[i - 1], word[i + 1]].filter((n): n is string => n !== undefined);
    if (neighbours.some((n) => n === letter || nearOnKeyboard(n, letter))) return true;
    // A letter of the word typed twice, a letter apart ('thtat').
    if (word[i - 2] === letter || word[i + 2] === letter) return true;
  }
  return false;
}

/** Whether `b` is `a` with two neighbouring letters swapped. */
export function isSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff = [...a].flatMap((letter, i) => (letter === b[i] ? [] : [i]));
  return diff.length === 2 && diff[1] === (diff[0] ?? 0) + 1 && a[diff[0] ?? 0] === b[diff[1] ?? 0];
}
