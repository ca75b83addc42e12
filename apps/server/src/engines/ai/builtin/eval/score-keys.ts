import { LIST_MARKER, TASK_BOX } from '@notewise/editor/line-start';
import { STOP_WORDS, stem, words } from '../../heuristics/text';

/**
 * Scoring of summaries and structure against reference keys written by a person from reading a
 * text (key points, decisions, action items, attendees, expected action items of structure). The
 * texts and keys are passed in: this module never reads a set itself, so a test can keep one set
 * away from the tuning code.
 */
export interface ReferenceKey {
  /** Key points in the text's order; a point is covered when every meaningful word of one of its '|'-separated phrases is in the summary. */
  points: string[];
  /** Decisions the text states; each must be kept (same rule as a point). */
  decisions: string[];
  /** Action items with their owner and date when the text gives them. */
  actions: Array<{ text: string; owner?: string; due?: string }>;
  /** People listed as present. */
  attendees: string[];
  /** What the summary must not say (an item the text says was removed from the agenda). */
  absent?: string[];
  structure: {
    /** Texts that structure must make checklist items ('- [ ] ...'). */
    actions: string[];
    /** Texts that may be checklist items or not (sub-items, struck-through tasks). */
    optional?: string[];
    /** Lines that should become headings besides the text's own Markdown headings (a title typed without '#'). */
    headings?: string[];
    /**
     * false: keyed for action items only, no heading judged on the text typed without Markdown (dev
     * keys 60-64: their nested outline items, typed plain, are lines nobody keyed as headings or not).
     */
    headingsKeyed?: false;
  };
}

export interface KeyedText {
  id: string;
  kind: string;
  text: string;
  key: ReferenceKey;
}

/** Meaningful words, stemmed; numbers count (a date or an amount is a point's content). */
export function terms(text: string): string[] {
  return words(text)
    .filter((word) => !STOP_WORDS.has(word) && (word.length > 1 || /\d/.test(word)))
    .map(stem);
}

/** Whether every meaningful word of one '|'-alternative of `phrase` is among `said`. */
export function covers(said: ReadonlySet<string>, phrase: string): boolean {
  return phrase.split('|').some((alternative) => {
    const wanted = terms(alternative);
    return wanted.length > 0 && wanted.every((term) => said.has(term));
  });
}

/** Owners that name no one in particular: the action counts without them. */
const GENERIC_OWNER = /^(?:we|us|you|anyone|everyone|the community|the team)$/i;

export interface KeyedSummaryScore {
  points: { found: number; expected: number };
  decisions: { found: number; expected: number };
  actions: { found: number; expected: number };
  attendees: { found: number; expected: number };
  /** Summary lines whose meaningful words all occur in the text (nothing invented). */
  faithful: { found: number; expected: number };
  /** Summary lines that repeat a whole sentence of the text of more than 12 words. */
  verbatim: number;
  /** `absent` phrases the summary says anyway. */
  wrong: string[];
  missing: string[];
  unfaithful: string[];
}

// List markers as the Markdown line-start rule (@notewise/editor/line-start) has them. The source
// notes are typed text, so their lines also count a typed '•' as a bullet; summaries never have one.
/** A list marker and its task box, if any. */
const ITEM_MARKERS = new RegExp(String.raw`^[ \t]*${LIST_MARKER}[ \t]+(?:${TASK_BOX}[ \t]+)?`);
/** The same, or a typed '•' bullet (in a source note). */
const TYPED_ITEM_MARKERS = new RegExp(String.raw`^[ \t]*(?:•|${LIST_MARKER})[ \t]+(?:${TASK_BOX}[ \t]+)?`);
/** A list item, typed or Markdown, with some text. */
const TYPED_ITEM = new RegExp(String.raw`^[ \t]*(?:•|${LIST_MARKER})[ \t]+\S`);

/** A summary's lines as plain text: list markers and bold labels ('**Notes:**') taken off. */
function summaryLines(summary: string): string[] {
  return summary
    .split('\n')
    .map((line) =>
      line
        .replace(ITEM_MARKERS, '')
        // A bold label is the summary's own structure ('**Attendees:**', a section's heading).
        .replace(/^\*\*[^*]+:\*\*\s*/, '')
        .trim(),
    )
    .filter((line) => /[\p{L}\p{N}]/u.test(line));
}

export function scoreKeyedSummary(text: string, key: ReferenceKey, summary: string): KeyedSummaryScore {
  const said = new Set(terms(summary));
  const missing: string[] = [];
  const count = (phrases: string[], label: string) => {
    let found = 0;
    for (const phrase of phrases) {
      if (covers(said, phrase)) found += 1;
      else missing.push(`${label}: ${phrase}`);
    }
    return { found, expected: phrases.length };
  };
  const actionPhrases = key.actions.map((action) =>
    [action.text, action.owner && !GENERIC_OWNER.test(action.owner) ? action.owner : '', action.due ?? '']
      .filter(Boolean)
      .join(' '),
  );
  const source = new Set(terms(text));
  const lines = summaryLines(summary);
  const unfaithful = lines.filter((line) => terms(line).some((term) => !source.has(term)));
  const sourceSentences = new Set(
    text
      .split(/\n|(?<=[.!?])\s+/)
      .map((sentence) => words(sentence).join(' '))
      .filter((sentence) => sentence.split(' ').length > 12),
  );
  const verbatim = lines.filter((line) => sourceSentences.has(words(line).join(' '))).length;
  return {
    points: count(key.points, 'point'),
    decisions: count(key.decisions, 'decision'),
    actions: count(actionPhrases, 'action'),
    attendees: count(key.attendees, 'attendee'),
    faithful: { found: lines.length - unfaithful.length, expected: lines.length },
    verbatim,
    wrong: (key.absent ?? []).filter((phrase) => covers(said, phrase)),
    missing,
    unfaithful,
  };
}

// ---------------------------------------------------------------- structure

/** The text as typed without Markdown: no '#' before headings, no list markers, no indentation (code kept). */
export function plainVariant(text: string): string {
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const opening = /^[ \t]*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== undefined) {
        if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = undefined;
        return line;
      }
      if (opening) {
        fence = opening;
        return line;
      }
      return line
        .replace(/^[ \t]{0,3}#{1,6}[ \t]+/, '')
        .replace(TYPED_ITEM_MARKERS, '')
        .replace(/^[ \t]+/, '');
    })
    .join('\n');
}

const HEADING_LINE = /^[ \t]{0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/;
const CHECKLIST_ITEM = new RegExp(String.raw`^[ \t]*${LIST_MARKER}[ \t]+${TASK_BOX}[ \t]+(.*)$`);
const normalizeHeading = (text: string) => words(text).join(' ');

/** Headings of a Markdown text outside code, as their words. */
export function headingsOf(markdown: string): string[] {
  const headings: string[] = [];
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (/^[ \t]*(?:`{3,}|~{3,})/.test(line)) inCode = !inCode;
    else if (!inCode) {
      const heading = HEADING_LINE.exec(line)?.[1];
      if (heading !== undefined) headings.push(normalizeHeading(heading));
    }
  }
  return headings;
}

/**
 * Where the output lost, added, reordered or joined the input's words: the output's words must be
 * the input's, in the same order, and the last word of an input line that stands alone (a list
 * item, a heading, a short line without an end mark) must still end an output line.
 */
export function wordOrderViolations(input: string, output: string): string[] {
  const inputWords = words(input);
  const outputWords = words(output);
  const violations: string[] = [];
  const length = Math.max(inputWords.length, outputWords.length);
  for (let i = 0; i < length; i += 1) {
    if (inputWords[i] !== outputWords[i]) {
      const around = (list: string[]) => list.slice(Math.max(0, i - 3), i + 4).join(' ');
      violations.push(`word ${i}: "${around(inputWords)}" became "${around(outputWords)}"`);
      return violations;
    }
  }
  // Line ends: the output line of every output word.
  const outputLineOf: number[] = [];
  output.split('\n').forEach((line, index) => {
    for (const _ of words(line)) outputLineOf.push(index);
  });
  let position = 0;
  let inCode = false;
  let previous = '';
  for (const line of input.split('\n')) {
    const count = words(line).length;
    if (/^[ \t]*(?:`{3,}|~{3,})/.test(line)) inCode = !inCode;
    position += count;
    const before = previous;
    previous = line;
    if (inCode || count === 0 || position >= inputWords.length) continue;
    // A short line typed on its own (a name, a label, a task), not the end of a wrapped sentence.
    const typedAlone =
      count <= 8 &&
      !/[,;:[(]$/.test(line.trim()) &&
      /^[ \t]*\S/.test(line) &&
      (before.trim() === '' || /[.!?:]$/.test(before.trim()) || words(before).length <= 8);
    const standsAlone = TYPED_ITEM.test(line) || HEADING_LINE.test(line) || typedAlone;
    if (standsAlone && outputLineOf[position - 1] === outputLineOf[position])
      violations.push(`line "${line.trim()}" joined with the next`);
  }
  return violations;
}

export interface KeyedStructureScore {
  /** Expected action items that became checklist items (the text as written). */
  actions: { found: number; expected: number };
  /** Checklist items made from lines that are no action item (neither expected nor optional). */
  falseActions: string[];
  checklistItems: number;
  /** On the text typed without Markdown: headings that are the author's headings. */
  headings: { correct: number; made: number; authors: number };
  /** Headings made from a line that is no heading, in the text as written (it had its own headings). */
  inventedHeadings: string[];
  violations: string[];
  missing: string[];
}

export function scoreKeyedStructure(
  text: string,
  key: ReferenceKey,
  output: string,
  plainOutput: string,
): KeyedStructureScore {
  const checklist = output.split('\n').flatMap((line) => CHECKLIST_ITEM.exec(line)?.[1] ?? []);
  const missing: string[] = [];
  let found = 0;
  for (const action of key.structure.actions) {
    if (checklist.some((item) => item.includes(action))) found += 1;
    else missing.push(`action: ${action}`);
  }
  const allowed = [...key.structure.actions, ...(key.structure.optional ?? [])];
  const falseActions = checklist.filter((item) => !allowed.some((action) => item.includes(action)));
  const authors = [...headingsOf(text), ...(key.structure.headings ?? []).map(normalizeHeading)];
  const made = headingsOf(plainOutput);
  const correct = made.filter((heading) => authors.includes(heading)).length;
  const inputHeadings = new Set(authors);
  const inventedHeadings = headingsOf(output).filter((heading) => !inputHeadings.has(heading));
  return {
    actions: { found, expected: key.structure.actions.length },
    falseActions,
    checklistItems: checklist.length,
    headings:
      key.structure.headingsKeyed === false
        ? { correct: 0, made: 0, authors: 0 }
        : { correct, made: made.length, authors: authors.length },
    inventedHeadings,
    violations: [
      ...wordOrderViolations(text, output).map((v) => `as written: ${v}`),
      ...wordOrderViolations(plainVariant(text), plainOutput).map((v) => `plain: ${v}`),
    ],
    missing,
  };
}
