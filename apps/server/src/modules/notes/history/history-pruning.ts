import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { HistorySettings } from '../../../config/history-env';
import { toIso } from '../../../db/time';
import type { Database, Timestamp } from '../../../db/types';
import { startHourlyJob } from '../../../ops/hourly-job';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Notes thinned per round trip, and rows deleted per statement (SQLite binds at most 32,766). */
const NOTES_PER_BATCH = 200;
const DELETE_CHUNK = 500;

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

async function deleteVersions(db: Kysely<Database>, ids: string[]) {
  for (let start = 0; start < ids.length; start += DELETE_CHUNK) {
    await db
      .deleteFrom('note_versions')
      .where('id', 'in', ids.slice(start, start + DELETE_CHUNK))
      .execute();
  }
}

/** Retention: thins the versions older than `keepAllHours`, a batch of notes at a time. */
async function thin(db: Kysely<Database>, policy: RetentionPolicy, now: number): Promise<number> {
  const cutoff = new Date(now - policy.keepAllHours * HOUR).toISOString();
  let dropped = 0;
  let afterNote = '';
  for (;;) {
    const notes = await db
      .selectFrom('note_versions')
      .select('note_id')
      .distinct()
      .where('created_at', '<', cutoff)
      .where('note_id', '>', afterNote)
      .orderBy('note_id')
      .limit(NOTES_PER_BATCH)
      .execute();
    const last = notes.at(-1);
    if (!last) break;
    const rows = await db
      .selectFrom('note_versions')
      .select(['id', 'note_id', 'created_at'])
      .where(
        'note_id',
        'in',
        notes.map((row) => row.note_id),
      )
      .where('created_at', '<', cutoff)
      .execute();
    const byNote = new Map<string, { id: string; createdAt: number }[]>();
    for (const row of rows) {
      const list = byNote.get(row.note_id) ?? [];
      list.push({ id: row.id, createdAt: Date.parse(toIso(row.created_at as Timestamp)) });
      byNote.set(row.note_id, list);
    }
    const drop = [...byNote.values()].flatMap((versions) => versionsToDrop(versions, now, policy));
    await deleteVersions(db, drop);
    dropped += drop.length;
    afterNote = last.note_id;
  }
  return dropped;
}

/**
 * The budget: an account whose projects' history passes `budgetBytes` loses its oldest versions
 * first until it fits, but every note keeps its newest version.
 */
async function enforceBudget(db: Kysely<Database>, policy: RetentionPolicy): Promise<number> {
  const over = await db
    .selectFrom('note_versions as v')
    .innerJoin('notes as n', 'n.id', 'v.note_id')
    .innerJoin('projects as p', 'p.id', 'n.project_id')
    .select(['p.owner_id', sql<number | string>`sum(v.size)`.as('total')])
    .groupBy('p.owner_id')
    .having(sql`sum(v.size)`, '>', policy.budgetBytes)
    .execute();
  let dropped = 0;
  for (const account of over) {
    let excess = Number(account.total) - policy.budgetBytes;
    while (excess > 0) {
      const oldest = await db
        .selectFrom('note_versions as v')
        .innerJoin('notes as n', 'n.id', 'v.note_id')
        .innerJoin('projects as p', 'p.id', 'n.project_id')
        .select(['v.id', 'v.size'])
        .where('p.owner_id', '=', account.owner_id)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('note_versions as later')
              .select(sql`1`.as('one'))
              .whereRef('later.note_id', '=', 'v.note_id')
              .where(sql<boolean>`(later.created_at, later.id) > (v.created_at, v.id)`),
          ),
        )
        .orderBy('v.created_at')
        .orderBy('v.id')
        .limit(DELETE_CHUNK)
        .execute();
      if (oldest.length === 0) break;
      const drop: string[] = [];
      for (const version of oldest) {
        if (excess <= 0) break;
        drop.push(version.id);
        excess -= version.size;
      }
      await deleteVersions(db, drop);
      dropped += drop.length;
    }
  }
  return dropped;
}

/** One pruning run: retention, then the per-account budget. */
export async function pruneHistory(db: Kysely<Database>, policy: RetentionPolicy, now = Date.now()) {
  const thinned = await thin(db, policy, now);
  const overBudget = await enforceBudget(db, policy);
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
