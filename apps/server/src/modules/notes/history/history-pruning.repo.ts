import { type Kysely, sql } from 'kysely';
import { toIso } from '../../../db/time';
import type { Database, Timestamp } from '../../../db/types';

/** Rows deleted per statement (SQLite binds at most 32,766). */
export const DELETE_CHUNK = 500;

/** The queries of history pruning (history-pruning.ts decides what goes). */
export function createHistoryPruningRepo(db: Kysely<Database>) {
  return {
    /** Up to `limit` notes with versions older than `cutoff`, in id order after `afterNote`. */
    async notesWithVersionsBefore(cutoff: string, afterNote: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('note_versions')
        .select('note_id')
        .distinct()
        .where('created_at', '<', cutoff)
        .where('note_id', '>', afterNote)
        .orderBy('note_id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.note_id);
    },

    /** These notes' versions older than `cutoff`, grouped by note (times in ms since the epoch). */
    async versionsBefore(noteIds: string[], cutoff: string) {
      const rows = await db
        .selectFrom('note_versions')
        .select(['id', 'note_id', 'created_at'])
        .where('note_id', 'in', noteIds)
        .where('created_at', '<', cutoff)
        .execute();
      const byNote = new Map<string, { id: string; createdAt: number }[]>();
      for (const row of rows) {
        const list = byNote.get(row.note_id) ?? [];
        list.push({ id: row.id, createdAt: Date.parse(toIso(row.created_at as Timestamp)) });
        byNote.set(row.note_id, list);
      }
      return byNote;
    },

    /** Accounts whose projects' history passes `budgetBytes`, with their total. */
    async accountsOverBudget(budgetBytes: number): Promise<{ ownerId: string; total: number }[]> {
      const rows = await db
        .selectFrom('note_versions as v')
        .innerJoin('notes as n', 'n.id', 'v.note_id')
        .innerJoin('projects as p', 'p.id', 'n.project_id')
        .select(['p.owner_id', sql<number | string>`sum(v.size)`.as('total')])
        .groupBy('p.owner_id')
        .having(sql`sum(v.size)`, '>', budgetBytes)
        .execute();
      return rows.map((row) => ({ ownerId: row.owner_id, total: Number(row.total) }));
    },

    /** An account's oldest versions, oldest first, leaving out each note's newest. */
    oldestDroppable(ownerId: string): Promise<{ id: string; size: number }[]> {
      return db
        .selectFrom('note_versions as v')
        .innerJoin('notes as n', 'n.id', 'v.note_id')
        .innerJoin('projects as p', 'p.id', 'n.project_id')
        .select(['v.id', 'v.size'])
        .where('p.owner_id', '=', ownerId)
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
    },

    async deleteVersions(ids: string[]) {
      for (let start = 0; start < ids.length; start += DELETE_CHUNK) {
        await db
          .deleteFrom('note_versions')
          .where('id', 'in', ids.slice(start, start + DELETE_CHUNK))
          .execute();
      }
    },
  };
}

export type HistoryPruningRepo = ReturnType<typeof createHistoryPruningRepo>;
