/**
 * Three-way merge of a note's Markdown, line by line, against the text both edits started from
 * (diff3, as version control merges): a change made on one side only is applied, the same change on
 * both sides is applied once, and only a region both sides changed differently is a conflict for the
 * user to decide. Nothing is dropped without a choice: every conflict keeps the base, mine and theirs.
 */
import { appendAll } from './arrays';

export type MergeChunk =
  | { kind: 'merged'; lines: string[] }
  | { kind: 'conflict'; base: string[]; mine: string[]; theirs: string[] };

export interface MergeResult {
  chunks: MergeChunk[];
  /** How many regions need a choice; 0 means `mergedText(result)` is the whole answer. */
  conflicts: number;
}

export type ConflictChoice = 'mine' | 'theirs' | 'both';

/** The line "Keep both" puts between the two texts of a conflict, so the reader sees where one ends. */
export const KEEP_BOTH_SEPARATOR = '*(Changed in two places at once: both versions are kept below.)*';

/** Past this many cells the middle of a diff is not aligned line by line (memory stays bounded). */
const MAX_ALIGNMENT_CELLS = 4_000_000;

const splitLines = (text: string) => text.split('\n');

/**
 * For each line of `base`, the index of the line of `other` it stays as (a longest common
 * subsequence), or -1 when it was changed or removed. Common lines at both ends are matched
 * directly, so the quadratic alignment runs only on the changed middle; a middle too large to align
 * is treated as changed as a whole.
 */
function alignLines(base: string[], other: string[]): Int32Array {
  const matched = new Int32Array(base.length).fill(-1);
  let start = 0;
  while (start < base.length && start < other.length && base[start] === other[start]) {
    matched[start] = start;
    start += 1;
  }
  let baseEnd = base.length;
  let otherEnd = other.length;
  while (baseEnd > start && otherEnd > start && base[baseEnd - 1] === other[otherEnd - 1]) {
    baseEnd -= 1;
    otherEnd -= 1;
    matched[baseEnd] = otherEnd;
  }
  const rows = baseEnd - start;
  const columns = otherEnd - start;
  if (rows === 0 || columns === 0 || rows * columns > MAX_ALIGNMENT_CELLS) return matched;
  // lengths[i][j]: LCS of base[start+i..baseEnd) and other[start+j..otherEnd), filled from the end.
  const width = columns + 1;
  const lengths = new Uint32Array((rows + 1) * width);
  for (let i = rows - 1; i >= 0; i -= 1) {
    for (let j = columns - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        base[start + i] === other[start + j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  let i = 0;
  let j = 0;
  while (i < rows && j < columns) {
    if (base[start + i] === other[start + j]) {
      matched[start + i] = start + j;
      i += 1;
      j += 1;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      i += 1;
    } else {
      j += 1;
    }
  }
  return matched;
}

const sameLines = (a: string[], b: string[]) => a.length === b.length && a.every((line, i) => line === b[i]);

export function mergeThreeWay(baseText: string, mineText: string, theirsText: string): MergeResult {
  const base = splitLines(baseText);
  const mine = splitLines(mineText);
  const theirs = splitLines(theirsText);
  const toMine = alignLines(base, mine);
  const toTheirs = alignLines(base, theirs);
  const chunks: MergeChunk[] = [];
  let conflicts = 0;
  const push = (lines: string[]) => {
    if (lines.length === 0) return;
    const last = chunks.at(-1);
    if (last?.kind === 'merged') appendAll(last.lines, lines);
    else chunks.push({ kind: 'merged', lines: [...lines] });
  };
  /** A region between two lines both sides kept: one side's change, the same change, or a conflict. */
  const settle = (b: string[], m: string[], t: string[]) => {
    if (sameLines(m, b)) push(t);
    else if (sameLines(t, b) || sameLines(m, t)) push(m);
    else {
      chunks.push({ kind: 'conflict', base: b, mine: m, theirs: t });
      conflicts += 1;
    }
  };
  let i = 0;
  let a = 0;
  let b = 0;
  while (i <= base.length) {
    // The next base line both sides kept, at or after the current positions.
    let k = i;
    while (k < base.length && !((toMine[k] ?? -1) >= a && (toTheirs[k] ?? -1) >= b)) k += 1;
    if (k === base.length) {
      settle(base.slice(i), mine.slice(a), theirs.slice(b));
      break;
    }
    const ka = toMine[k] ?? a;
    const kb = toTheirs[k] ?? b;
    if (k > i || ka > a || kb > b) settle(base.slice(i, k), mine.slice(a, ka), theirs.slice(b, kb));
    push([base[k] ?? '']);
    i = k + 1;
    a = ka + 1;
    b = kb + 1;
  }
  return { chunks, conflicts };
}

/** The merged Markdown, each conflict resolved by `choose` (by its index among the conflicts). */
export function mergedText(
  result: MergeResult,
  choose: (conflictIndex: number) => ConflictChoice = () => 'both',
): string {
  const lines: string[] = [];
  let index = 0;
  for (const chunk of result.chunks) {
    if (chunk.kind === 'merged') {
      appendAll(lines, chunk.lines);
      continue;
    }
    const choice = choose(index);
    index += 1;
    if (choice !== 'theirs') appendAll(lines, chunk.mine);
    if (choice === 'both') appendAll(lines, ['', KEEP_BOTH_SEPARATOR, '']);
    if (choice !== 'mine') appendAll(lines, chunk.theirs);
  }
  return lines.join('\n');
}
