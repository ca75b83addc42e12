import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { dropEdit, enqueue, queueCounts, queuedEdit, readQueue, settle } from './queue';
import { keys, offlineStore, wipeUser } from './store';

// The IndexedDB-backed queue (fake-indexeddb): durable, per user, ordered, idempotent creates.
describe('offline queue in IndexedDB', () => {
  it('stores each user apart, in order, and concurrent enqueues lose nothing', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        enqueue('alice', {
          kind: 'create',
          clientId: `client-${String(i).padStart(4, '0')}`,
          content: `n${i}`,
        }),
      ),
    );
    await enqueue('bob', { kind: 'pin', noteId: 'b1', pinned: true });
    const alice = await readQueue('alice');
    expect(alice).toHaveLength(20);
    expect(alice.map((entry) => entry.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await readQueue('bob')).toHaveLength(1);
  });

  it('a replayed create with the same clientId is queued once', async () => {
    const op = { kind: 'create' as const, clientId: 'dup-client-1', content: 'once' };
    await enqueue('carol', op);
    await enqueue('carol', op);
    expect(await readQueue('carol')).toHaveLength(1);
  });

  it('settles, finds and drops edits', async () => {
    await enqueue('dave', {
      kind: 'edit',
      noteId: 'n1',
      baseVersion: 1,
      baseTitle: 'T',
      baseContent: 'a',
      title: 'T',
      content: 'ab',
    });
    await enqueue('dave', { kind: 'pin', noteId: 'n2', pinned: false });
    const [first] = await readQueue('dave');
    await settle('dave', first as NonNullable<typeof first>, { result: 'conflict', error: 'newer' });
    expect(await queueCounts('dave')).toEqual({ pending: 1, conflicts: 1, failed: 0 });
    expect(await queuedEdit('dave', 'n1')).toMatchObject({ content: 'ab', state: 'conflict' });
    await dropEdit('dave', 'n1');
    expect(await queuedEdit('dave', 'n1')).toBeNull();
    expect(await queueCounts('dave')).toEqual({ pending: 1, conflicts: 0, failed: 0 });
  });

  it('wipeUser removes that user only', async () => {
    await enqueue('erin', { kind: 'pin', noteId: 'x', pinned: true });
    await enqueue('frank', { kind: 'pin', noteId: 'y', pinned: true });
    await offlineStore.set(keys.cache('erin'), { saved: true });
    await offlineStore.set(keys.lastUser, 'erin');
    await wipeUser('erin');
    expect(await readQueue('erin')).toEqual([]);
    expect(await offlineStore.get(keys.cache('erin'))).toBeUndefined();
    expect(await offlineStore.get(keys.lastUser)).toBeUndefined();
    expect(await readQueue('frank')).toHaveLength(1);
  });
});
