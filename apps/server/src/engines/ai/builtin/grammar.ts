import { setImmediate as nextTurn } from 'node:timers/promises';
import type { LocalLinter } from 'harper.js';
import { endsWithAbbreviation } from '../heuristics/text';
import { CONFUSED_WITH, confusableEdits } from './confusables';
import { grammarSegments, markupSignature, protectedRanges } from './grammar-markup';
import {
  calendarName,
  doubleSpaceEdits,
  type Edit,
  isProseWord,
  LOWER_CASE_WORD,
  spellingFix,
} from './grammar-words';
import {
  correctSpelling,
  isKnownWord,
  isNoun,
  loadSpelling,
  type OwnWords,
  ownWordsOf,
  type SpellingEngine,
} from './spelling';

/**
 * Grammar with harper.js (https://writewithharper.com), fully offline: its WebAssembly binary ships
 * inside the npm package. In Node we use `LocalLinter` with the *slim* binary module
 * (`harper.js/slimBinary`), which points at `harper_wasm_slim_bg.wasm` next to the module by a
 * `file://` URL; harper.js reads such URLs with `fs` when `process` exists, so nothing is fetched.
 * The module is imported lazily on the first grammar request (it costs ~3 s, blocking, and ~200 MB
 * of memory), once per process, and then shared: the linter is synchronous inside, so calls never
 * interleave. Later checks take milliseconds per paragraph, with a yield to the event loop between.
 */
let linterPromise: Promise<LocalLinter> | undefined;

/** Whether anything has asked for harper yet (nothing does at server start). */
export function harperRequested(): boolean {
  return linterPromise !== undefined;
}

export function loadHarper(): Promise<LocalLinter> {
  linterPromise ??= (async () => {
    const [{ LocalLinter, Dialect }, { slimBinary }] = await Promise.all([
      import('harper.js'),
      import('harper.js/slimBinary'),
    ]);
    const linter = new LocalLinter({ binary: slimBinary, dialect: Dialect.American });
    await linter.setup();
    // harper runs some 700 rules; only the ones whose fixes are applied are switched on, which
    // makes a long note several times faster to check.
    const config = await linter.getLintConfig();
    for (const rule of Object.keys(config))
      config[rule] = SAFE_RULES.has(rule) || HARPER_CONFUSION_RULE.test(rule);
    await linter.setLintConfig(config);
    // The spelling dictionary initialises on first use (~2 s): pay that once, here, not mid-note.
    for (const lint of await linter.lint('Warm up teh speling of Kysely getUserId.', {
      language: 'markdown',
    }))
      lint.free();
    return linter;
  })().catch((error: unknown) => {
    linterPromise = undefined;
    throw error;
  });
  return linterPromise;
}

/**
 * The harper rules whose fixes are safe to apply without asking: a doubled word, 'a'/'an', a
 * lower-case sentence start or 'i', and spelling (of non-words only, see `correctSpelling`). Every
 * other rule (style, word choice, 'OrthographicConsistency' that turned 'Sam' into 'SAM',
 * 'OpenCompounds' that split 'setup') rewrites what the author may have meant, and is used only
 * where it swaps one commonly confused word for its partner ('their' -> 'there').
 */
const SAFE_RULES = new Set([
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

/** harper rules about the commonly confused words of `CONFUSED_WITH` ('ThenThan', 'TheirToThere', 'ItsContraction'). */
const HARPER_CONFUSION_RULE =
  /Their|There|Theyre|Its|Your|Then|Than|ToToo|TooTo|ToLose|WereWhere|Whose|Affect|Effect|Brake/;

/** Doubled words that can be right: 'I said that that was fine', 'she had had enough', 'many many more'. */
const DOUBLES_THAT_CAN_BE_RIGHT = new Set([
  'that',
  'had',
  'is',
  'many',
  'very',
  'really',
  'so',
  'much',
  'more',
  'far',
  'no',
  'yes',
]);

const LINE_START_MARKER =
  /^[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+|(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)$/;

/**
 * A lower-case sentence start is capitalised only in punctuated prose: not the first word of a
 * list item or heading (a lower-case to-do list is a style), not a line without a sentence end
 * (a label, a list typed without dashes), not after an abbreviation ('e.g. the').
 */
function isProseSentenceStart(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const prefix = text.slice(lineStart, start);
  if (LINE_START_MARKER.test(prefix) && /[#\-*+\d]/.test(prefix)) return false;
  const lineEnd = text.indexOf('\n', end);
  if (!/[.!?](?:["')\]*_]*)(?:\s|$)/.test(text.slice(end, lineEnd === -1 ? undefined : lineEnd)))
    return false;
  const before = text.slice(0, start).trimEnd();
  // The sentence before must end right here: a '?' inside a link's text ('[Why?](#why) section') does not.
  if (before && !/[.!?]["'”’*_]*$/.test(before)) return false;
  return !(before.endsWith('.') && endsWithAbbreviation(before.slice(0, -1)));
}

function sameCaseAs(model: string, word: string): string {
  return /^\p{Lu}/u.test(model) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** The edit a lint of a safe rule makes, or undefined when it is not confident enough to apply. */
function safeEdit(
  rule: string,
  text: string,
  start: number,
  end: number,
  suggestions: Array<{ kind: number; text: string }>,
  context: GrammarContext | undefined,
): Edit | undefined {
  const problem = text.slice(start, end);
  const first = suggestions[0];
  if (!first) return undefined;
  switch (rule) {
    case 'RepeatedWords': {
      const parts = problem.split(/\s+/);
      const word = parts[0] ?? '';
      if (parts.length < 2 || !parts.every((part) => part.toLowerCase() === word.toLowerCase()))
        return undefined;
      if (DOUBLES_THAT_CAN_BE_RIGHT.has(word.toLowerCase())) return undefined;
      return { start, end, replacement: word };
    }
    case 'AnA': {
      const article = problem.toLowerCase();
      if (article !== 'a' && article !== 'an') return undefined;
      return { start, end, replacement: sameCaseAs(problem, article === 'a' ? 'an' : 'a') };
    }
    case 'CapitalizePersonalPronouns':
      // Not 'i++' or 'i=0' in a dev note's prose.
      if (problem !== 'i' || first.text !== 'I' || !isProseWord(text, start, end)) return undefined;
      return /^(?:$|[\s'’,.;:!?)])/.test(text.slice(end, end + 1))
        ? { start, end, replacement: 'I' }
        : undefined;
    case 'SentenceCapitalization': {
      const capitalised = problem.charAt(0).toUpperCase() + problem.slice(1);
      if (!LOWER_CASE_WORD.test(problem) || first.text !== capitalised) return undefined;
      if (!isProseWord(text, start, end) || !isProseSentenceStart(text, start, end)) return undefined;
      return { start, end, replacement: capitalised };
    }
    // 'htis' and 'addd' come as 'SplitWords' ('ht is', 'ad dd'): the spelling engine decides those too.
    case 'SplitWords':
    case 'SpellCheck': {
      if (!isProseWord(text, start, end)) return undefined;
      const replacements = suggestions.filter((s) => s.kind === 0).map((s) => s.text);
      const fix =
        calendarName(problem, replacements) ??
        // With a spelling engine, lower-case words are the spelling pass's (every word, not only
        // the ones harper flags); harper's suggestions are passed to it as candidates.
        (rule === 'SpellCheck' && !context ? spellingFix(problem, replacements) : undefined);
      return fix === undefined ? undefined : { start, end, replacement: fix };
    }
    default: {
      // Any other harper rule (ThenThan, TheirToThere, ItsContraction, ...) only where it swaps one
      // commonly confused word for its partner; harper's word-choice and agreement rules, only where they swap one commonly confused word for its partner.
      const partners = CONFUSED_WITH.get(problem.toLowerCase().replace(/’/g, "'"));
      const partner = suggestions.find((s) => s.kind === 0 && partners?.includes(s.text.toLowerCase()));
      if (!partner || !isProseWord(text, start, end)) return undefined;
      return { start, end, replacement: sameCaseAs(problem, partner.text.toLowerCase()) };
    }
  }
}

interface HarperLint {
  rule: string;
  start: number;
  end: number;
  suggestions: Array<{ kind: number; text: string }>;
}

/** harper's lints of the rules we use, copied out of WebAssembly memory (and freed there). */
async function harperLints(linter: LocalLinter, text: string): Promise<HarperLint[]> {
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
async function spellingEdits(
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

/** One pass: spelling, real-word rules, then every confident harper fix that overlaps none of them or any markup. */
async function fixOnce(linter: LocalLinter, text: string, context?: GrammarContext): Promise<string> {
  const ranges = protectedRanges(text);
  const overlapsMarkup = (edit: Edit) =>
    ranges.some(([from, to]) => edit.start < to && Math.max(edit.end, edit.start + 1) > from);
  const isProtected = (start: number, end: number) => overlapsMarkup({ start, end, replacement: '' });
  const edits: Edit[] = [];
  const overlapsEdit = (edit: Edit) =>
    edits.some((other) => edit.start < other.end && edit.end > other.start);
  const add = (edit: Edit) => {
    if (!overlapsMarkup(edit) && !overlapsEdit(edit)) edits.push(edit);
  };
  const lints = await harperLints(linter, text);
  if (context) for (const edit of await spellingEdits(linter, text, context, lints)) add(edit);
  const isNounWord = (word: string) => (context ? isNoun(context.spelling, word) : false);
  for (const edit of [
    ...confusableEdits(text, isProtected, isNounWord),
    ...doubleSpaceEdits(text, isProtected),
  ])
    add(edit);
  for (const lint of lints) {
    const edit = safeEdit(lint.rule, text, lint.start, lint.end, lint.suggestions, context);
    if (edit) add(edit);
  }
  // Apply from the end so earlier offsets stay valid; skip any edit overlapping one already applied.
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let result = text;
  let limit = Number.POSITIVE_INFINITY;
  for (const edit of edits) {
    if (edit.end > limit) continue;
    result = result.slice(0, edit.start) + edit.replacement + result.slice(edit.end);
    limit = edit.start;
  }
  return result;
}

export { grammarSegments };

const MAX_PASSES = 3;

/** Fixes one block of Markdown prose; a result that changed any markup is thrown away. */
export async function fixSegment(
  linter: LocalLinter,
  segment: string,
  context?: GrammarContext,
): Promise<string> {
  if (!/[\p{L}]/u.test(segment)) return segment;
  let text = segment;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const fixed = await fixOnce(linter, text, context);
    if (fixed === text) break;
    if (markupSignature(fixed) !== markupSignature(segment)) break;
    text = fixed;
  }
  return text;
}

/** Yields the corrected note segment by segment (a segment and the line break after it). */
export async function* fixGrammar(
  markdown: string,
  signal?: AbortSignal,
  userWords: Iterable<string> = [],
): AsyncGenerator<string> {
  const [linter, spelling] = await Promise.all([loadHarper(), loadSpelling()]);
  const text = markdown.replace(/\r\n?/g, '\n');
  const context: GrammarContext = {
    spelling,
    own: ownWordsOf(text, userWords),
    corrections: new Map(),
  };
  const segments = grammarSegments(text);
  for (const [index, segment] of segments.entries()) {
    signal?.throwIfAborted();
    const fixed = segment.check ? await fixSegment(linter, segment.text, context) : segment.text;
    yield index < segments.length - 1 ? `${fixed}\n` : fixed;
    // Let other requests run between paragraphs.
    await nextTurn();
  }
}
