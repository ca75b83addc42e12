/**
 * The built-in engine's evaluation: a set of real-looking notes (./notes/*.json) with what a good
 * summary, structure and grammar pass must produce, scored here and checked against the recorded
 * thresholds (./thresholds.json) by test/ai-builtin-eval.test.ts. Run it alone with
 * `npm run ai-eval -w apps/server` to print the scores.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { words } from '../../heuristics/text';
import { CALENDAR_NAMES } from '../misspellings';

export interface EvalNote {
  file: string;
  kind: string;
  /** The note's Markdown (stored as an array of lines so the JSON stays readable). */
  text: string;
  summary: {
    /** Key points in note order; a point is found when any of its '|'-separated phrases is in the summary. */
    points: string[];
    /** Longest acceptable summary, in words, as a share of the note's words (default 0.6). */
    maxRatio?: number;
  };
  structure: {
    /** Texts that must become headings. */
    headings: string[];
    /** Texts that must be (part of) a bullet or numbered list item. */
    bullets: string[];
    /** Texts that must be (part of) a checklist item ('- [ ] '). */
    checklist: string[];
    /** Texts that must stay plain paragraphs: no heading, list or checklist (structure must not overdo it). */
    plain: string[];
  };
  grammar: {
    /** [before, after]: the fix is made when the output contains `after` and no longer `before`. */
    fixes: Array<[string, string]>;
    /** Words (names, acronyms, foreign or code words) that must come out exactly as often as they went in. */
    keep: string[];
  };
}

export interface Thresholds {
  summarize: { coverage: number; order: number; length: number };
  structure: { headings: number; bullets: number; checklist: number; plain: number };
  grammar: { fixes: number };
}

const EVAL_DIR = new URL('./', import.meta.url);
const DEFAULT_MAX_RATIO = 0.6;

export function loadEvalNotes(): EvalNote[] {
  const dir = new URL('notes/', EVAL_DIR);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const raw = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Omit<EvalNote, 'file' | 'text'> & {
        note: string[];
      };
      return {
        file,
        kind: raw.kind,
        text: raw.note.join('\n'),
        summary: raw.summary,
        structure: raw.structure,
        grammar: raw.grammar,
      };
    });
}

export function loadThresholds(): Thresholds {
  return JSON.parse(readFileSync(new URL('thresholds.json', EVAL_DIR), 'utf8')) as Thresholds;
}

// ---------------------------------------------------------------- summarize

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
const DROPPABLE_WORDS = new Set(['and', 'or', 'todo']);

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

export function scoreStructure(note: EvalNote, output: string): StructureScore {
  const lines = output.split('\n');
  const headings = lines.flatMap((line) => /^#{1,6}[ \t]+(.*)$/.exec(line)?.[1] ?? []).map(normalize);
  const checklist = lines.flatMap((line) => /^[ \t]*[-*+][ \t]+\[[ xX]\][ \t]+(.*)$/.exec(line)?.[1] ?? []);
  const bullets = lines.flatMap(
    (line) => /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?!\[[ xX]\][ \t])(.*)$/.exec(line)?.[1] ?? [],
  );
  const paragraphs = lines.filter((line) => !/^[ \t]*(?:#{1,6}[ \t]|[-*+][ \t]|\d{1,9}[.)][ \t])/.test(line));
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

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const tokens = (text: string) => text.match(TOKEN) ?? [];
/** Where each token of a text starts. */
const tokenStarts = (text: string) => [...text.matchAll(TOKEN)].map((match) => match.index);

type Hunk = { before: string | undefined; at: number; removed: string[]; inserted: string[] };

/** The changed runs between two token lists (longest common subsequence). */
function diffTokens(a: string[], b: string[]): Hunk[] {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const lcs = new Uint16Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i * cols + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * cols + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * cols + j] ?? 0, lcs[i * cols + j + 1] ?? 0);
    }
  }
  const hunks: Hunk[] = [];
  let current: Hunk | undefined;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      current = undefined;
      i += 1;
      j += 1;
      continue;
    }
    if (!current) {
      current = { before: a[i - 1], at: i, removed: [], inserted: [] };
      hunks.push(current);
    }
    if (j < b.length && (i >= a.length || (lcs[i * cols + j + 1] ?? 0) >= (lcs[(i + 1) * cols + j] ?? 0))) {
      current.inserted.push(b[j] as string);
      j += 1;
    } else {
      current.removed.push(a[i] as string);
      i += 1;
    }
  }
  return hunks;
}

/** Markup a grammar pass must keep byte for byte: tags, code spans, link targets, line markers. */
function markup(text: string): string[] {
  return [
    ...(text.match(/<\/?[A-Za-z][^>]*>/g) ?? []),
    ...(text.match(/`[^`\n]*`/g) ?? []),
    ...(text.match(/\]\([^)\n]*\)/g) ?? []),
    ...text
      .split('\n')
      .map(
        (line) =>
          /^[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+|(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?/.exec(
            line,
          )?.[0] ?? '',
      ),
  ];
}

export interface GrammarScore {
  fixes: { made: number; expected: number };
  missing: string[];
  /** Changes the engine must never make (a hard failure): a capitalised word, a known word, a kept word, markup. */
  violations: string[];
}

/**
 * `unknownWords`: the note's words the dictionary does not know (lower-cased); only those may be
 * replaced. Case changes of lower-case words (sentence starts, 'i'), a doubled word's removal and
 * 'a' <-> 'an' are the other allowed changes.
 */
export function scoreGrammar(
  note: EvalNote,
  output: string,
  unknownWords: ReadonlySet<string>,
): GrammarScore {
  const missing: string[] = [];
  let made = 0;
  for (const [before, after] of note.grammar.fixes) {
    if (output.includes(after) && !output.includes(before)) made += 1;
    else missing.push(`${before} -> ${after}`);
  }
  const violations: string[] = [];
  const starts = tokenStarts(note.text);
  for (const hunk of diffTokens(tokens(note.text), tokens(output))) {
    const { removed, inserted, before } = hunk;
    const caseOnly =
      removed.length === inserted.length &&
      removed.every((word, index) => word.toLowerCase() === inserted[index]?.toLowerCase());
    if (caseOnly) {
      removed.forEach((word, index) => {
        const start = starts[hunk.at + index] ?? 0;
        // A sentence starts after a sentence end, at a line start, or after a list marker or checkbox.
        const sentenceStart = /(?:^|[.!?:]["')\]*_]*\s|\n[ \t]*(?:[-*+][ \t]+(?:\[[ xX]\][ \t]+)?)?)$/.test(
          note.text.slice(0, start),
        );
        if (/\p{Lu}/u.test(word)) violations.push(`case of "${word}" changed`);
        else if (word !== 'i' && !sentenceStart && !CALENDAR_NAMES.has(inserted[index] ?? ''))
          violations.push(`"${word}" capitalised inside a sentence`);
      });
      continue;
    }
    const repeatedRemoved =
      inserted.length === 0 && removed.every((word) => word.toLowerCase() === before?.toLowerCase());
    if (repeatedRemoved) continue;
    const article = `${removed.join(' ').toLowerCase()}>${inserted.join(' ').toLowerCase()}`;
    if (article === 'a>an' || article === 'an>a') continue;
    if (removed.length === 0) violations.push(`added "${inserted.join(' ')}"`);
    for (const word of removed) {
      if (/\p{Lu}/u.test(word)) violations.push(`capitalised "${word}" -> "${inserted.join(' ')}"`);
      else if (!unknownWords.has(word.toLowerCase()))
        violations.push(`known word "${word}" -> "${inserted.join(' ')}"`);
    }
  }
  const countOf = (text: string, word: string) => tokens(text).filter((token) => token === word).length;
  for (const word of note.grammar.keep) {
    for (const part of tokens(word)) {
      if (countOf(note.text, part) !== countOf(output, part)) violations.push(`kept word "${part}" changed`);
    }
  }
  if (markup(note.text).join('\u0000') !== markup(output).join('\u0000')) violations.push('markup changed');
  return {
    fixes: { made, expected: note.grammar.fixes.length },
    missing,
    violations: [...new Set(violations)],
  };
}

// ---------------------------------------------------------------- the whole set

export interface Engine {
  summarize(markdown: string): string | Promise<string>;
  structure(markdown: string): string | Promise<string>;
  grammar(markdown: string): string | Promise<string>;
  unknownWords(markdown: string): ReadonlySet<string> | Promise<ReadonlySet<string>>;
}

export interface NoteResult {
  note: EvalNote;
  summary: SummaryScore;
  structure: StructureScore;
  grammar: GrammarScore;
}

export interface EvalReport {
  results: NoteResult[];
  scores: {
    summarize: { coverage: number; order: number; length: number };
    structure: { headings: number; bullets: number; checklist: number; plain: number };
    grammar: { fixes: number };
  };
  /** Hard failures: words lost or invented by structure, forbidden grammar changes. */
  hardFailures: string[];
}

const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export async function evaluate(engine: Engine, notes = loadEvalNotes()): Promise<EvalReport> {
  const results: NoteResult[] = [];
  for (const note of notes) {
    const [summary, structure, grammar, unknown] = [
      await engine.summarize(note.text),
      await engine.structure(note.text),
      await engine.grammar(note.text),
      await engine.unknownWords(note.text),
    ];
    results.push({
      note,
      summary: scoreSummary(note, summary),
      structure: scoreStructure(note, structure),
      grammar: scoreGrammar(note, grammar, unknown),
    });
  }
  const pick = (select: (result: NoteResult) => { found: number; expected: number }) =>
    share(sum(results.map((r) => select(r).found)), sum(results.map((r) => select(r).expected)));
  const hardFailures = results.flatMap(({ note, structure, grammar }) => [
    ...(structure.lost.length ? [`${note.file}: structure lost ${structure.lost.join(', ')}`] : []),
    ...(structure.added.length ? [`${note.file}: structure added ${structure.added.join(', ')}`] : []),
    ...grammar.violations.map((violation) => `${note.file}: grammar ${violation}`),
  ]);
  return {
    results,
    scores: {
      summarize: {
        coverage: share(sum(results.map((r) => r.summary.found)), sum(results.map((r) => r.summary.points))),
        order: share(sum(results.map((r) => r.summary.inOrder)), sum(results.map((r) => r.summary.found))),
        length: share(results.filter((r) => r.summary.lengthOk).length, results.length),
      },
      structure: {
        headings: pick((r) => r.structure.headings),
        bullets: pick((r) => r.structure.bullets),
        checklist: pick((r) => r.structure.checklist),
        plain: pick((r) => r.structure.plain),
      },
      grammar: {
        fixes: share(
          sum(results.map((r) => r.grammar.fixes.made)),
          sum(results.map((r) => r.grammar.fixes.expected)),
        ),
      },
    },
    hardFailures,
  };
}

/** Scores under their threshold, as readable lines (empty when all pass). */
export function belowThreshold(report: EvalReport, thresholds: Thresholds): string[] {
  const failures: string[] = [];
  for (const [group, values] of Object.entries(thresholds) as Array<
    [keyof Thresholds, Record<string, number>]
  >) {
    const scores = report.scores[group] as Record<string, number>;
    for (const [name, minimum] of Object.entries(values)) {
      const score = scores[name] ?? 0;
      if (score < minimum) failures.push(`${group}.${name} ${score.toFixed(3)} < ${minimum}`);
    }
  }
  return failures;
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

export function formatReport(report: EvalReport): string {
  const lines = [
    'note | summary points (in order) ratio | structure headings/lists/checklists/plain | grammar fixes | misses',
  ];
  for (const { note, summary, structure, grammar } of report.results) {
    const misses = [
      ...summary.missing.map((point) => `summary: ${point}`),
      ...structure.missing,
      ...grammar.missing.map((fix) => `grammar: ${fix}`),
    ];
    lines.push(
      [
        note.file.replace(/\.json$/, ''),
        `${summary.found}/${summary.points} (${summary.inOrder}) ${summary.ratio.toFixed(2)}${summary.lengthOk ? '' : ' TOO LONG'}`,
        `${structure.headings.found}/${structure.headings.expected} ${structure.bullets.found}/${structure.bullets.expected} ${structure.checklist.found}/${structure.checklist.expected} ${structure.plain.found}/${structure.plain.expected}`,
        `${grammar.fixes.made}/${grammar.fixes.expected}`,
        misses.join('; '),
      ].join(' | '),
    );
  }
  const { summarize, structure, grammar } = report.scores;
  lines.push(
    '',
    `summarize: coverage ${pct(summarize.coverage)}, order ${pct(summarize.order)}, length within bounds ${pct(summarize.length)}`,
    `structure: headings ${pct(structure.headings)}, lists ${pct(structure.bullets)}, checklists ${pct(structure.checklist)}, left plain ${pct(structure.plain)}`,
    `grammar: expected fixes ${pct(grammar.fixes)}`,
    `hard failures: ${report.hardFailures.length ? `\n  ${report.hardFailures.join('\n  ')}` : 'none'}`,
  );
  return lines.join('\n');
}
