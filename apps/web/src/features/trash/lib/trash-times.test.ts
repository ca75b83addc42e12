import { describe, expect, it } from 'vitest';
import { deletedAgo, deletedForGoodIn } from './trash-times';

const now = Date.parse('2026-11-27T12:00:00.000Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('trash times', () => {
  it('says how long ago an item was deleted', () => {
    expect(deletedAgo(at(-5_000), now)).toBe('Deleted just now');
    expect(deletedAgo(at(-2 * HOUR), now)).toBe('Deleted 2 hours ago');
    expect(deletedAgo(at(-3 * DAY - HOUR), now)).toBe('Deleted 3 days ago');
  });

  it('counts the days left up, then hours, then "soon" once past due', () => {
    expect(deletedForGoodIn(at(30 * DAY - 1000), now)).toBe('Deleted for good in 30 days');
    expect(deletedForGoodIn(at(27 * DAY), now)).toBe('Deleted for good in 27 days');
    expect(deletedForGoodIn(at(DAY + 1), now)).toBe('Deleted for good in 2 days');
    expect(deletedForGoodIn(at(DAY), now)).toBe('Deleted for good in 1 day');
    expect(deletedForGoodIn(at(5 * HOUR - 1), now)).toBe('Deleted for good in 5 hours');
    expect(deletedForGoodIn(at(1000), now)).toBe('Deleted for good in 1 hour');
    expect(deletedForGoodIn(at(-1000), now)).toBe('Deleted for good soon');
  });
});
