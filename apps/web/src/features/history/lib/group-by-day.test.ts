import type { NoteVersionSummary } from '@notewise/shared';
import { describe, expect, it } from 'vitest';
import { authorLine, groupByDay } from './group-by-day';

const version = (id: string, updatedAt: Date): NoteVersionSummary => ({
  id,
  noteId: 'n',
  title: 't',
  reason: 'edit',
  authors: [],
  createdAt: updatedAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
  length: 1,
});

describe('groupByDay', () => {
  it('groups newest-first versions into Today, Yesterday and dates by the local day', () => {
    const now = new Date(2026, 10, 27, 9, 0);
    const days = groupByDay(
      [
        version('a', new Date(2026, 10, 27, 8, 0)),
        version('b', new Date(2026, 10, 27, 0, 5)),
        version('c', new Date(2026, 10, 26, 23, 55)),
        version('d', new Date(2026, 10, 20, 12, 0)),
        version('e', new Date(2025, 10, 20, 12, 0)),
      ],
      now,
    );
    expect(days.map((day) => [day.label, day.versions.map((v) => v.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Yesterday', ['c']],
      [
        new Date(2026, 10, 20).toLocaleDateString(undefined, {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
        }),
        ['d'],
      ],
      [
        new Date(2025, 10, 20).toLocaleDateString(undefined, {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        }),
        ['e'],
      ],
    ]);
  });
});

describe('authorLine', () => {
  it('names one author, and says "Several people" with the names for a co-editing window', () => {
    expect(authorLine({ authors: [{ id: '1', name: 'Ana' }] })).toEqual({ label: 'Ana', names: null });
    expect(
      authorLine({
        authors: [
          { id: '1', name: 'Ana' },
          { id: '2', name: 'Ben' },
        ],
      }),
    ).toEqual({ label: 'Several people', names: 'Ana, Ben' });
    expect(authorLine({ authors: [] }).label).toBe('Unknown author');
  });
});
