// In happy-dom (web-dom project): the batch runs on window timers.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '@/features/auth';
import { noteKeys, projectKeys } from '@/lib/query-keys';
import { COLLAB_BATCH_MS, InvalidationBatch, REALTIME_BATCH_MS } from './invalidation-batch';

function setup() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const patch = vi.fn(async (_queryClient: QueryClient, _noteIds: string[]) => {});
  const batch = new InvalidationBatch(queryClient, patch);
  // The keys a predicate-based invalidation would refresh, among some cached queries.
  const cached = [ME_QUERY_KEY, noteKeys.detail('n1'), noteKeys.counts(), projectKeys.list('all')];
  for (const key of cached) queryClient.setQueryData(key, {});
  const refreshed = (call = 0) => {
    const filters = invalidate.mock.calls[call]?.[0];
    const queries = queryClient.getQueryCache().getAll();
    return queries.filter((query) => filters?.predicate?.(query)).map((query) => query.queryKey);
  };
  return { batch, invalidate, patch, refreshed };
}

describe('InvalidationBatch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns a burst of events into one invalidation after the batch delay', () => {
    const { batch, invalidate, refreshed } = setup();
    batch.add([noteKeys.detail('n1')], REALTIME_BATCH_MS);
    batch.add([noteKeys.allCounts(), noteKeys.detail('n1')], REALTIME_BATCH_MS);
    vi.advanceTimersByTime(REALTIME_BATCH_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(refreshed()).toEqual([noteKeys.detail('n1'), noteKeys.counts()]);
  });

  it('fires at the earliest deadline: a REST event does not wait for a co-editing batch', () => {
    const { batch, invalidate } = setup();
    batch.add([noteKeys.detail('n1')], COLLAB_BATCH_MS);
    batch.add([projectKeys.all], REALTIME_BATCH_MS);
    vi.advanceTimersByTime(REALTIME_BATCH_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(COLLAB_BATCH_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('is not starved by a steady stream of later events', () => {
    const { batch, invalidate } = setup();
    for (let i = 0; i < 5; i += 1) {
      batch.add([noteKeys.allCounts()], REALTIME_BATCH_MS);
      vi.advanceTimersByTime(REALTIME_BATCH_MS / 2);
    }
    expect(invalidate.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('patches each note once per batch', () => {
    const { batch, patch } = setup();
    batch.add([], REALTIME_BATCH_MS, 'n1');
    batch.add([], REALTIME_BATCH_MS, 'n1');
    batch.add([], REALTIME_BATCH_MS, 'n2');
    vi.advanceTimersByTime(REALTIME_BATCH_MS);
    expect(patch).toHaveBeenCalledTimes(1);
    expect(patch.mock.calls[0]?.[1]).toEqual(['n1', 'n2']);
  });

  it("'all' refreshes everything but the session, and skips the patches", () => {
    const { batch, invalidate, patch, refreshed } = setup();
    batch.add([], REALTIME_BATCH_MS, 'n1');
    batch.add('all', REALTIME_BATCH_MS);
    vi.advanceTimersByTime(REALTIME_BATCH_MS);
    expect(patch).not.toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(refreshed()).not.toContainEqual(ME_QUERY_KEY);
    expect(refreshed()).toHaveLength(3);
  });

  it('does nothing after dispose', () => {
    const { batch, invalidate, patch } = setup();
    batch.add([noteKeys.all], REALTIME_BATCH_MS, 'n1');
    batch.dispose();
    vi.advanceTimersByTime(COLLAB_BATCH_MS);
    expect(invalidate).not.toHaveBeenCalled();
    expect(patch).not.toHaveBeenCalled();
  });
});
