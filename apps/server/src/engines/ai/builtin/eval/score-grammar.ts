import { MARKDOWN_LINE_START } from '@notewise/editor/line-start';
import { CALENDAR_NAMES } from '../grammar-words';
import type { EvalNote } from './corpus';

// How a grammar pass is scored: a token diff against the note's expected corrections.
export const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const tokens = (text: string) => text.match(TOKEN) ?? [];
/** Where each token of a text starts. */
const tokenStarts = (text: string) => [...text.matchAll(TOKEN)].map((match) => match.index);

type Hunk = { before: string | undefined; at: number; removed: string[]; inserted: string[] };

/** The changed runs between two token lists (longest common subsequence). */
export function diffTokens(a: string[], b: string[]): Hunk[] {
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
export function markupOf(text: string): string[] {
  return [
    ...(text.match(/<\/?[A-Za-z][^>]*>/g) ?? []),
    ...(text.match(/`[^`\n]*`/g) ?? []),
    ...(text.match(/\]\([^)\n]*\)/g) ?? []),
    ...text.split('\n').map((line) => MARKDOWN_LINE_START.exec(line)?.[0] ?? ''),
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
  if (markupOf(note.text).join('\u0000') !== markupOf(output).join('\u0000'))
    violations.push('markup changed');
  return {
    fixes: { made, expected: note.grammar.fixes.length },
    missing,
    violations: [...new Set(violations)],
  };
}

// ---------------------------------------------------------------- the whole set
