import { KEEP_BOTH_SEPARATOR } from '@notewise/shared';
import { describe, expect, it } from 'vitest';
import { mergeOnConflict } from './merge-on-conflict';

const base = { title: 'Plan', markdown: 'One.\n\nTwo.\n\nThree.' };

describe('a save that met a newer version', () => {
  it('merges edits to different paragraphs, keeping the one rename', () => {
    const result = mergeOnConflict(
      base,
      { title: 'Plan', markdown: 'One, mine.\n\nTwo.\n\nThree.' },
      { title: 'Plan B', markdown: 'One.\n\nTwo.\n\nThree, theirs.' },
    );
    expect(result.auto).toEqual({ title: 'Plan B', markdown: 'One, mine.\n\nTwo.\n\nThree, theirs.' });
  });

  it('asks when the same paragraph changed on both sides, and Keep both holds both', () => {
    const result = mergeOnConflict(
      base,
      { title: 'Plan', markdown: 'One.\n\nTwo, mine.\n\nThree.' },
      { title: 'Plan', markdown: 'One.\n\nTwo, theirs.\n\nThree.' },
    );
    expect(result.auto).toBeNull();
    expect(result.both.markdown).toBe(
      `One.\n\nTwo, mine.\n\n${KEEP_BOTH_SEPARATOR}\n\nTwo, theirs.\n\nThree.`,
    );
  });

  it('asks when both renamed the note differently', () => {
    expect(mergeOnConflict(base, { ...base, title: 'Mine' }, { ...base, title: 'Theirs' }).auto).toBeNull();
  });
});
