import { z } from 'zod';

/** Note history and Trash (decision 050): how long versions and deleted items are kept. */
export const historyEnv = {
  HISTORY_KEEP_ALL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24)
    .describe('Every version of a note is kept for this many hours; older ones are thinned to one per hour.'),
  HISTORY_HOURLY_DAYS: z.coerce
    .number()
    .int()
    .min(7, { message: 'must be at least 7: every account keeps at least a week of history' })
    .max(365)
    .default(7)
    .describe('One version per hour is kept for this many days (at least 7), then one per day.'),
  HISTORY_DAILY_DAYS: z.coerce
    .number()
    .int()
    .min(7)
    .max(3650)
    .default(90)
    .describe('One version per day is kept for this many days; older versions are deleted.'),
  HISTORY_BUDGET_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(500)
    .describe(
      "History one account's projects may hold, in megabytes; past it the oldest versions go first (the newest of each note stays).",
    ),
  TRASH_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(30)
    .describe('Deleted notes and projects stay in Trash this many days, then are deleted for good.'),
};

export interface HistorySettings {
  keepAllHours: number;
  hourlyDays: number;
  dailyDays: number;
  /** Per account, in bytes. */
  budgetBytes: number;
  trashRetentionDays: number;
}

export function historySettings(e: {
  HISTORY_KEEP_ALL_HOURS: number;
  HISTORY_HOURLY_DAYS: number;
  HISTORY_DAILY_DAYS: number;
  HISTORY_BUDGET_MB: number;
  TRASH_RETENTION_DAYS: number;
}): HistorySettings {
  return {
    keepAllHours: e.HISTORY_KEEP_ALL_HOURS,
    hourlyDays: e.HISTORY_HOURLY_DAYS,
    dailyDays: Math.max(e.HISTORY_DAILY_DAYS, e.HISTORY_HOURLY_DAYS),
    budgetBytes: e.HISTORY_BUDGET_MB * 1024 * 1024,
    trashRetentionDays: e.TRASH_RETENTION_DAYS,
  };
}
