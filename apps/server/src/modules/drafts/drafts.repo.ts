import type { Draft, DraftKind } from '@notewise/shared';
import type { Kysely } from 'kysely';
import { nowIso, toIso } from '../../db/time';
import type { Database } from '../../db/types';

/** One draft per user and kind: saving again replaces it. */
export function createDraftsRepo(db: Kysely<Database>) {
  return {
    async find(userId: string, kind: DraftKind): Promise<Draft | null> {
      const row = await db
        .selectFrom('drafts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (!row) return null;
      return {
        kind: row.kind,
        content: row.content,
        noteId: row.note_id,
        projectId: row.project_id,
        updatedAt: toIso(row.updated_at),
      };
    },

    async save(
      userId: string,
      kind: DraftKind,
      draft: { content: string; noteId?: string | null | undefined; projectId?: string | null | undefined },
    ): Promise<void> {
      const values = {
        content: draft.content,
        note_id: draft.noteId ?? null,
        project_id: draft.projectId ?? null,
        updated_at: nowIso(),
      };
      await db
        .insertInto('drafts')
        .values({ user_id: userId, kind, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(values))
        .execute();
    },

    async delete(userId: string, kind: DraftKind): Promise<void> {
      await db.deleteFrom('drafts').where('user_id', '=', userId).where('kind', '=', kind).execute();
    },
  };
}

export type DraftsRepo = ReturnType<typeof createDraftsRepo>;
