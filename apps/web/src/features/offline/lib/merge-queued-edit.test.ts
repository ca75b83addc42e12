import type { Note } from '@notewise/shared';
import { describe, expect, it } from 'vitest';
import { conflictCurrent, mergeQueuedEdit } from './merge-queued-edit';
import type { EditOp } from './queue-logic';

const base = 'Pack the tent.\n\nBuy train tickets.\n\nWater the plants.';

function entry(content: string, title = 'Trip'): EditOp {
  return { kind: 'edit', noteId: 'n1', baseVersion: 1, baseTitle: 'Trip', baseContent: base, title, content };
}

function serverNote(content: string, title = 'Trip'): Note {
  return {
    id: 'n1',
    projectId: 'p1',
    title,
    tags: [],
    version: 2,
    pinned: false,
    preview: '',
    excerpt: '',
    createdAt: '',
    updatedAt: '',
    lastEdited: '',
    authorId: null,
    content,
  };
}

describe('an offline edit that meets a newer server version', () => {
  it('is merged when the two edits touched different paragraphs', () => {
    const mine = entry('Pack the tent and the stove.\n\nBuy train tickets.\n\nWater the plants.');
    const theirs = serverNote('Pack the tent.\n\nBuy train tickets.\n\nWater the plants and the garden.');
    expect(mergeQueuedEdit(mine, theirs)).toEqual({
      title: 'Trip',
      content: 'Pack the tent and the stove.\n\nBuy train tickets.\n\nWater the plants and the garden.',
    });
  });

  it('asks when both changed the same paragraph, or both renamed the note differently', () => {
    expect(
      mergeQueuedEdit(
        entry('Pack the tent and the stove.\n\nBuy train tickets.\n\nWater the plants.'),
        serverNote('Pack the tent and the map.\n\nBuy train tickets.\n\nWater the plants.'),
      ),
    ).toBeNull();
    expect(mergeQueuedEdit(entry(base, 'Trip (mine)'), serverNote(base, 'Trip (theirs)'))).toBeNull();
  });

  it('keeps the one rename there was', () => {
    expect(mergeQueuedEdit(entry(base, 'Trip to Oslo'), serverNote(`${base}\n\nNew line.`))).toEqual({
      title: 'Trip to Oslo',
      content: `${base}\n\nNew line.`,
    });
  });

  it('reads the current note only from a well-formed 409', () => {
    expect(conflictCurrent({ current: serverNote('x') })?.content).toBe('x');
    expect(conflictCurrent({ current: { id: 'n1' } })).toBeNull();
    expect(conflictCurrent(undefined)).toBeNull();
  });
});
