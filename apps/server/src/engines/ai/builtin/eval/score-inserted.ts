import { readFileSync } from 'node:fs';
import { diffTokens, markupOf, TOKEN } from './score-grammar';

/**
 * Grammar on a set of real texts with inserted errors (test/fixtures/third-party/<set>/, made by
 * make-cases.mjs there): the source text is the reference, so an error is fixed when the output has
 * the author's word back in its place, and any other change to the author's words is damage. The
 * caller names the set's folder; this module has no default, so the tuning code (the development
 * set's runner) and the evaluation test each say which set they read.
 */
export interface InsertedError {
  referenceOffset: number;
  wrong: string;
  right: string;
  type: 'non-word' | 'real-word';
}

export interface InsertedCase {
  id: string;
  kind: string;
  input: string;
  reference: string;
  errors: InsertedError[];
  /** The author's own misspellings (found with codespell's dictionary when the set was made) and their corrections. */
  sourceErrors: Record<string, string[]>;
}

export function loadInsertedSet(dir: URL): InsertedCase[] {
  const { cases } = JSON.parse(readFileSync(new URL('cases.json', dir), 'utf8')) as {
    cases: Array<Omit<InsertedCase, 'reference' | 'sourceErrors'>>;
  };
  const { texts } = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as {
    texts: Array<{ id: string; sourceErrors?: Record<string, string[]> }>;
  };
  return cases.map((item) => ({
    ...item,
    reference: readFileSync(new URL(`sources/${item.id}.md`, dir), 'utf8'),
    sourceErrors: texts.find((text) => text.id === item.id)?.sourceErrors ?? {},
  }));
}

export interface InsertedScore {
  nonWord: { fixed: number; total: number };
  realWord: { fixed: number; total: number };
  /** Errors the engine changed to some other word. */
  wrongFixes: string[];
  missed: string[];
  /** A capitalised word (a name, an acronym, a word written capitalised on purpose) changed. */
  damagedNames: string[];
  /** A lower-case word the author wrote changed (or words added or removed). */
  damagedWords: string[];
  /** Sentence starts capitalised: allowed, counted apart. */
  capitalised: number;
  /** The author's own misspellings corrected: allowed, counted apart. */
  sourceFixes: string[];
  markupChanged: boolean;
}

export function scoreInserted(item: InsertedCase, output: string): InsertedScore {
  const reference = [...item.reference.matchAll(TOKEN)];
  const errorAt = new Map<number, InsertedError>();
  for (const error of item.errors) {
    const index = reference.findIndex((token) => token.index === error.referenceOffset);
    if (index >= 0) errorAt.set(index, error);
  }
  const score: InsertedScore = {
    nonWord: { fixed: 0, total: 0 },
    realWord: { fixed: 0, total: 0 },
    wrongFixes: [],
    missed: [],
    damagedNames: [],
    damagedWords: [],
    capitalised: 0,
    sourceFixes: [],
    markupChanged: markupOf(item.reference).join('\u0000') !== markupOf(output).join('\u0000'),
  };
  const touched = new Set<number>();
  const hunks = diffTokens(
    reference.map((token) => token[0]),
    output.match(TOKEN) ?? [],
  );
  for (const hunk of hunks) {
    if (hunk.removed.length === 0) {
      score.damagedWords.push(`added "${hunk.inserted.join(' ')}" after "${hunk.before ?? ''}"`);
      continue;
    }
    hunk.removed.forEach((word, offset) => {
      const index = hunk.at + offset;
      touched.add(index);
      const error = errorAt.get(index);
      const now = hunk.inserted[offset];
      if (error) {
        if (now === error.wrong) score.missed.push(`${error.wrong} (${error.right})`);
        else score.wrongFixes.push(`${error.wrong} -> ${now ?? '(removed)'} (${error.right})`);
        return;
      }
      const start = reference[index]?.index ?? 0;
      const sentenceStart = /(?:^|[.!?:]["')\]*_]*\s+|\n[ \t]*(?:[-*+>][ \t]+)?)$/.test(
        item.reference.slice(0, start),
      );
      if (now !== undefined && now.toLowerCase() === word && word !== now && sentenceStart) {
        score.capitalised += 1;
        return;
      }
      const change = `"${word}" -> "${now ?? '(removed)'}"`;
      if (item.sourceErrors[word]?.includes(now ?? '(removed)')) {
        score.sourceFixes.push(change);
        return;
      }
      // The author's own misspelling changed to the wrong word: a wrong fix, not a correct word damaged.
      if (item.sourceErrors[word]) {
        score.wrongFixes.push(
          `${change} (the author's misspelling; ${item.sourceErrors[word]?.join(' or ')})`,
        );
        return;
      }
      if (/\p{Lu}/u.test(word)) score.damagedNames.push(change);
      else score.damagedWords.push(change);
    });
  }
  for (const [index, error] of errorAt) {
    const bucket = error.type === 'non-word' ? score.nonWord : score.realWord;
    bucket.total += 1;
    if (!touched.has(index)) bucket.fixed += 1;
  }
  return score;
}

export interface InsertedReport {
  texts: number;
  nonWord: { fixed: number; total: number; recall: number };
  realWord: { fixed: number; total: number; recall: number };
  /** Of the words the engine changed, the share that were inserted errors fixed to the author's word. */
  precision: number;
  wrongFixes: string[];
  missed: string[];
  damagedNames: string[];
  damagedWords: string[];
  capitalised: number;
  sourceFixes: string[];
  markupChanged: string[];
}

export async function evaluateInserted(
  cases: InsertedCase[],
  grammar: (markdown: string) => Promise<string>,
): Promise<InsertedReport> {
  const report: InsertedReport = {
    texts: cases.length,
    nonWord: { fixed: 0, total: 0, recall: 0 },
    realWord: { fixed: 0, total: 0, recall: 0 },
    precision: 0,
    wrongFixes: [],
    missed: [],
    damagedNames: [],
    damagedWords: [],
    capitalised: 0,
    sourceFixes: [],
    markupChanged: [],
  };
  for (const item of cases) {
    const score = scoreInserted(item, await grammar(item.input));
    for (const key of ['nonWord', 'realWord'] as const) {
      report[key].fixed += score[key].fixed;
      report[key].total += score[key].total;
    }
    const tag = (line: string) => `${item.id}: ${line}`;
    report.wrongFixes.push(...score.wrongFixes.map(tag));
    report.missed.push(...score.missed.map(tag));
    report.damagedNames.push(...score.damagedNames.map(tag));
    report.damagedWords.push(...score.damagedWords.map(tag));
    report.capitalised += score.capitalised;
    report.sourceFixes.push(...score.sourceFixes.map(tag));
    if (score.markupChanged) report.markupChanged.push(item.id);
  }
  for (const key of ['nonWord', 'realWord'] as const)
    report[key].recall = report[key].total === 0 ? 1 : report[key].fixed / report[key].total;
  const fixed = report.nonWord.fixed + report.realWord.fixed;
  const changes = fixed + report.wrongFixes.length + report.damagedNames.length + report.damagedWords.length;
  report.precision = changes === 0 ? 1 : fixed / changes;
  return report;
}

export function formatInsertedReport(name: string, report: InsertedReport): string {
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  return [
    `grammar on ${name} (${report.texts} texts)`,
    `  non-word recall  ${pct(report.nonWord.recall)} (${report.nonWord.fixed}/${report.nonWord.total})`,
    `  real-word recall ${pct(report.realWord.recall)} (${report.realWord.fixed}/${report.realWord.total})`,
    `  precision        ${pct(report.precision)}`,
    `  damaged names ${report.damagedNames.length}, damaged words ${report.damagedWords.length}, wrong fixes ${report.wrongFixes.length}, markup changed ${report.markupChanged.length}`,
    `  allowed changes: sentence starts capitalised ${report.capitalised}, the author's own misspellings fixed ${report.sourceFixes.length}`,
  ].join('\n');
}
