import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type NSpell from 'nspell';
import { STOP_WORDS } from '../heuristics/text';
import { americanSpelling, isRegionalVariant } from './grammar-words';
import { type OwnWords, ownWordsOf } from './own-words';
import {
  allTrigramsIn,
  isSwap,
  nearOnKeyboard,
  plausibleEditsAway,
  plausibleInsertion,
  plausibleSubstitution,
  slipsAway,
  type TrigramTable,
  trigramTable,
  typoDistance,
} from './spelling-edits';

export { type OwnWords, ownWordsOf, typoDistance };

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
  trigrams: TrigramTable;
  /**
   * Lower-case words Wikipedia uses that the dictionaries lack: loanwords and terms ('ryokan', 'izakaya')
   * as well as common misspellings. Such a word is corrected only to a word one edit away.
   */
  listedUnknown: Set<string>;
  /** The starts of fairly common long words ('lang' of 'language', 'impl' of 'implement'): abbreviations. */
  clipped: Set<string>;
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
    const trigrams = trigramTable(frequency.keys());
    const clipped = new Set<string>();
    for (const [word, count] of frequency)
      if (count >= 1_000) for (let end = 4; end + 3 <= word.length; end += 1) clipped.add(word.slice(0, end));
    return { us, gb: nspell(gb), frequency, trigrams, listedUnknown, clipped };
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

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The count of the commonest words (about the top 150: 'the', 'with', 'have', 'always'). */
const VERY_COMMON = 40_000;

/** Whether every three-letter run of a string occurs in some common word (cheap, before asking Hunspell). */
function plausibleLetters(engine: SpellingEngine, candidate: string): boolean {
  return allTrigramsIn(engine.trigrams, `^${candidate}$`);
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
 * The stem of a word the dictionaries lack but that is a regular form of one they have ('triaging'
 * of 'triage', 'lexically' of 'lexical'), or undefined; 'handleing' is not one ('handle' drops its
 * 'e' before -ing), nor 'copys' (a consonant and 'y' take '-ies') or 'usinging' (no ending twice).
 */
function derivedStem(engine: SpellingEngine, word: string): string | undefined {
  // Function words take no endings ('wass' is no form of 'was').
  const known = (w: string) =>
    w.length >= 3 && !STOP_WORDS.has(w) && (engine.us.correct(w) || engine.gb.correct(w));
  // An adverb of an adjective in -ble ('portably').
  if (word.endsWith('bly') && known(`${word.slice(0, -1)}e`)) return `${word.slice(0, -1)}e`;
  for (const suffix of ['s', 'es', 'ed', 'ing', 'ly', 'er', 'ers', 'ness', 'ment', 'able']) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
    const stem = word.slice(0, -suffix.length);
    // A plain -s after a hissing sound is no regular plural ('statuss').
    if (suffix === 's' && /(?:s|x|z|sh|ch)$/.test(stem)) continue;
    if (/[^aeiou]y$/.test(stem) && !['ing', 'ment', 'able'].includes(suffix)) continue;
    if (/(?:ing|ed)$/.test(stem) && suffix !== 'ly') continue;
    if (known(stem) && !(/^[ei]/.test(suffix) && stem.endsWith('e'))) return stem;
    if (/^[ei]/.test(suffix) && known(`${stem}e`)) return `${stem}e`;
  }
  return undefined;
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
  // No vowel: an abbreviation or a command ('lld', 'npm'), unless a neighbouring key took a vowel's
  // place in a very common word ('wqs', 'thst').
  const noVowel = !/[aeiouy]/.test(word);
  // A common word cut short after a consonant is an abbreviation ('lang', 'impl', 'perf'), unless
  // only its last letter is missing ('retur').
  if (
    word.length <= 6 &&
    /[^aeiouy]$/.test(word) &&
    engine.clipped.has(word) &&
    ![...LETTERS].some((letter) => engine.frequency.has(word + letter))
  )
    return undefined;
  // A regular-looking form ('occured', 'truely') is a misspelling when a known word is one doubled
  // or silent-'e' letter away ('occurred', 'truly'): the commonest English misspellings. Otherwise
  // it stands, unless a far commoner word is one slip away ('lits' is 'list', 'memer' 'member').
  const stem = doublingSlip(engine, word) ? undefined : derivedStem(engine, word);
  // A British form the en-GB dictionary lacks but whose American form is known ('parallelises').
  const american = americanSpelling(word);
  if (
    american !== word &&
    (word.length >= 5 || !/our/.test(word)) &&
    (engine.us.correct(american) || (american.includes('iz') && derivedStem(engine, american) !== undefined))
  )
    return undefined;
  const candidates = new Set<string>();
  const knownCandidate = (candidate: string) =>
    engine.frequency.has(candidate) || (plausibleLetters(engine, candidate) && engine.us.correct(candidate));
  // Hunspell knows the inflected and technical forms a spoken-word list lacks ('configurations').
  // Every word of the frequency list passes the three-letter runs, so filtering by them first is exact.
  for (const candidate of plausibleEditsAway(word, engine.trigrams))
    if (engine.frequency.has(candidate) || engine.us.correct(candidate)) candidates.add(candidate);
  // A letter struck early or late, a run typed twice: one slip, though two edits ('yrea', 'intoto').
  const slips = new Set([...slipsAway(word)].filter(knownCandidate));
  for (const candidate of slips) candidates.add(candidate);
  for (const suggestion of suggestions) {
    // Plain words the frequency list knows (or the note uses): not 'croquet's' for 'croquetas'.
    if (/^[a-z]+$/.test(suggestion) && (engine.frequency.has(suggestion) || own.used.has(suggestion)))
      candidates.add(suggestion);
  }
  let best: { word: string; score: number } | undefined;
  for (const candidate of candidates) {
    const score = candidateScore(engine, word, candidate, own, slips.has(candidate), noVowel, stem);
    if (score === undefined) continue;
    // British and American spellings of one word are both right ('parallelises').
    if (american !== word && isRegionalVariant(word, candidate)) return undefined;
    if (!best || score > best.score) best = { word: candidate, score };
  }
  return best?.word;
}

/** Whether the one letter that differs is a vowel's neighbouring key ('wqs' for 'was', 'thst' for 'that'). */
function vowelKeySlip(word: string, candidate: string): boolean {
  const at = [...word].findIndex((letter, i) => letter !== candidate[i]);
  return (
    word.slice(at + 1) === candidate.slice(at + 1) &&
    /[aeiou]/.test(candidate[at] ?? '') &&
    nearOnKeyboard(word[at] ?? '', candidate[at] ?? '')
  );
}

/** How likely `candidate` is what was meant by the non-word `word`, or undefined when it is no typo of it. */
function candidateScore(
  engine: SpellingEngine,
  word: string,
  candidate: string,
  own: OwnWords,
  slip: boolean,
  noVowel: boolean,
  stem: string | undefined,
): number | undefined {
  const distance = slip ? 1 : typoDistance(word, candidate);
  // Short words have many neighbours: one edit only, and never a word of one or two letters.
  if (distance > 2 || (word.length < 6 && distance > 1) || candidate.length < 3) return undefined;
  const swap = isSwap(word, candidate);
  const frequency = engine.frequency.get(candidate) ?? 0;
  // One of the commonest words ('the', 'with', 'have'): a slip on its first or last letter is
  // likelier than a rare word ('ethe', 'qith', 'havew').
  const veryCommon = frequency >= VERY_COMMON;
  const sameLength = word.length === candidate.length;
  if (noVowel && !(sameLength && frequency >= 10_000 && vowelKeySlip(word, candidate))) return undefined;
  // A regular form of a known word: only a slip to a far commoner word ('lits' -> 'list').
  if (
    stem !== undefined &&
    (distance > 1 || frequency < Math.max(1_000, 20 * (engine.frequency.get(stem) ?? 0)))
  )
    return undefined;
  // A key held a moment too long ('addd', 'aadd').
  const doubled = word === candidate + candidate.slice(-1) || word === candidate[0] + candidate;
  // A typo rarely hits the first letter (unless on a neighbouring key, or a vowel for a vowel in a
  // long word), and a word with letters added to or cut from one end is a form of it ('usize',
  // 'sizes'), not a typo, unless it is a doubled letter ('addd') or a stray key ('lastr').
  const firstLetterSlip =
    sameLength &&
    ((veryCommon && nearOnKeyboard(word[0] ?? '', candidate[0] ?? '')) ||
      (word.length >= 5 && word.slice(1) === candidate.slice(1) && plausibleSubstitution(word, candidate)));
  const strayKey =
    word.length >= 5 &&
    word.length === candidate.length + 1 &&
    frequency >= 1_000 &&
    plausibleInsertion(word, candidate);
  if (!slip && !doubled) {
    if (candidate[0] !== word[0] && !swap && !firstLetterSlip && !(veryCommon && word.endsWith(candidate)))
      if (!(word.length >= 7 && word.endsWith(candidate) && strayKey)) return undefined;
    if (word.startsWith(candidate) && !(veryCommon && word.length === candidate.length + 1) && !strayKey)
      return undefined;
    if (
      word.endsWith(candidate) &&
      !(veryCommon && word.length === candidate.length + 1) &&
      !(word.length >= 7 && strayKey)
    )
      return undefined;
  }
  // A word only Hunspell knows (not in the frequency list) must be a slip of the finger away:
  // 'configuratiens' is 'configurations', 'parallelises' is not 'parallelisms'.
  if (!engine.frequency.has(candidate) && !plausibleSubstitution(word, candidate)) return undefined;
  // A short word has many neighbours: only a slip of the finger counts ('knex' stays, 'tbe' is 'the').
  if (word.length <= 4 && !plausibleSubstitution(word, candidate)) return undefined;
  // A letter typed in that is no slip, to reach a rare word ('stdout' is not 'stout'), in a short word.
  if (
    word.length > candidate.length &&
    distance === 1 &&
    frequency < 1_000 &&
    word.length < 7 &&
    !plausibleInsertion(word, candidate)
  )
    return undefined;
  // A short non-word is as likely an abbreviation or a command ('rustc', 'impl', 'api') as a slip:
  // corrected only to a very common word or one the note uses (a common one for swapped letters:
  // 'yuo', 'htis', not 'perf' -> 'pref'), or for a doubled letter ('addd'); by dropping a letter
  // only when it is a slip next to its neighbour ('tghe', 'asnd'; not 'todo' -> 'too') or the word
  // is one of the commonest ('anid').
  const strayInsertion = word.length > candidate.length && !plausibleInsertion(word, candidate);
  if (word.length <= 5 && strayInsertion && !(veryCommon && !word.startsWith(candidate))) return undefined;
  // A five-letter word is long enough that a slip to a fairly common word is likelier ('besed', 'ceate').
  const floor =
    swap || (slip && word.length > 4)
      ? 1_000
      : word.length === 5 && plausibleSubstitution(word, candidate)
        ? 1_000
        : 10_000;
  if (word.length <= 5 && !doubled && frequency < floor && !own.used.has(candidate)) return undefined;
  // Two edits away is a guess unless the word is common or the note uses it ('croquetas' is not 'croquettes').
  if (distance === 2 && frequency < 500 && !own.used.has(candidate)) return undefined;
  // A word Wikipedia writes is a word of its own ('ryokan' is not 'roman'), unless it is one slip
  // from another ('recieve').
  if (distance === 2 && engine.listedUnknown.has(word)) return undefined;
  // Past the commonest few hundred words, how common a word is says little ('them' for 'thme', not 'the').
  let score = Math.log(Math.min(frequency, 1_000_000) + 1);
  if (strayInsertion) score -= 1;
  if (own.used.has(candidate)) score += frequency < 100_000 ? 4 : 1;
  if (swap) score += 3;
  // A letter moved is a rarer slip than one left out ('isues' is 'issues', not 'issue').
  if (slip && word.length === candidate.length) score -= 1;
  // A key held a moment too long ('addd') is as common a slip as swapped letters.
  if (doubled) score += 2;
  // About one typo in fifteen is on the first letter.
  if (candidate[0] !== word[0]) score -= 2.7;
  if (distance === 2) score -= 4;
  return score;
}
