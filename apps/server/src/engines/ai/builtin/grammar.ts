import { setImmediate as nextTurn } from 'node:timers/promises';
import { MARKDOWN_MARKERS_ONLY } from '@notewise/editor/line-start';
import type { LocalLinter } from 'harper.js';
import { endsWithAbbreviation } from '../heuristics/text';
import { CONFUSED_WITH, confusableEdits } from './confusables';
import {
  BATCH_LENGTH,
  batchLints,
  type GrammarContext,
  type HarperLint,
  harperLints,
  SAFE_RULES,
  spellingEdits,
} from './grammar-lints';
import { grammarSegments, markupSignature, protectedRanges } from './grammar-markup';
import {
  calendarName,
  doubleSpaceEdits,
  type Edit,
  isProseWord,
  LOWER_CASE_WORD,
  spellingFix,
} from './grammar-words';
import { isNoun, loadSpelling, ownWordsOf } from './spelling';

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

const LINE_START_MARKER = MARKDOWN_MARKERS_ONLY;

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
      // A variable or an index, not the pronoun: 'i.e.', 'element i', 'at i', 'i is' (the pronoun
      // takes 'am', and after a preposition it is 'me').
      if (
        /^\.\p{L}/u.test(text.slice(end, end + 2)) ||
        /^\s+(?:is|equals|th)\b|^\s*[=<>+-]/.test(text.slice(end, end + 8))
      )
        return undefined;
      if (
        /\b(?:of|at|to|for|from|by|with|in|on|into|index|element|item|row|column|position|variable|counter|where|each|let|set)\s+$/i.test(
          text.slice(Math.max(0, start - 12), start),
        )
      )
        return undefined;
      return /^(?:$|[\s'’,.;:!?)])/.test(text.slice(end, end + 1))
        ? { start, end, replacement: 'I' }
        : undefined;
    case 'SentenceCapitalization': {
      const capitalised = problem.charAt(0).toUpperCase() + problem.slice(1);
      if (!LOWER_CASE_WORD.test(problem) || first.text !== capitalised) return undefined;
      // A person's handle stays as they write it ('thomcc: ship it.').
      if (context?.own.people.has(problem)) return undefined;
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

/** One pass: spelling, real-word rules, then every confident harper fix that overlaps none of them or any markup. */
async function fixOnce(
  linter: LocalLinter,
  text: string,
  context?: GrammarContext,
  given?: HarperLint[],
): Promise<string> {
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
  const lints = given ?? (await harperLints(linter, text));
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

export type { GrammarContext };
export { grammarSegments };

const MAX_PASSES = 3;

/**
 * Fixes several paragraphs: each pass lints every paragraph still changing in one harper call (a
 * call per paragraph spends about half its time in setup; decision 061), and a paragraph leaves the
 * passes when a pass changes nothing or would change its markup.
 */
async function fixBatch(
  linter: LocalLinter,
  texts: string[],
  context: GrammarContext,
  signal?: AbortSignal,
): Promise<string[]> {
  const out = [...texts];
  let pending = texts.flatMap((_, index) => (/[\p{L}]/u.test(texts[index] ?? '') ? [index] : []));
  for (let pass = 0; pass < MAX_PASSES && pending.length > 0; pass += 1) {
    signal?.throwIfAborted();
    const lints = await batchLints(
      linter,
      pending.map((index) => out[index] ?? ''),
    );
    const changed: number[] = [];
    for (const [at, index] of pending.entries()) {
      const text = out[index] ?? '';
      const fixed = await fixOnce(linter, text, context, lints[at]);
      if (fixed === text || markupSignature(fixed) !== markupSignature(texts[index] ?? '')) continue;
      out[index] = fixed;
      changed.push(index);
    }
    pending = changed;
  }
  return out;
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
  for (let first = 0; first < segments.length; ) {
    // The next batch: segments up to about BATCH_LENGTH characters, the ones to check linted at once.
    let last = first;
    let length = 0;
    while (last < segments.length && (last === first || length < BATCH_LENGTH)) {
      length += (segments[last]?.text.length ?? 0) + 1;
      last += 1;
    }
    const batch = segments.slice(first, last);
    const checked = batch.filter((segment) => segment.check && /[\p{L}]/u.test(segment.text));
    const fixed = await fixBatch(
      linter,
      checked.map((segment) => segment.text),
      context,
      signal,
    );
    for (const [offset, segment] of batch.entries()) {
      signal?.throwIfAborted();
      const at = checked.indexOf(segment);
      const index = first + offset;
      const out = at >= 0 ? (fixed[at] ?? segment.text) : segment.text;
      yield index < segments.length - 1 ? `${out}\n` : out;
    }
    first = last;
    // Let other requests run between batches.
    await nextTurn();
  }
}
