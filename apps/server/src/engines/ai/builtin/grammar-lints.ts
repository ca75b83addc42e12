import type { LocalLinter } from 'harper.js';
import { CONFUSED_WITH } from './confusables';
import { type Edit, isProseWord, LOWER_CASE_WORD } from './grammar-words';
import { correctSpelling, isKnownWord, type OwnWords, type SpellingEngine } from './spelling';

/**
 * harper's lints for the grammar pass, copied out of WebAssembly memory, and the spelling pass
 * over every unknown word that uses them.
 */

/**
 * The harper rules whose fixes are safe to apply without asking: a doubled word, 'a'/'an', a
 * lower-case sentence start or 'i', and spelling (of non-words only, see `correctSpelling`). Every
 * other rule (style, word choice, 'OrthographicConsistency' that turned 'Sam' into 'SAM',
 * 'OpenCompounds' that split 'setup') rewrites what the author may have meant, and is used only
 * where it swaps one commonly confused word for its partner ('their' -> 'there').
 */
export const SAFE_RULES = new Set([
  'RepeatedWords',
  'AnA',
  'SentenceCapitalization',
  'CapitalizePersonalPronouns',
  'SpellCheck',
  'SplitWords',
]);

/** What a whole-note check knows beyond one segment: the spelling engine and the user's own words. */
export interface GrammarContext {
  spelling: SpellingEngine;
  own: OwnWords;
  /** Each distinct word's correction (or none), decided once per note. */
  corrections: Map<string, string | undefined>;
}

export interface HarperLint {
  rule: string;
  start: number;
  end: number;
  suggestions: Array<{ kind: number; text: string }>;
}

/** harper's lints of the rules we use, copied out of WebAssembly memory (and freed there). */
export async function harperLints(linter: LocalLinter, text: string): Promise<HarperLint[]> {
  const out: HarperLint[] = [];
  const organized = await linter.organizedLints(text, { language: 'markdown' });
  for (const [rule, lints] of Object.entries(organized)) {
    for (const lint of lints) {
      try {
        const problem = lint.get_problem_text();
        if (!SAFE_RULES.has(rule) && !CONFUSED_WITH.has(problem.toLowerCase().replace(/’/g, "'"))) continue;
        const span = lint.span();
        const start = span.start;
        const end = span.end;
        span.free();
        // Harper reports UTF-16 offsets; if that ever changes, skip rather than corrupt.
        if (text.slice(start, end) !== problem) continue;
        const suggestions = lint.suggestions().map((suggestion) => {
          const option = { kind: suggestion.kind(), text: suggestion.get_replacement_text() };
          suggestion.free();
          return option;
        });
        out.push({ rule, start, end, suggestions });
      } finally {
        lint.free();
      }
    }
  }
  return out;
}

/** Words harper's curated dictionary knows (it has technical words Hunspell lacks: 'backend', 'getter'). */
const harperKnows = new Map<string, boolean>();

/** Asks harper, in one check, which of these words its dictionary knows; remembered for the process. */
async function learnHarperWords(linter: LocalLinter, words: string[]): Promise<void> {
  const unknown = words.filter((word) => !harperKnows.has(word));
  if (unknown.length === 0) return;
  const probe = `The ${unknown.join(' ')}.`;
  const flagged = new Set<string>();
  for (const lint of await harperLints(linter, probe))
    if (lint.rule === 'SpellCheck' || lint.rule === 'SplitWords')
      for (const word of probe.slice(lint.start, lint.end).split(/\s+/)) flagged.add(word);
  for (const word of unknown) harperKnows.set(word, !flagged.has(word));
}

/**
 * Every lower-case prose word that neither Hunspell nor harper knows, corrected by the spelling
 * engine (once per distinct word and note); harper's suggestions for the word, where it flagged it
 * in place, are candidates too.
 */
export async function spellingEdits(
  linter: LocalLinter,
  text: string,
  context: GrammarContext,
  lints: HarperLint[],
): Promise<Edit[]> {
  const suggested = new Map<number, string[]>();
  for (const lint of lints)
    if (lint.rule === 'SpellCheck')
      suggested.set(
        lint.start,
        lint.suggestions.filter((s) => s.kind === 0).map((s) => s.text),
      );
  const words: Array<{ word: string; start: number; end: number }> = [];
  for (const match of text.matchAll(/[A-Za-z]+(?:['’][A-Za-z]+)*/g)) {
    const word = match[0];
    const start = match.index;
    const end = start + word.length;
    if (!LOWER_CASE_WORD.test(word) || !isProseWord(text, start, end)) continue;
    if (context.corrections.get(word) === undefined && context.corrections.has(word)) continue;
    if (context.own.allowed.has(word) || isKnownWord(context.spelling, word)) {
      context.corrections.set(word, undefined);
      continue;
    }
    words.push({ word, start, end });
  }
  await learnHarperWords(linter, [...new Set(words.map(({ word }) => word))]);
  const edits: Edit[] = [];
  for (const { word, start, end } of words) {
    if (!context.corrections.has(word))
      context.corrections.set(
        word,
        harperKnows.get(word)
          ? undefined
          : correctSpelling(context.spelling, word, suggested.get(start) ?? [], context.own),
      );
    const fix = context.corrections.get(word);
    if (fix !== undefined) edits.push({ start, end, replacement: fix });
  }
  return edits;
}

/**
 * harper checks paragraphs in batches of about this many characters: one call per paragraph costs
 * about twice the time (each call has its own setup), one call for a whole long note would block the
 * event loop for its whole length.
 */
export const BATCH_LENGTH = 16_000;

/** harper's lints of several paragraphs from one call on them joined by blank lines, each paragraph's at its own offsets. */
export async function batchLints(linter: LocalLinter, texts: string[]): Promise<HarperLint[][]> {
  const starts: number[] = [];
  let offset = 0;
  for (const text of texts) {
    starts.push(offset);
    offset += text.length + 2;
  }
  const out = texts.map((): HarperLint[] => []);
  for (const lint of await harperLints(linter, texts.join('\n\n'))) {
    let index = starts.length - 1;
    while (index > 0 && (starts[index] ?? 0) > lint.start) index -= 1;
    const start = starts[index] ?? 0;
    if (lint.end > start + (texts[index]?.length ?? 0)) continue;
    out[index]?.push({ ...lint, start: lint.start - start, end: lint.end - start });
  }
  return out;
}
