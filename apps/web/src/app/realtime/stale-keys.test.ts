import type { ChangeEvent } from '@notewise/shared';
import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { noteKeys, projectKeys, sharedProjectKeys, trashKeys } from '@/lib/query-keys';
import { notesToPatch, staleKeysFor } from './stale-keys';

const hits = (keys: QueryKey[] | 'all', queryKey: QueryKey) =>
  keys === 'all' || keys.some((key) => partialMatchKey(queryKey, key));

describe('staleKeysFor', () => {
  it('refreshes everything on a resync', () => {
    expect(staleKeysFor({ type: 'resync' }, 'me')).toBe('all');
  });

  it('leaves paged note lists and pins to the patch, but refreshes counters, searches and projects', () => {
    const keys = staleKeysFor({ type: 'note.created', noteId: 'n1' }, 'me');
    expect(hits(keys, noteKeys.list({ projectId: 'p1' }))).toBe(false);
    expect(hits(keys, noteKeys.pins())).toBe(false);
    expect(hits(keys, noteKeys.counts('p1'))).toBe(true);
    expect(hits(keys, noteKeys.firstPage())).toBe(true);
    expect(hits(keys, noteKeys.search('x'))).toBe(true);
    expect(hits(keys, projectKeys.list('all'))).toBe(true);
    expect(hits(keys, sharedProjectKeys.detail('s1'))).toBe(true);
  });

  it('refreshes the changed note itself, not other notes', () => {
    for (const type of ['note.updated', 'note.deleted', 'pin.changed'] as const) {
      const keys = staleKeysFor({ type, noteId: 'n1' }, 'me');
      expect(hits(keys, noteKeys.detail('n1'))).toBe(true);
      expect(hits(keys, noteKeys.detail('n2'))).toBe(false);
    }
  });

  it('does not touch projects on a pin change (pins are per user)', () => {
    const keys = staleKeysFor({ type: 'pin.changed', noteId: 'n1' }, 'me');
    expect(hits(keys, projectKeys.list('personal'))).toBe(false);
    expect(hits(keys, sharedProjectKeys.lists())).toBe(false);
  });

  it('refreshes every note query when a project goes or a member leaves', () => {
    for (const type of ['project.deleted', 'member.left'] as const) {
      const keys = staleKeysFor({ type, projectId: 'p1', actorId: 'other' }, 'me');
      expect(hits(keys, noteKeys.list())).toBe(true);
      expect(hits(keys, noteKeys.pins())).toBe(true);
    }
  });

  it('refreshes note data on a join only when this user joined', () => {
    const mine = staleKeysFor({ type: 'member.joined', projectId: 'p1', actorId: 'me' }, 'me');
    const theirs = staleKeysFor({ type: 'member.joined', projectId: 'p1', actorId: 'other' }, 'me');
    expect(hits(mine, noteKeys.list())).toBe(true);
    expect(hits(theirs, noteKeys.list())).toBe(false);
    expect(hits(theirs, sharedProjectKeys.members('p1'))).toBe(true);
  });

  it('refreshes project and note lists on a new (or restored) project, not project details', () => {
    const keys = staleKeysFor({ type: 'project.created', projectId: 'p1' }, 'me');
    expect(hits(keys, projectKeys.list('personal'))).toBe(true);
    expect(hits(keys, projectKeys.detail('p1'))).toBe(false);
    // A project restored from Trash brings its notes back.
    expect(hits(keys, noteKeys.list())).toBe(true);
  });

  it('refreshes Trash when something is deleted or restored, not on edits', () => {
    const events: ChangeEvent[] = [
      { type: 'note.deleted', noteId: 'n1' },
      { type: 'note.created', noteId: 'n1' },
      { type: 'project.deleted', projectId: 'p1' },
      { type: 'project.created', projectId: 'p1' },
    ];
    for (const event of events) expect(hits(staleKeysFor(event, 'me'), trashKeys.list())).toBe(true);
    expect(hits(staleKeysFor({ type: 'note.updated', noteId: 'n1' }, 'me'), trashKeys.list())).toBe(false);
  });
});

describe('notesToPatch', () => {
  it('patches created, updated and pinned notes into loaded pages', () => {
    const patched: ChangeEvent['type'][] = ['note.created', 'note.updated', 'pin.changed'];
    for (const type of patched) expect(notesToPatch({ type, noteId: 'n1' })).toBe('n1');
  });

  it('does not patch deletions (they are removed) or events without a note', () => {
    expect(notesToPatch({ type: 'note.deleted', noteId: 'n1' })).toBeNull();
    expect(notesToPatch({ type: 'note.updated' })).toBeNull();
    expect(notesToPatch({ type: 'project.updated', projectId: 'p1' })).toBeNull();
  });
});
