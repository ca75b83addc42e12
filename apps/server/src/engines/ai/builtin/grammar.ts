import { setImmediate as nextTurn } from 'node:timers/promises';
import type { LocalLinter } from 'harper.js';
import { endsWithAbbreviation } from '../heuristics/text';
import { CONFUSED_WITH, confusableEdits } from './confusables';
import {
  calendarName,
  doubleSpaceEdits,
  type Edit,
  isProseWord,
  LOWER_CASE_WORD,
  spellingFix,
} from './grammar-words';
import { COMMON_MISSPELLINGS } from './misspellings';
import {
  correctSpelling,
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

/** Markup no fix may touch: an applied suggestion must not overlap any of these ranges. */
const PROTECTED = [
  /<\/?[A-Za-z][^>]*>/g, // inline HTML tags with their attributes
  /(`+)[^`]*?\1/g, // code spans
  /!?\[[^\]\n]*\]\([^)\n]*\)/g, // links and images: fixes may not cross the brackets...
  /<[a-z]+:[^>\s]*>/gi, // autolinks
  /\b(?:https?:\/\/|www\.)[^\s<>()]+/gi, // bare URLs
  /[\w.+-]+@[\w-]+\.[\w.-]+/g, // e-mail addresses
  /^[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+|(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?/gm, // line-start markers
  /\*+|_{2,}|~~|\\./g, // emphasis markers and escapes
  /(?<=\w)_+|_+(?=\w)/g, // underscores (emphasis or snake_case)
  /[ \t]+$/gm, // trailing spaces (a Markdown hard break)
  /\|/g, // table pipes
  /&#?\w+;/g, // HTML entities
];

/** ...but the text inside a link's brackets may be fixed, so the brackets and the URL are what is protected. */
function protectedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const pattern of PROTECTED) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (match[0].startsWith('[') || match[0].startsWith('![')) {
        const close = match[0].indexOf('](');
        ranges.push([start, start + (match[0].startsWith('!') ? 2 : 1)]);
        ranges.push([start + close, end]);
      } else if (end > start) {
        ranges.push([start, end]);
      }
    }
  }
  return ranges;
}

/** What must survive any fix unchanged: tags, code, link targets, line structure. */
function markupSignature(text: string): string {
  const parts = [
    ...(text.match(/<\/?[A-Za-z][^>]*>/g) ?? []),
    ...(text.match(/(`+)[^`]*?\1/g) ?? []),
    ...(text.match(/\]\([^)\n]*\)/g) ?? []),
    ...(text.match(
      /^[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+|(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?/gm,
    ) ?? []),
  ];
  return parts.join('\u0000');
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
        (context && LOWER_CASE_WORD.test(problem)
          ? correctSpelling(context.spelling, problem, replacements, context.own)
          : rule === 'SpellCheck'
            ? spellingFix(problem, replacements)
            : undefined);
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

/** Words of the list of common misspellings, written as prose words in lower case. */
function misspellingEdits(text: string): Edit[] {
  const edits: Edit[] = [];
  for (const match of text.matchAll(/[a-z]+/g)) {
    const correct = COMMON_MISSPELLINGS.get(match[0]);
    const end = match.index + match[0].length;
    if (correct && isProseWord(text, match.index, end))
      edits.push({ start: match.index, end, replacement: correct });
  }
  return edits;
}

/** One pass: the listed misspellings, then every confident harper fix that overlaps none of them or any markup. */
async function fixOnce(linter: LocalLinter, text: string, context?: GrammarContext): Promise<string> {
  const ranges = protectedRanges(text);
  const overlapsMarkup = (edit: Edit) =>
    ranges.some(([from, to]) => edit.start < to && Math.max(edit.end, edit.start + 1) > from);
  const edits = misspellingEdits(text).filter((edit) => !overlapsMarkup(edit));
  const isProtected = (start: number, end: number) => overlapsMarkup({ start, end, replacement: '' });
  const overlapsEdit = (edit: Edit) =>
    edits.some((other) => edit.start < other.end && edit.end > other.start);
  const isNounWord = (word: string) => (context ? isNoun(context.spelling, word) : false);
  for (const edit of [
    ...confusableEdits(text, isProtected, isNounWord),
    ...doubleSpaceEdits(text, isProtected),
  ])
    if (!overlapsEdit(edit)) edits.push(edit);
  const organized = await linter.organizedLints(text, { language: 'markdown' });
  for (const [rule, lints] of Object.entries(organized)) {
    for (const lint of lints) {
      try {
        if (
          !SAFE_RULES.has(rule) &&
          !CONFUSED_WITH.has(lint.get_problem_text().toLowerCase().replace(/’/g, "'"))
        )
          continue;
        const span = lint.span();
        const start = span.start;
        const end = span.end;
        span.free();
        // Harper reports UTF-16 offsets; if that ever changes, skip rather than corrupt.
        if (text.slice(start, end) !== lint.get_problem_text()) continue;
        const suggestions = lint.suggestions().map((suggestion) => {
          const option = { kind: suggestion.kind(), text: suggestion.get_replacement_text() };
          suggestion.free();
          return option;
        });
        const edit = safeEdit(rule, text, start, end, suggestions, context);
        if (!edit || overlapsMarkup(edit) || overlapsEdit(edit)) continue;
        edits.push(edit);
      } finally {
        lint.free();
      }
    }
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

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
/** A very long paragraph is checked in pieces so the event loop is never blocked for long. */
const MAX_SEGMENT_LENGTH = 4000;

/**
 * The note cut into segments that are checked one at a time: paragraphs (runs of non-blank lines)
 * outside fenced code; code blocks and blank lines pass through untouched. Joined, the segments
 * give the input back.
 */
export function grammarSegments(markdown: string): Array<{ text: string; check: boolean }> {
  const segments: Array<{ text: string; check: boolean }> = [];
  const lines = markdown.split('\n');
  let fence: string | undefined;
  let current: { text: string[]; check: boolean } | undefined;
  const flush = () => {
    if (current) segments.push({ text: current.text.join('\n'), check: current.check });
    current = undefined;
  };
  const add = (line: string, check: boolean) => {
    if (!current || current.check !== check) {
      flush();
      current = { text: [], check };
    }
    current.text.push(line);
  };
  for (const line of lines) {
    if (fence !== undefined) {
      add(line, false);
      const closing = FENCE.exec(line);
      if (closing?.[1] && closing[1][0] === fence[0] && closing[1].length >= fence.length) fence = undefined;
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening?.[1]) {
      fence = opening[1];
      add(line, false);
      continue;
    }
    if (line.trim() === '') {
      add(line, false);
      continue;
    }
    if (current?.check && current.text.join('\n').length > MAX_SEGMENT_LENGTH) flush();
    add(line, true);
  }
  flush();
  // Segments are joined with '\n' between them, so each carries its own text only.
  return segments;
}

/** Yields the corrected note segment by segment (a segment and the line break after it). */
export async function* fixGrammar(
  markdown: string,
  signal?: AbortSignal,
  userWords: Iterable<string> = [],
): AsyncGenerator<string> {
  const [linter, spelling] = await Promise.all([loadHarper(), loadSpelling()]);
  const text = markdown.replace(/\r\n?/g, '\n');
  const context: GrammarContext = { spelling, own: ownWordsOf(text, userWords) };
  const segments = grammarSegments(text);
  for (const [index, segment] of segments.entries()) {
    signal?.throwIfAborted();
    const fixed = segment.check ? await fixSegment(linter, segment.text, context) : segment.text;
    yield index < segments.length - 1 ? `${fixed}\n` : fixed;
    // Let other requests run between paragraphs.
    await nextTurn();
  }
}
