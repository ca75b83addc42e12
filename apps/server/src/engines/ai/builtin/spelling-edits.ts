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
 * Three-letter runs of lower-case words, '^' and '$' marking the ends ('^th', 'the', 'he$'), as a
 * table indexed by the letters' codes: looking one up builds no string.
 */
export type TrigramTable = Uint8Array;

/** 'a'-'z' are 0-25, '^' 26, '$' 27, anything else -1. */
function letterCode(char: number): number {
  if (char >= 97 && char <= 122) return char - 97;
  return char === 94 ? 26 : char === 36 ? 27 : -1;
}

function hasTrigram(table: TrigramTable, a: number, b: number, c: number): boolean {
  return a >= 0 && b >= 0 && c >= 0 && table[(a * 28 + b) * 28 + c] === 1;
}

/** The table of every three-letter run of these words. */
export function trigramTable(words: Iterable<string>): TrigramTable {
  const table = new Uint8Array(28 * 28 * 28);
  for (const word of words) {
    const codes = Array.from(`^${word}$`, (char) => letterCode(char.charCodeAt(0)));
    for (let i = 0; i + 3 <= codes.length; i += 1) {
      const [a = -1, b = -1, c = -1] = codes.slice(i, i + 3);
      if (a >= 0 && b >= 0 && c >= 0) table[(a * 28 + b) * 28 + c] = 1;
    }
  }
  return table;
}

/** Whether every three-letter run of `padded` (a word between '^' and '$') is in the table. */
export function allTrigramsIn(table: TrigramTable, padded: string): boolean {
  for (let i = 0; i + 3 <= padded.length; i += 1)
    if (
      !hasTrigram(
        table,
        letterCode(padded.charCodeAt(i)),
        letterCode(padded.charCodeAt(i + 1)),
        letterCode(padded.charCodeAt(i + 2)),
      )
    )
      return false;
  return true;
}

/**
 * The strings one edit away (in `oneEditAway`'s order) whose every three-letter run is in `table`:
 * only the runs an edit touches are looked up (the word's own runs once), and only strings that
 * pass are built. The same as `oneEditAway(word)` filtered by `allTrigramsIn`, four times faster.
 */
export function plausibleEditsAway(word: string, table: TrigramTable): Set<string> {
  const padded = `^${word}$`;
  const codes = Array.from(padded, (char) => letterCode(char.charCodeAt(0)));
  const last = padded.length - 3;
  const ok = (j: number) => hasTrigram(table, codes[j] ?? -1, codes[j + 1] ?? -1, codes[j + 2] ?? -1);
  // prefixOk[m]: every run of the word starting before m is in the table; suffixOk[m]: every one from m on.
  const prefixOk: boolean[] = [true];
  for (let j = 0; j <= last; j += 1) prefixOk.push((prefixOk[j] ?? true) && ok(j));
  const suffixOk: boolean[] = [];
  suffixOk[last + 1] = true;
  for (let j = last; j >= 0; j -= 1) suffixOk[j] = (suffixOk[j + 1] ?? true) && ok(j);
  const out = new Set<string>();
  const window: number[] = [];
  // The padded candidate is padded[0, at) + middle + padded[from, end): runs wholly before or after
  // the edit are the word's own; only the few that span it are new.
  const consider = (at: number, middle: string, from: number) => {
    if (!(prefixOk[Math.max(0, at - 2)] ?? true) || !(suffixOk[Math.min(from, last + 1)] ?? true)) return;
    window.length = 0;
    for (let k = Math.max(0, at - 2); k < at; k += 1) window.push(codes[k] ?? -1);
    for (let k = 0; k < middle.length; k += 1) window.push(letterCode(middle.charCodeAt(k)));
    for (let k = from; k < Math.min(from + 2, padded.length); k += 1) window.push(codes[k] ?? -1);
    for (let k = 0; k + 3 <= window.length; k += 1)
      if (!hasTrigram(table, window[k] ?? -1, window[k + 1] ?? -1, window[k + 2] ?? -1)) return;
    out.add(word.slice(0, at - 1) + middle + word.slice(from - 1));
  };
  for (let i = 0; i <= word.length; i += 1) {
    const at = i + 1;
    const tail = word.slice(i);
    if (tail) consider(at, '', at + 1);
    if (tail.length > 1) consider(at, (tail[1] ?? '') + (tail[0] ?? ''), at + 2);
    for (const letter of LETTERS) {
      if (tail) consider(at, letter, at + 1);
      consider(at, letter, at);
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
