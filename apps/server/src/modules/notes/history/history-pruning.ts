import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { HistorySettings } from '../../../config/history-env';
import type { Database } from '../../../db/types';
import { startHourlyJob } from '../../../ops/hourly-job';
import { createHistoryPruningRepo, type HistoryPruningRepo } from './history-pruning.repo';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Notes thinned per round trip. */
const NOTES_PER_BATCH = 200;

export type RetentionPolicy = Pick<
  HistorySettings,
  'keepAllHours' | 'hourlyDays' | 'dailyDays' | 'budgetBytes'
>;

/**
 * Which of one note's versions the retention drops at `now` (decision 050): every version younger
 * than `keepAllHours`; then the newest of each hour up to `hourlyDays`; then the newest of each
 * (UTC) day up to `dailyDays`; nothing older.
 */
export function versionsToDrop(
  versions: ReadonlyArray<{ id: string; createdAt: number }>,
  now: number,
  policy: RetentionPolicy,
): string[] {
  const newestFirst = [...versions].sort((a, b) => b.createdAt - a.createdAt);
  const seen = new Set<string>();
  const drop: string[] = [];
  for (const version of newestFirst) {
    const age = now - version.createdAt;
    if (age < policy.keepAllHours * HOUR) continue;
    if (age >= policy.dailyDays * DAY) {
      drop.push(version.id);
      continue;
    }
    const bucket =
      age < policy.hourlyDays * DAY
        ? `h${Math.floor(version.createdAt / HOUR)}`
        : `d${Math.floor(version.createdAt / DAY)}`;
    if (seen.has(bucket)) drop.push(version.id);
    else seen.add(bucket);
  }
  return drop;
}

/** Retention: thins the versions older than `keepAllHours`, a batch of notes at a time. */
async function thin(repo: HistoryPruningRepo, policy: RetentionPolicy, now: number): Promise<number> {
  const cutoff = new Date(now - policy.keepAllHours * HOUR).toISOString();
  let dropped = 0;
  let afterNote = '';
  for (;;) {
    const notes = await repo.notesWithVersionsBefore(cutoff, afterNote, NOTES_PER_BATCH);
    const last = notes.at(-1);
    if (last === undefined) break;
    const byNote = await repo.versionsBefore(notes, cutoff);
    const drop = [...byNote.values()].flatMap((versions) => versionsToDrop(versions, now, policy));
    await repo.deleteVersions(drop);
    dropped += drop.length;
    afterNote = last;
  }
  return dropped;
}

/**
 * The budget: an account whose projects' history passes `budgetBytes` loses its oldest versions
 * first until it fits, but every note keeps its newest version.
 */
async function enforceBudget(repo: HistoryPruningRepo, policy: RetentionPolicy): Promise<number> {
  let dropped = 0;
  for (const account of await repo.accountsOverBudget(policy.budgetBytes)) {
    let excess = account.total - policy.budgetBytes;
    while (excess > 0) {
      const oldest = await repo.oldestDroppable(account.ownerId);
      if (oldest.length === 0) break;
      const drop: string[] = [];
      for (const version of oldest) {
        if (excess <= 0) break;
        drop.push(version.id);
        excess -= version.size;
      }
      await repo.deleteVersions(drop);
      dropped += drop.length;
    }
  }
  return dropped;
}

/** One pruning run: retention, then the per-account budget. */
export async function pruneHistory(db: Kysely<Database>, policy: RetentionPolicy, now = Date.now()) {
  const repo = createHistoryPruningRepo(db);
  const thinned = await thin(repo, policy, now);
  const overBudget = await enforceBudget(repo, policy);
  return { thinned, overBudget };
}

/** Prunes in the background, hourly; the returned function stops it. */
export function startHistoryPruning(
  db: Kysely<Database>,
  policy: RetentionPolicy,
  log: FastifyBaseLogger,
): () => void {
  return startHourlyJob('history-pruning', () => pruneHistory(db, policy), log);
}
