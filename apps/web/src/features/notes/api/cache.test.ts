import type { NoteSummary } from '@notewise/shared';
import { describe, expect, it } from 'vitest';
import { compareNotes, placeInPages } from './cache';
import type { NotePages } from './get-notes';

function note(id: string, updatedAt: string, pinned = false): NoteSummary {
  return {
    id,
    projectId: 'p',
    title: id,
    tags: [],
    version: 1,
    pinned,
    preview: '',
    excerpt: '',
    createdAt: updatedAt,
    updatedAt,
    lastEdited: updatedAt,
    authorId: null,
  };
}

const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;

function pages(...lists: Array<{ notes: NoteSummary[]; nextCursor: string | null }>): NotePages {
  return { pages: lists, pageParams: lists.map((_, index) => (index === 0 ? null : `c${index}`)) };
}

const ids = (data: NotePages) => data.pages.map((page) => page.notes.map((item) => item.id));

describe('placeInPages', () => {
  const loaded = pages(
    { notes: [note('p1', at(1), true), note('a', at(50)), note('b', at(40))], nextCursor: 'c1' },
    { notes: [note('c', at(30)), note('d', at(20))], nextCursor: 'c2' },
  );

  it('puts a created note at the top, after the pinned ones', () => {
    expect(ids(placeInPages(loaded, 'new', note('new', at(59))))).toEqual([
      ['p1', 'new', 'a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('moves an updated note to where it now sorts, once', () => {
    expect(ids(placeInPages(loaded, 'd', note('d', at(45))))).toEqual([['p1', 'a', 'd', 'b'], ['c']]);
  });

  it('drops a note that now sorts after everything loaded while more pages remain', () => {
    expect(ids(placeInPages(loaded, 'a', note('a', at(5))))).toEqual([
      ['p1', 'b'],
      ['c', 'd'],
    ]);
  });

  it('keeps it at the end when the last page is loaded', () => {
    const complete = pages({ notes: [note('a', at(50)), note('b', at(40))], nextCursor: null });
    expect(ids(placeInPages(complete, 'a', note('a', at(5))))).toEqual([['b', 'a']]);
  });

  it('removes a deleted note and leaves untouched data as it was', () => {
    expect(ids(placeInPages(loaded, 'c', null))).toEqual([['p1', 'a', 'b'], ['d']]);
    expect(placeInPages(loaded, 'unknown', null)).toBe(loaded);
  });

  it('sorts like the server: pinned, newest updated, then id descending', () => {
    const sorted = [note('x', at(1)), note('y', at(1)), note('z', at(2)), note('q', at(0), true)].sort(
      compareNotes,
    );
    expect(sorted.map((item) => item.id)).toEqual(['q', 'z', 'y', 'x']);
  });
});
