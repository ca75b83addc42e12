import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type NSpell from 'nspell';
import { STOP_WORDS } from '../heuristics/text';
import { americanSpelling, isRegionalVariant } from './grammar-words';

/**
 * Non-word spelling with Hunspell dictionaries (nspell + dictionary-en, the en-US dictionary
 * maintained by wooorm/dictionaries from SCOWL) and word ranks from Wikipedia (popular-english-words,
 * ISC). A word is only corrected when harper, en-US Hunspell AND en-GB Hunspell
 * all say it is not a word, it is not one of the user's own words, and a correction close enough to
 * be a typo exists. The correction is the likeliest candidate: a word one edit away (or two, when
 * harper suggests it), ranked by how common it is, with a bonus for words the note already uses
 * and for swapped letters (the commonest typo). Loaded lazily on the first grammar request.
 */
export interface SpellingEngine {
  us: NSpell;
  gb: NSpell;
  /** Lower-case dictionary words with how common they are (a count per 51 million words, from their rank). */
  frequency: Map<string, number>;
  /** Every three-letter run of those words ('^' and '$' mark the ends): a candidate with another one is no word. */
  trigrams: Set<string>;
  /**
   * Lower-case words Wikipedia uses that the dictionaries lack: loanwords and terms ('ryokan', 'izakaya')
   * as well as common misspellings. Such a word is corrected only to a word one edit away.
   */
  listedUnknown: Set<string>;
}

let enginePromise: Promise<SpellingEngine> | undefined;

async function dictionary(name: string): Promise<{ aff: Buffer; dic: Buffer }> {
  // The dictionary packages are ESM modules that read their own files; reading the files here
  // keeps the two dictionaries' loading explicit and parallel.
  const require = createRequire(import.meta.url);
  const dir = require.resolve(name).replace(/index\.js$/, '');
  const [aff, dic] = await Promise.all([readFile(`${dir}index.aff`), readFile(`${dir}index.dic`)]);
  return { aff, dic };
}

/** Whether anything has asked for the spelling engine yet (nothing does at server start). */
export function spellingRequested(): boolean {
  return enginePromise !== undefined;
}

export function loadSpelling(): Promise<SpellingEngine> {
  enginePromise ??= (async () => {
    const require = createRequire(import.meta.url);
    const [{ default: nspell }, en, gb, counts] = await Promise.all([
      import('nspell'),
      dictionary('dictionary-en'),
      dictionary('dictionary-en-gb'),
      readFile(require.resolve('popular-english-words/words.js'), 'utf8'),
    ]);
    const us = nspell(en);
    const frequency = new Map<string, number>();
    // The list is a JavaScript module of quoted words, commonest first; read as text, not run.
    const listedUnknown = new Set<string>();
    for (const [, word] of counts.matchAll(/'([^'\\]*)'/g)) {
      // Wikipedia holds names, markup and fragments too: keep only what the dictionary knows as a word.
      if (!word || !/^[a-z]+$/.test(word) || frequency.has(word)) continue;
      if (!us.correct(word)) {
        listedUnknown.add(word);
        continue;
      }
      frequency.set(word, countAtRank(frequency.size));
    }
    const trigrams = new Set<string>();
    for (const word of frequency.keys()) {
      const padded = `^${word}$`;
      for (let i = 0; i + 3 <= padded.length; i += 1) trigrams.add(padded.slice(i, i + 3));
    }
    return { us, gb: nspell(gb), frequency, trigrams, listedUnknown };
  })().catch((error: unknown) => {
    enginePromise = undefined;
    throw error;
  });
  return enginePromise;
}

/**
 * A rank in the word list as a count per 51 million words of running text, so that the thresholds
 * below read as counts: about 10,000 for the 450th commonest word, 1,000 for the 2,300th, 100 for
 * the 10,000th (Zipf's law with the exponent 1.4 that spoken English shows over those ranks).
 */
function countAtRank(rank: number): number {
  return Math.round(10_000 * (451 / (rank + 1)) ** 1.4);
}

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
/** The count of the commonest words (about the top 150: 'the', 'with', 'have', 'always'). */
const VERY_COMMON = 40_000;

/** Every string one deletion, swap, replacement or insertion away. */
function oneEditAway(word: string): Set<string> {
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

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
/** Whether two letters are neighbours on a QWERTY keyboard (same row or the row above or below). */
function nearOnKeyboard(a: string, b: string): boolean {
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
function plausibleSubstitution(a: string, b: string): boolean {
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

/** Whether every three-letter run of a string occurs in some common word (cheap, before asking Hunspell). */
function plausibleLetters(engine: SpellingEngine, candidate: string): boolean {
  const padded = `^${candidate}$`;
  for (let i = 0; i + 3 <= padded.length; i += 1)
    if (!engine.trigrams.has(padded.slice(i, i + 3))) return false;
  return true;
}

/** Whether `word` is `candidate` with one letter typed in by a slip: a repeat or a key next to a neighbour. */
function plausibleInsertion(word: string, candidate: string): boolean {
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
function isSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff = [...a].flatMap((letter, i) => (letter === b[i] ? [] : [i]));
  return diff.length === 2 && diff[1] === (diff[0] ?? 0) + 1 && a[diff[0] ?? 0] === b[diff[1] ?? 0];
}

export interface OwnWords {
  allowed: ReadonlySet<string>;
  used: ReadonlySet<string>;
}

/**
 * The user's own words in a note: a word written twice, capitalised ('Kysely' allows 'kysely'), in
 * code or as a #tag is theirs on purpose; a one-off lower-case non-word is a typo. `extra` are
 * words from elsewhere (the user's other notes) the caller knows.
 */
/** A line naming the people of a meeting ('Attending: aidanhs, kennytm', 'Minutes written by ...'). */
const PEOPLE_LINE =
  /^[ \t>*-]*(?:\*\*)?(?:attendees|attendance|attending|present|participants|people|team members|guests|absent|regrets|apologies|facilitator|scribe|notes by|minutes(?: written)? by|meeting (?:run|led|chaired) by)(?:\*\*)?[ \t]*:?(?:\*\*)?[ \t]+(.+)$/gimu;

export function ownWordsOf(markdown: string, extra: Iterable<string> = []): OwnWords {
  const counts = new Map<string, number>();
  const allowed = new Set<string>([...extra].map((word) => word.toLowerCase()));
  for (const match of markdown.matchAll(/[\p{L}][\p{L}'’]*/gu)) {
    const word = match[0].toLowerCase().replace(/’/g, "'");
    counts.set(word, (counts.get(word) ?? 0) + 1);
    if (match[0] !== word) allowed.add(word);
  }
  for (const match of markdown.matchAll(/`[^`\n]*`|#[\p{L}][\w-]*/gu))
    for (const word of match[0].toLowerCase().match(/\p{L}+/gu) ?? []) allowed.add(word);
  for (const [word, count] of counts) if (count >= 2) allowed.add(word);
  // People's names and handles, written once, are still theirs: the names on a line that lists
  // who was there, a speaker's label, an '@handle', a handle credited in brackets after a heading.
  for (const match of markdown.matchAll(PEOPLE_LINE))
    for (const word of match[1]?.toLowerCase().match(/\p{L}+/gu) ?? []) allowed.add(word);
  for (const match of markdown.matchAll(/^[ \t>*-]*@?([\p{L}][\p{L}\d_.-]*)[ \t]*:[ \t]+\S/gmu))
    allowed.add((match[1] ?? '').toLowerCase());
  for (const match of markdown.matchAll(
    /@([\p{L}][\p{L}\d_-]*)|^#+[ \t].*\(@?([\p{L}][\p{L}\d_-]*)\)[ \t]*$/gmu,
  ))
    allowed.add((match[1] ?? match[2] ?? '').toLowerCase());
  return { allowed, used: new Set(counts.keys()) };
}

/**
 * Whether a word is surely a noun, from the Hunspell affix flags of dictionary-en: it takes the
 * possessive ('M') and none of the verb ('D', 'G') or adjective ('Y', 'P', 'T', 'R') endings, and is
 * not an -ing form ('going' has only 'M'). A plural counts when its singular does.
 */
export function isNoun(engine: SpellingEngine, word: string): boolean {
  if (word.endsWith('ing') || word.length < 3 || STOP_WORDS.has(word)) return false;
  const flagsOf = (w: string): string[] | undefined =>
    (engine.us as unknown as { data: Record<string, string[]> }).data[w];
  const noun = (w: string) => {
    const flags = flagsOf(w);
    return (flags?.includes('M') ?? false) && !flags?.some((flag) => 'DGYPTR'.includes(flag));
  };
  return (
    noun(word) ||
    (word.endsWith('s') && (flagsOf(word.slice(0, -1))?.includes('S') ?? false) && noun(word.slice(0, -1)))
  );
}

/**
 * A word the dictionaries lack but that is a regular form of one they have ('triaging' of
 * 'triage', 'lexically' of 'lexical'); 'handleing' is not one ('handle' drops its 'e' before -ing).
 */
function isDerivedForm(engine: SpellingEngine, word: string): boolean {
  // Function words take no endings ('wass' is no form of 'was').
  const known = (w: string) =>
    w.length >= 3 && !STOP_WORDS.has(w) && (engine.us.correct(w) || engine.gb.correct(w));
  // An adverb of an adjective in -ble ('portably').
  if (word.endsWith('bly') && known(`${word.slice(0, -1)}e`)) return true;
  for (const suffix of ['s', 'es', 'ed', 'ing', 'ly', 'er', 'ers', 'ness', 'ment', 'able']) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
    const stem = word.slice(0, -suffix.length);
    // A plain -s after a hissing sound is no regular plural ('statuss').
    if (suffix === 's' && /(?:s|x|z|sh|ch)$/.test(stem)) continue;
    if (known(stem) && !(/^[ei]/.test(suffix) && stem.endsWith('e'))) return true;
    if (/^[ei]/.test(suffix) && known(`${stem}e`)) return true;
  }
  return false;
}

/** A known word one doubled letter (added or dropped) or one 'e' away ('occured', 'comming', 'truely'). */
function doublingSlip(engine: SpellingEngine, word: string): boolean {
  for (let i = 0; i < word.length; i += 1) {
    const letter = word[i] ?? '';
    const dropped = word.slice(0, i) + word.slice(i + 1);
    if ((letter === word[i + 1] || letter === 'e') && engine.us.correct(dropped)) return true;
    if (
      letter !== word[i + 1] &&
      letter !== word[i - 1] &&
      engine.us.correct(word.slice(0, i) + letter + word.slice(i))
    )
      return true;
  }
  return false;
}

/** Whether a lower-case word is a word: known to en-US or en-GB Hunspell (British 'colour', 'focussed'). */
export function isKnownWord(engine: SpellingEngine, word: string): boolean {
  return engine.frequency.has(word) || engine.us.correct(word) || engine.gb.correct(word);
}

/**
 * The correction of a lower-case non-word, or undefined. `suggestions` are harper's (they reach two
 * edits); `own.allowed` are the user's own words, never corrected (names, tags, terms the note uses
 * twice or writes as code); `own.used` every word of the note, which makes a candidate likelier.
 */
export function correctSpelling(
  engine: SpellingEngine,
  word: string,
  suggestions: readonly string[],
  own: OwnWords,
): string | undefined {
  if (word.length < 3 || own.allowed.has(word) || isKnownWord(engine, word)) return undefined;
  // No vowel: an abbreviation or a command ('lld', 'npm'), not a misspelling.
  if (!/[aeiouy]/.test(word)) return undefined;
  // A regular-looking form ('occured', 'truely') is a misspelling when a known word is one doubled
  // or silent-'e' letter away ('occurred', 'truly'): the commonest English misspellings.
  if (isDerivedForm(engine, word) && !doublingSlip(engine, word)) return undefined;
  // A British form the en-GB dictionary lacks but whose American form is known ('parallelises').
  const american = americanSpelling(word);
  if (american !== word && (engine.us.correct(american) || isDerivedForm(engine, american))) return undefined;
  const candidates = new Set<string>();
  // Hunspell knows the inflected and technical forms a spoken-word list lacks ('configurations').
  for (const candidate of oneEditAway(word))
    if (
      engine.frequency.has(candidate) ||
      (plausibleLetters(engine, candidate) && engine.us.correct(candidate))
    )
      candidates.add(candidate);
  for (const suggestion of suggestions) {
    // Plain words the frequency list knows (or the note uses): not 'croquet's' for 'croquetas'.
    if (/^[a-z]+$/.test(suggestion) && (engine.frequency.has(suggestion) || own.used.has(suggestion)))
      candidates.add(suggestion);
  }
  let best: { word: string; score: number } | undefined;
  for (const candidate of candidates) {
    const distance = typoDistance(word, candidate);
    // Short words have many neighbours: one edit only, and never a word of one or two letters.
    if (distance > 2 || (word.length < 6 && distance > 1) || candidate.length < 3) continue;
    const swap = isSwap(word, candidate);
    const frequency = engine.frequency.get(candidate) ?? 0;
    // One of the commonest words ('the', 'with', 'have'): a slip on its first or last letter is
    // likelier than a rare word ('ethe', 'qith', 'havew').
    const veryCommon = frequency >= VERY_COMMON;
    // A typo rarely hits the first letter (unless on a neighbouring key of a very common word), and a
    // word with letters added to or cut from one end is a form of it ('usize', 'sizes'), not a typo,
    // unless it is a doubled last letter ('addd').
    const firstLetterSlip =
      veryCommon && word.length === candidate.length && nearOnKeyboard(word[0] ?? '', candidate[0] ?? '');
    if (candidate[0] !== word[0] && !swap && !firstLetterSlip && !(veryCommon && word.endsWith(candidate)))
      continue;
    if (
      word.startsWith(candidate) &&
      word.slice(candidate.length) !== candidate.slice(-1) &&
      !(veryCommon && word.length === candidate.length + 1)
    )
      continue;
    if (word.endsWith(candidate) && !(veryCommon && word.length === candidate.length + 1)) continue;
    // British and American spellings of one word are both right ('parallelises').
    if (isRegionalVariant(word, candidate)) return undefined;
    // A word only Hunspell knows (not in the frequency list) must be a slip of the finger away:
    // 'configuratiens' is 'configurations', 'parallelises' is not 'parallelisms'.
    if (!engine.frequency.has(candidate) && !plausibleSubstitution(word, candidate)) continue;
    // A short word has many neighbours: only a slip of the finger counts ('knex' stays, 'tbe' is 'the').
    if (word.length <= 4 && !plausibleSubstitution(word, candidate)) continue;
    // A letter typed in that is no slip, to reach a rare word ('stdout' is not 'stout').
    if (
      word.length > candidate.length &&
      distance === 1 &&
      frequency < 1_000 &&
      !plausibleInsertion(word, candidate)
    )
      continue;
    // A rare word ('serif' for the handle 'sgrif') is a guess, unless the note uses it.
    // A short non-word is as likely an abbreviation or a command ('rustc', 'impl', 'api') as a slip:
    // corrected only to a very common word or one the note uses (a common one for swapped letters:
    // 'yuo', 'htis', not 'perf' -> 'pref'), or for a doubled last letter ('addd').
    const doubled = word === candidate + candidate.slice(-1);
    // ...and by dropping a letter only when it is a slip next to its neighbour ('tghe', 'asnd'; not
    // 'todo' -> 'too').
    if (word.length <= 5 && word.length > candidate.length && !plausibleInsertion(word, candidate)) continue;
    // A five-letter word is long enough that a slip to a fairly common word is likelier ('besed', 'ceate').
    const floor = swap ? 1_000 : word.length === 5 && plausibleSubstitution(word, candidate) ? 1_000 : 10_000;
    if (word.length <= 5 && !doubled && frequency < floor && !own.used.has(candidate)) continue;
    // Two edits away is a guess unless the word is common or the note uses it ('croquetas' is not 'croquettes').
    if (distance === 2 && frequency < 500 && !own.used.has(candidate)) continue;
    // A word Wikipedia writes is a word of its own ('ryokan' is not 'roman'), unless it is one slip
    // from another ('recieve').
    if (distance === 2 && engine.listedUnknown.has(word)) continue;
    let score = Math.log(frequency + 1);
    if (own.used.has(candidate)) score += frequency < 100_000 ? 4 : 1;
    if (swap) score += 3;
    // A key held a moment too long ('addd') is as common a slip as swapped letters.
    if (doubled) score += 2;
    // About one typo in fifteen is on the first letter.
    if (candidate[0] !== word[0]) score -= 2.7;
    if (distance === 2) score -= 4;
    if (!best || score > best.score) best = { word: candidate, score };
  }
  return best?.word;
}
