import { relativeTime } from '@notewise/shared';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** "Deleted just now", "Deleted 3 days ago". */
export function deletedAgo(deletedAt: string, now: number = Date.now()): string {
  return `Deleted ${relativeTime(deletedAt, now).toLowerCase()}`;
}

/**
 * "Deleted for good in 27 days": whole days left, rounded up so a fresh deletion says the full
 * retention (30 days) and the last day says "in 1 day"; under a day, hours; past it (the hourly purge
 * has not run yet), "soon".
 */
export function deletedForGoodIn(expiresAt: string, now: number = Date.now()): string {
  const left = Date.parse(expiresAt) - now;
  if (!(left > 0)) return 'Deleted for good soon';
  if (left < DAY_MS) {
    const hours = Math.ceil(left / HOUR_MS);
    return `Deleted for good in ${hours === 1 ? '1 hour' : `${hours} hours`}`;
  }
  const days = Math.ceil(left / DAY_MS);
  return `Deleted for good in ${days === 1 ? '1 day' : `${days} days`}`;
}
