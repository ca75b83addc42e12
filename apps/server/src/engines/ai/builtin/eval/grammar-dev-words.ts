// Word-level spelling recall and precision on many more misspellings than the development sets
// hold (173 non-word errors): the development half of codespell's list (grammar-dev/misspellings.txt,
// CC BY-SA 3.0; the other half is never read here) put into the development texts' own sentences.
// `npm run ai-eval:grammar-words -w @notewise/server [tune|check] [--list]` prints recall,
// precision, wrong fixes and damage for the pairs whose correct word hashes to the 'tune' half and
// to the 'check' half (tune on one, confirm on the other, so a change that fits words is seen).

import { readFileSync } from 'node:fs';
import { fixGrammar } from '../grammar';
import { grammarSegments, protectedRanges } from '../grammar-markup';
import { isProseWord } from '../grammar-words';
import { isKnownWord, loadSpelling } from '../spelling';
import { collect } from './builtin-engine';
import { TOKEN } from './score-grammar';
import {
  evaluateInserted,
  formatInsertedReport,
  type InsertedCase,
  type InsertedError,
  loadInsertedSet,
} from './score-inserted';

const FIXTURES = new URL('../../../../../test/fixtures/third-party/', import.meta.url);
const DEV_SETS = ['grammar-dev/', 'grammar-dev-2/'];
/** Copies of each text, each with its own misspellings. */
const VARIANTS = 8;
/** About one prose word in this many gets a misspelling (the development sets insert one in 90). */
const EVERY = 40;

/** A small deterministic generator (the same cases on every run). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Which half a correct word is in: 'tune' or 'check' (a string hash, stable across runs). */
export function halfOf(word: string): 'tune' | 'check' {
  let hash = 7;
  for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return hash % 2 === 0 ? 'tune' : 'check';
}

/** The reference with these misspellings in place of their words. */
function withErrors(reference: string, errors: InsertedError[]): string {
  let input = reference;
  for (const error of [...errors].sort((a, b) => b.referenceOffset - a.referenceOffset))
    input =
      input.slice(0, error.referenceOffset) +
      error.wrong +
      input.slice(error.referenceOffset + error.right.length);
  return input;
}

/** The word-level cases: each development text copied VARIANTS times with fresh misspellings. */
export async function wordCases(): Promise<InsertedCase[]> {
  const spelling = await loadSpelling();
  const wrongsOf = new Map<string, string[]>();
  const list = readFileSync(new URL('grammar-dev/misspellings.txt', FIXTURES), 'utf8');
  for (const line of list.split('\n')) {
    const [wrong, right] = line.split('->');
    // Non-words only, as the development sets insert them: a misspelling neither dictionary knows.
    if (!wrong || !right || !/^[a-z]+$/.test(wrong) || !/^[a-z]+$/.test(right)) continue;
    if (isKnownWord(spelling, wrong)) continue;
    wrongsOf.set(right, [...(wrongsOf.get(right) ?? []), wrong]);
  }
  const texts = DEV_SETS.flatMap((set) => loadInsertedSet(new URL(set, FIXTURES)));
  const random = generator(2026);
  const cases: InsertedCase[] = [];
  for (const text of texts) {
    const reference = text.reference;
    const ranges = protectedRanges(reference);
    // Where prose is: the checked segments' spans.
    const prose: Array<[number, number]> = [];
    let at = 0;
    for (const segment of grammarSegments(reference)) {
      if (segment.check) prose.push([at, at + segment.text.length]);
      at += segment.text.length + 1;
    }
    const slots = [...reference.matchAll(TOKEN)].filter((match) => {
      const start = match.index;
      const end = start + match[0].length;
      return (
        wrongsOf.has(match[0]) &&
        isProseWord(reference, start, end) &&
        prose.some(([from, to]) => start >= from && end <= to) &&
        !ranges.some(([from, to]) => start < to && end > from)
      );
    });
    for (let variant = 0; variant < VARIANTS; variant += 1) {
      const errors: InsertedError[] = [];
      const used = new Set<string>();
      for (const slot of slots) {
        // Each slot with the chance that gives about one misspelling per EVERY words of the text.
        if (random() >= reference.split(/\s+/).length / EVERY / slots.length) continue;
        const options = (wrongsOf.get(slot[0]) ?? []).filter(
          (wrong) => !used.has(wrong) && !reference.includes(wrong),
        );
        const wrong = options[Math.floor(random() * options.length)];
        if (!wrong) continue;
        used.add(wrong);
        errors.push({ referenceOffset: slot.index, wrong, right: slot[0], type: 'non-word' });
      }
      cases.push({ ...text, id: `${text.id}#${variant}`, input: withErrors(reference, errors), errors });
    }
  }
  return cases;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.find((arg) => arg === 'tune' || arg === 'check');
  const all = await wordCases();
  for (const half of ['tune', 'check'] as const) {
    if (only && only !== half) continue;
    // Each half is scored on its own words only.
    const cases = all.map((item) => {
      const errors = item.errors.filter((error) => halfOf(error.right) === half);
      return { ...item, input: withErrors(item.reference, errors), errors };
    });
    const report = await evaluateInserted(cases, (text) => collect(fixGrammar(text)));
    console.log(
      formatInsertedReport(`codespell's development pairs in the development texts, '${half}' half`, report),
    );
    if (process.argv.includes('--list'))
      for (const key of ['missed', 'wrongFixes', 'damagedNames', 'damagedWords'] as const)
        if (report[key].length) console.log(`\n${key}:\n  ${report[key].join('\n  ')}`);
    console.log('');
  }
}
