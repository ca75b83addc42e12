import { contentWords, words } from '../heuristics/text';
import type { Unit } from './summarize-choose';
import { shorten, visible } from './summarize-parts';

// Long sentences as their clauses: a summary keeps the clause that says something new, not the
// whole sentence, so more of a note's points fit in the same length (decision 082).

/** A sentence longer than this is split at its clause boundaries. */
const LONG_SENTENCE_WORDS = 14;
/** A clause shorter than this stays with the one before it. */
const MIN_CLAUSE_WORDS = 5;
/** Where one clause ends and the next begins: '; ', ', and ', ', but ', ', so ', ' — '. */
const BOUNDARY = /;\s+|,\s+(?:and|but|so)\s+(?!that\b)|\s+[—–]\s+/g;

export interface Clause {
  text: string;
  /** What stood between it and the clause before ('', ', and ', '; '). */
  joiner: string;
}

/** Whether a cut at this point would fall inside brackets, a link or code. */
function inside(prefix: string): boolean {
  const count = (pattern: RegExp) => prefix.match(pattern)?.length ?? 0;
  return (
    count(/\(/g) > count(/\)/g) ||
    count(/\[/g) > count(/\]/g) ||
    count(/`/g) % 2 === 1 ||
    count(/"/g) % 2 === 1
  );
}

/** A long sentence's clauses, or the sentence alone. */
export function splitClauses(sentence: string): Clause[] {
  if (words(sentence).length <= LONG_SENTENCE_WORDS) return [{ text: sentence, joiner: '' }];
  const clauses: Clause[] = [];
  let start = 0;
  let joiner = '';
  for (const match of sentence.matchAll(BOUNDARY)) {
    const at = match.index ?? 0;
    if (inside(sentence.slice(0, at))) continue;
    const piece = sentence.slice(start, at);
    const rest = sentence.slice(at + match[0].length);
    // Both sides must say something on their own.
    if (words(piece).length < MIN_CLAUSE_WORDS || words(rest).length < MIN_CLAUSE_WORDS) continue;
    clauses.push({ text: piece, joiner });
    joiner = match[0];
    start = at + match[0].length;
  }
  clauses.push({ text: sentence.slice(start), joiner });
  return clauses;
}

/**
 * The kept clauses of a sentence put back together: clauses next to each other with what stood
 * between them, a gap as ' … '; a part that starts inside the sentence is capitalised, one that
 * stops before its end ends with a full stop.
 */
export function joinClauses(kept: Unit[]): Unit[] {
  const result: Unit[] = [];
  let run: Unit[] = [];
  const flush = () => {
    const [first] = run;
    if (!first) return;
    let text = first.text;
    for (const [index, unit] of run.entries()) {
      if (index === 0) continue;
      const adjacent = (run[index - 1]?.clause ?? -2) + 1 === unit.clause;
      text += `${adjacent ? (unit.joiner ?? ' ') : ' … '}${unit.text}`;
    }
    if ((first.clause ?? 0) > 0)
      text = text.replace(
        /^(\W*)(\p{Ll})/u,
        (_, lead: string, letter: string) => lead + letter.toUpperCase(),
      );
    if (!run.at(-1)?.lastClause && !/[.!?:]$/.test(text)) text = `${text}.`;
    result.push({ ...first, text, wordCount: run.reduce((sum, unit) => sum + unit.wordCount, 0) });
    run = [];
  };
  for (const unit of kept) {
    if (unit.sentence === undefined) {
      flush();
      result.push(unit);
      continue;
    }
    if (run[0] && run[0].sentence !== unit.sentence) flush();
    run.push(unit);
  }
  flush();
  return result;
}

/** A long sentence's unit as one unit per clause (its sentence number is set by the caller). */
export function clauseUnits(unit: Unit): Unit[] {
  const clauses = splitClauses(unit.text);
  if (clauses.length < 2) return [];
  return clauses.map((clause, index) => ({
    ...unit,
    text: clause.text,
    firstInGroup: unit.firstInGroup && index === 0,
    stems: contentWords(clause.text),
    wordCount: words(visible(shorten(clause.text))).length,
    clause: index,
    joiner: clause.joiner,
    lastClause: index === clauses.length - 1,
  }));
}

/** Sentences with a short bold lead ('**Correctness first.**') joined to the sentence after it. */
export function joinLead(sentences: string[]): string[] {
  const [lead, next, ...rest] = sentences;
  if (lead !== undefined && next !== undefined && /^\*\*[^*]+\*\*$/.test(lead) && words(lead).length <= 5)
    return [`${lead} ${next}`, ...rest];
  return sentences;
}
