import { type Draft, type DraftKind, MAX_DRAFT_SLOTS } from '@notewise/shared';
import type { Kysely, Selectable } from 'kysely';
import { nowIso, toIso } from '../../db/time';
import type { Database, DraftsTable } from '../../db/types';

/** The draft saved without a slot (`PUT /api/drafts/:kind`); a tab's slot otherwise (decision 103). */
const NO_SLOT = '';

type DraftBody = {
  content: string;
  noteId?: string | null | undefined;
  projectId?: string | null | undefined;
};

function toDraft(row: Selectable<DraftsTable>): Draft {
  return {
    kind: row.kind,
    slot: row.slot === NO_SLOT ? null : row.slot,
    content: row.content,
    noteId: row.note_id,
    projectId: row.project_id,
    updatedAt: toIso(row.updated_at),
  };
}

/**
 * Drafts per user, kind and slot: saving again replaces that slot's draft. Every query is bound to
 * the caller's user id, so a slot id (made by the browser) never reaches another user's row.
 */
export function createDraftsRepo(db: Kysely<Database>) {
  const values = (draft: DraftBody) => ({
    content: draft.content,
    note_id: draft.noteId ?? null,
    project_id: draft.projectId ?? null,
    updated_at: nowIso(),
  });

  return {
    /** The draft saved without a slot, and every slot's draft, oldest first. */
    async findAll(userId: string, kind: DraftKind): Promise<{ draft: Draft | null; slots: Draft[] }> {
      const rows = await db
        .selectFrom('drafts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .orderBy('updated_at')
        .orderBy('slot')
        .execute();
      const unslotted = rows.find((row) => row.slot === NO_SLOT);
      return {
        draft: unslotted ? toDraft(unslotted) : null,
        slots: rows.filter((row) => row.slot !== NO_SLOT).map(toDraft),
      };
    },

    async save(userId: string, kind: DraftKind, draft: DraftBody): Promise<void> {
      await db
        .insertInto('drafts')
        .values({ user_id: userId, kind, slot: NO_SLOT, ...values(draft) })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'slot']).doUpdateSet(values(draft)))
        .execute();
    },

    /**
     * Saves a tab's slot. A new slot past MAX_DRAFT_SLOTS is refused (false): the caller keeps its
     * text in the browser, and no closed tab's words are dropped to make room.
     */
    async saveSlot(userId: string, kind: DraftKind, slot: string, draft: DraftBody): Promise<boolean> {
      const updated = await db
        .updateTable('drafts')
        .set(values(draft))
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('slot', '=', slot)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return true;
      const { count } = await db
        .selectFrom('drafts')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('slot', '<>', NO_SLOT)
        .executeTakeFirstOrThrow();
      if (Number(count) >= MAX_DRAFT_SLOTS) return false;
      await db
        .insertInto('drafts')
        .values({ user_id: userId, kind, slot, ...values(draft) })
        // Two saves of one new slot at once: the later one wins, as for an existing slot.
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'slot']).doUpdateSet(values(draft)))
        .execute();
      return true;
    },

    async delete(userId: string, kind: DraftKind, slot: string = NO_SLOT): Promise<void> {
      await db
        .deleteFrom('drafts')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('slot', '=', slot)
        .execute();
    },
  };
}

export type DraftsRepo = ReturnType<typeof createDraftsRepo>;
