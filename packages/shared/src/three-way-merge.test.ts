import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEEP_BOTH_SEPARATOR, mergedText, mergeThreeWay } from './three-way-merge';

/** A note as paragraphs, list items and headings separated by blank lines, as the editor writes it. */
const block = fc.oneof(
  fc.stringMatching(/^[A-Z][a-z]{2,8}( [a-z]{2,8}){2,8}\.$/),
  fc.stringMatching(/^- [a-z]{2,8}( [a-z]{2,8}){1,4}$/),
  fc.stringMatching(/^## [A-Z][a-z]{2,10}$/),
);
const note = fc.array(block, { minLength: 3, maxLength: 14 });
const toMarkdown = (blocks: string[]) => blocks.join('\n\n');

type Edit = { kind: 'change'; text: string } | { kind: 'delete' } | { kind: 'insertAfter'; text: string };
const edit: fc.Arbitrary<Edit> = fc.oneof(
  block.map((text) => ({ kind: 'change' as const, text })),
  fc.constant({ kind: 'delete' as const }),
  block.map((text) => ({ kind: 'insertAfter' as const, text: `${text} (new)` })),
);

function apply(blocks: string[], edits: Map<number, Edit>): string[] {
  const out: string[] = [];
  blocks.forEach((original, index) => {
    const change = edits.get(index);
    if (!change) out.push(original);
    else if (change.kind === 'change')
      out.push(change.text === original ? `${original} (edited)` : change.text);
    else if (change.kind === 'insertAfter') out.push(original, change.text);
  });
  return out;
}

/** Two sets of edits on blocks that are not neighbours: no changed region touches the other's. */
const disjointEdits = note.chain((blocks) =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.nat(blocks.length - 1), fc.boolean(), edit), { maxLength: blocks.length }),
      fc.constant(blocks),
    )
    .map(([picks]) => {
      const mine = new Map<number, Edit>();
      const theirs = new Map<number, Edit>();
      for (const [index, toMine, change] of picks) {
        const side = toMine ? mine : theirs;
        const other = toMine ? theirs : mine;
        // Neighbouring blocks share the blank line between them; keep one block apart.
        if (other.has(index) || other.has(index - 1) || other.has(index + 1)) continue;
        side.set(index, change);
      }
      return { blocks, mine, theirs };
    }),
);

describe('three-way merge of Markdown', () => {
  it('takes the one side that changed, and a change made on both sides once', () => {
    fc.assert(
      fc.property(note, note, (base, other) => {
        const b = toMarkdown(base);
        const o = toMarkdown(other);
        expect(mergedText(mergeThreeWay(b, b, o))).toBe(o);
        expect(mergedText(mergeThreeWay(b, o, b))).toBe(o);
        const same = mergeThreeWay(b, o, o);
        expect(same.conflicts).toBe(0);
        expect(mergedText(same)).toBe(o);
      }),
      { numRuns: 300 },
    );
  });

  it('applies edits to different paragraphs on both sides without asking, and keeps both', () => {
    fc.assert(
      fc.property(disjointEdits, ({ blocks, mine, theirs }) => {
        const result = mergeThreeWay(
          toMarkdown(blocks),
          toMarkdown(apply(blocks, mine)),
          toMarkdown(apply(blocks, theirs)),
        );
        expect(result.conflicts).toBe(0);
        const both = new Map([...mine, ...theirs]);
        expect(mergedText(result)).toBe(toMarkdown(apply(blocks, both)));
      }),
      { numRuns: 500 },
    );
  });

  it('never discards a line either side wrote: Keep both holds every line of mine and of theirs', () => {
    fc.assert(
      fc.property(note, note, note, (base, mine, theirs) => {
        const result = mergeThreeWay(toMarkdown(base), toMarkdown(mine), toMarkdown(theirs));
        const kept = mergedText(result, () => 'both').split('\n');
        const baseLines = new Set(toMarkdown(base).split('\n'));
        for (const line of [...mine, ...theirs]) {
          // A line either side added or kept is in the result unless the other side deleted a base line.
          if (!baseLines.has(line)) expect(kept).toContain(line);
        }
        // Choosing a side gives exactly that side when everything conflicts the same way.
        if (result.conflicts === 0) expect(kept.join('\n')).toBe(mergedText(result, () => 'mine'));
      }),
      { numRuns: 300 },
    );
  });

  it('shows only the true overlap: the same paragraph changed differently is one conflict', () => {
    const base = 'Intro line.\n\nShared paragraph.\n\nOutro line.';
    const mine = 'Intro line, mine.\n\nShared paragraph, my way.\n\nOutro line.';
    const theirs = 'Intro line.\n\nShared paragraph, their way.\n\nOutro line, theirs.';
    const result = mergeThreeWay(base, mine, theirs);
    expect(result.conflicts).toBe(1);
    expect(result.chunks.filter((chunk) => chunk.kind === 'conflict')).toEqual([
      {
        kind: 'conflict',
        base: ['Shared paragraph.'],
        mine: ['Shared paragraph, my way.'],
        theirs: ['Shared paragraph, their way.'],
      },
    ]);
    expect(mergedText(result, () => 'mine')).toBe(
      'Intro line, mine.\n\nShared paragraph, my way.\n\nOutro line, theirs.',
    );
    expect(mergedText(result, () => 'theirs')).toBe(
      'Intro line, mine.\n\nShared paragraph, their way.\n\nOutro line, theirs.',
    );
    expect(mergedText(result)).toBe(
      `Intro line, mine.\n\nShared paragraph, my way.\n\n${KEEP_BOTH_SEPARATOR}\n\nShared paragraph, their way.\n\nOutro line, theirs.`,
    );
  });

  it('stays bounded on a long note: 20,000 lines with edits at both ends merge in well under a second', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `Line ${i} of a long note.`);
    const mine = [...lines];
    mine[10] = 'Changed near the top.';
    const theirs = [...lines];
    theirs[19_990] = 'Changed near the end.';
    const started = Date.now();
    const result = mergeThreeWay(lines.join('\n'), mine.join('\n'), theirs.join('\n'));
    expect(result.conflicts).toBe(0);
    const merged = mergedText(result).split('\n');
    expect(merged[10]).toBe('Changed near the top.');
    expect(merged[19_990]).toBe('Changed near the end.');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
