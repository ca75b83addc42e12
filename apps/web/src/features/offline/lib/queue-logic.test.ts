import { describe, expect, it } from 'vitest';
import {
  addOp,
  countEntries,
  type EditOp,
  nextToSend,
  ordered,
  type QueueEntry,
  settleEntry,
} from './queue-logic';

const edit = (noteId: string, content: string, base = 'base', baseVersion = 1): EditOp => ({
  kind: 'edit',
  noteId,
  baseVersion,
  baseTitle: 'Title',
  baseContent: base,
  title: 'Title',
  content,
});

describe('offline queue rules', () => {
  it('keeps the order things were done in', () => {
    let entries: QueueEntry[] = [];
    entries = addOp(entries, { kind: 'create', clientId: 'c-000001', content: 'first' }, 1);
    entries = addOp(entries, edit('n1', 'second'), 2);
    entries = addOp(entries, { kind: 'pin', noteId: 'n2', pinned: true }, 3);
    entries = addOp(entries, { kind: 'create', clientId: 'c-000002', content: 'fourth' }, 4);
    expect(ordered(entries).map((entry) => entry.seq)).toEqual([1, 2, 3, 4]);
    expect(nextToSend(entries)?.kind).toBe('create');
  });

  it('merges a second edit of a note into the first, keeping its base and its place', () => {
    let entries: QueueEntry[] = [];
    entries = addOp(entries, edit('n1', 'one', 'base', 3), 1);
    entries = addOp(entries, { kind: 'create', clientId: 'c-000001', content: 'x' }, 2);
    entries = addOp(entries, edit('n1', 'one two', 'one', 4), 3);
    expect(entries).toHaveLength(2);
    const merged = ordered(entries)[0];
    expect(merged).toMatchObject({
      kind: 'edit',
      seq: 1,
      content: 'one two',
      baseContent: 'base',
      baseVersion: 3,
    });
  });

  it('keeps the reason of a queued AI result or merge when more typing merges into it', () => {
    let entries = addOp([], { ...edit('n1', 'AI text'), reason: 'ai' }, 1);
    entries = addOp(entries, edit('n1', 'AI text, typed after'), 2);
    expect(entries).toMatchObject([{ content: 'AI text, typed after', baseContent: 'base', reason: 'ai' }]);
    // Sent; typed again meanwhile: the rest is typing, with no reason of its own.
    const sent = entries[0] as QueueEntry;
    entries = addOp(entries, edit('n1', 'AI text, typed after, more'), 3);
    entries = settleEntry(entries, sent, { result: 'done', version: 2, content: 'AI text, typed after' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).not.toHaveProperty('reason');
    expect(addOp([], edit('n2', 'x'), 1)[0]).not.toHaveProperty('reason');
  });

  it('drops an edit that went back to exactly its base', () => {
    let entries = addOp([], edit('n1', 'changed'), 1);
    entries = addOp(entries, edit('n1', 'base'), 2);
    expect(entries).toEqual([]);
    expect(addOp([], edit('n1', 'base'), 1)).toEqual([]);
  });

  it('queues a create once per clientId (a double click, a retried enqueue)', () => {
    let entries: QueueEntry[] = [];
    entries = addOp(entries, { kind: 'create', clientId: 'same-id-1', content: 'a' }, 1);
    entries = addOp(entries, { kind: 'create', clientId: 'same-id-1', content: 'a' }, 2);
    expect(entries).toHaveLength(1);
  });

  it('keeps only the last pin state of a note, at the end of the order', () => {
    let entries: QueueEntry[] = [];
    entries = addOp(entries, { kind: 'pin', noteId: 'n1', pinned: true }, 1);
    entries = addOp(entries, edit('n2', 'x'), 2);
    entries = addOp(entries, { kind: 'pin', noteId: 'n1', pinned: false }, 3);
    expect(ordered(entries).map((entry) => entry.kind)).toEqual(['edit', 'pin']);
    expect(ordered(entries)[1]).toMatchObject({ pinned: false });
  });

  it('sends pending entries only, skipping what an open editor owns', () => {
    let entries: QueueEntry[] = [];
    entries = addOp(entries, edit('open', 'x'), 1);
    entries = addOp(entries, edit('closed', 'y'), 2);
    const next = nextToSend(entries, (entry) => entry.kind === 'edit' && entry.noteId === 'open');
    expect(next).toMatchObject({ noteId: 'closed' });
    const afterConflict = settleEntry(entries, next as QueueEntry, { result: 'conflict', error: 'newer' });
    expect(
      nextToSend(afterConflict, (entry) => entry.kind === 'edit' && entry.noteId === 'open'),
    ).toBeUndefined();
    expect(countEntries(afterConflict)).toEqual({ pending: 1, conflicts: 1, failed: 0 });
  });

  it('a conflict or a refusal keeps the text (nothing is dropped silently)', () => {
    const entries = addOp([], edit('n1', 'mine'), 1);
    const sent = entries[0] as QueueEntry;
    const failed = settleEntry(entries, sent, { result: 'failed', error: 'Note not found' });
    expect(failed[0]).toMatchObject({ state: 'failed', error: 'Note not found', content: 'mine' });
    // Typing again after a refusal tries again.
    const retried = addOp(failed, edit('n1', 'mine again'), 2);
    expect(retried[0]).toMatchObject({ state: 'pending', content: 'mine again' });
  });

  it('an edit typed while its earlier text was in flight stays queued against the new version', () => {
    let entries = addOp([], edit('n1', 'one', 'base', 1), 1);
    const sent = entries[0] as QueueEntry;
    entries = addOp(entries, edit('n1', 'one two'), 2);
    const settled = settleEntry(entries, sent, {
      result: 'done',
      version: 2,
      title: 'Title',
      content: 'one',
    });
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({
      baseVersion: 2,
      baseContent: 'one',
      content: 'one two',
      state: 'pending',
    });
    // Without a newer edit, done removes it.
    const plain = addOp([], edit('n2', 'z'), 1);
    expect(settleEntry(plain, plain[0] as QueueEntry, { result: 'done', version: 2 })).toEqual([]);
  });
});
