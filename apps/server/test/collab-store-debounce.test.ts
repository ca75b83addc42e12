import { describe, expect, it } from 'vitest';
import { createStoreDebouncer } from '../src/realtime/collab/store-debounce';
import { until } from './support/collab-client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Decision 078: Hocuspocus 3.4's debouncer queued one store per update once a store overran
 * `maxDebounce` (8,343 stores in a 10 s bench run, and still storing after everyone left).
 */
describe('the co-editing store debouncer', () => {
  it('stores about once per maxDebounce while updates keep coming, one store at a time, and the last change last', async () => {
    const debouncer = createStoreDebouncer();
    const starts: number[] = [];
    let running = 0;
    let overlapping = 0;
    // Hocuspocus runs stores one at a time (its saveMutex); the debouncer alone should already.
    let saveMutex: Promise<unknown> = Promise.resolve();
    const store = async () => {
      running += 1;
      if (running > 1) overlapping += 1;
      const turn = saveMutex.then(async () => {
        starts.push(performance.now());
        await sleep(60);
      });
      saveMutex = turn;
      await turn;
      running -= 1;
    };
    // An update every 2 ms for 600 ms; each store (60 ms) outlasts maxDebounce (50 ms).
    const end = performance.now() + 600;
    let lastUpdate = 0;
    while (performance.now() < end) {
      lastUpdate = performance.now();
      debouncer.debounce('note:1', store, 20, 50);
      await sleep(2);
    }
    await until(
      () => !debouncer.isDebounced('note:1') && !debouncer.isCurrentlyExecuting('note:1'),
      5000,
      'the stores done',
    );
    // Back to back at worst: 600 ms of updates and the tail, not one store per update (about 300).
    expect(starts.length).toBeGreaterThanOrEqual(2);
    expect(starts.length).toBeLessThanOrEqual(14);
    expect(overlapping).toBe(0);
    // A store began after the last update, so it holds it.
    expect(Math.max(...starts)).toBeGreaterThanOrEqual(lastUpdate);
  });

  it('runs a store at once when asked (the last editor left), after the one in progress', async () => {
    const debouncer = createStoreDebouncer();
    const order: string[] = [];
    const slow = debouncer.debounce(
      'note:2',
      async () => {
        order.push('first start');
        await sleep(50);
        order.push('first end');
      },
      0,
      0,
    );
    debouncer.debounce('note:2', async () => order.push('debounced'), 1000, 5000);
    expect(debouncer.isDebounced('note:2')).toBe(true);
    await Promise.all([slow, debouncer.executeNow('note:2')]);
    expect(order).toEqual(['first start', 'first end', 'debounced']);
    expect(debouncer.isDebounced('note:2')).toBe(false);
    expect(debouncer.isCurrentlyExecuting('note:2')).toBe(false);
  });
});
