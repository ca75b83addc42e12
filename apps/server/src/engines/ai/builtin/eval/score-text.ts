import { LIST_MARKER, TASK_BOX } from '@notewise/editor/line-start';
import { words } from '../../heuristics/text';
import { DEFAULT_MAX_RATIO, type EvalNote } from './corpus';

// How a summary and a structure pass are scored against a note's expectations.
export interface SummaryScore {
  found: number;
  points: number;
  /** Found points that come after the point found before them. */
  inOrder: number;
  ratio: number;
  lengthOk: boolean;
  missing: string[];
}

export function scoreSummary(note: EvalNote, summary: string): SummaryScore {
  const haystack = summary.toLowerCase();
  let position = 0;
  let found = 0;
  let inOrder = 0;
  const missing: string[] = [];
  for (const point of note.summary.points) {
    const phrases = point.toLowerCase().split('|');
    const anywhere = phrases.some((phrase) => haystack.includes(phrase));
    if (!anywhere) {
      missing.push(point);
      continue;
    }
    found += 1;
    const next = phrases
      .map((phrase) => haystack.indexOf(phrase, position))
      .filter((index) => index >= 0)
      .sort((a, b) => a - b)[0];
    if (next !== undefined) {
      inOrder += 1;
      position = next;
    }
  }
  const ratio = words(summary).length / Math.max(1, words(note.text).length);
  return {
    found,
    points: note.summary.points.length,
    inOrder,
    ratio,
    lengthOk: summary.trim() !== '' && ratio <= (note.summary.maxRatio ?? DEFAULT_MAX_RATIO),
    missing,
  };
}

// ---------------------------------------------------------------- structure

/** Words structure may drop: the 'and' / 'or' of an enumeration turned into a list, a 'TODO' turned into a checkbox. */
const DROPPABLE_WORDS = new Set<string>();

export interface StructureScore {
  headings: { found: number; expected: number };
  bullets: { found: number; expected: number };
  checklist: { found: number; expected: number };
  plain: { found: number; expected: number };
  missing: string[];
  /** Words of the note missing from the output (a hard failure). */
  lost: string[];
  /** Words in the output that were not in the note (a hard failure). */
  added: string[];
}

function multisetDifference(from: string[], remove: string[]): string[] {
  const counts = new Map<string, number>();
  for (const word of remove) counts.set(word, (counts.get(word) ?? 0) + 1);
  const rest: string[] = [];
  for (const word of from) {
    const left = counts.get(word) ?? 0;
    if (left > 0) counts.set(word, left - 1);
    else rest.push(word);
  }
  return rest;
}

const normalize = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/[:.!]+$/, '')
    .trim();

// The Markdown line-start rule's pieces (@notewise/editor/line-start), so the scorer reads list
// items as the editor and the engine do.
/** A task item (any list marker, then its box): its text. */
const CHECKLIST_ITEM = new RegExp(String.raw`^[ \t]*${LIST_MARKER}[ \t]+${TASK_BOX}[ \t]+(.*)$`);
/** A list item that is not a task: its text. */
const LIST_ITEM = new RegExp(String.raw`^[ \t]*${LIST_MARKER}[ \t]+(?!${TASK_BOX}[ \t])(.*)$`);
/** A heading or list line: not a paragraph. */
const BLOCK_START = new RegExp(String.raw`^[ \t]*(?:#{1,6}|${LIST_MARKER})[ \t]`);

export function scoreStructure(note: EvalNote, output: string): StructureScore {
  const lines = output.split('\n');
  const headings = lines.flatMap((line) => /^#{1,6}[ \t]+(.*)$/.exec(line)?.[1] ?? []).map(normalize);
  const checklist = lines.flatMap((line) => CHECKLIST_ITEM.exec(line)?.[1] ?? []);
  const bullets = lines.flatMap((line) => LIST_ITEM.exec(line)?.[1] ?? []);
  const paragraphs = lines.filter((line) => !BLOCK_START.test(line));
  const missing: string[] = [];
  const count = (expected: string[], actual: string[], exact: boolean, label: string) => {
    let found = 0;
    for (const text of expected) {
      const hit = actual.some((line) => (exact ? line === normalize(text) : line.includes(text)));
      if (hit) found += 1;
      else missing.push(`${label}: ${text}`);
    }
    return { found, expected: expected.length };
  };
  const inputWords = words(note.text);
  const outputWords = words(output);
  return {
    headings: count(note.structure.headings, headings, true, 'heading'),
    bullets: count(note.structure.bullets, bullets, false, 'bullet'),
    checklist: count(note.structure.checklist, checklist, false, 'checklist'),
    plain: count(note.structure.plain, paragraphs, false, 'plain'),
    missing,
    lost: multisetDifference(inputWords, outputWords).filter((word) => !DROPPABLE_WORDS.has(word)),
    added: multisetDifference(outputWords, inputWords),
  };
}

// ---------------------------------------------------------------- grammar
