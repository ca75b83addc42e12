import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { nowIso, toIso } from '../../../db/time';
import type { Database } from '../../../db/types';
import { isUniqueViolation } from '../../../db/unique-violation';
import { cursorId, cursorTimestamp, toPage } from '../../../http/pagination';
import { addMember, endMembership } from '../membership.repo';
import { insertProject, type NewProject } from '../projects.repo';
import { copyAuthoredNotes } from './removal-copy.repo';

/** A fresh 6-digit code from a cryptographic source (leading zeros allowed). */
export function generateShareCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Where a members page ends: joined_at and user id. */
export const memberCursorSchema = z.strictObject({ j: cursorTimestamp, i: cursorId });
export type MemberCursor = z.infer<typeof memberCursorSchema>;

export interface SharingOptions {
  /** SHARE_CODE_LIFETIME_DAYS; 0: codes never expire. */
  codeLifetimeDays?: number | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sharing's writes and lookups (decisions 007, 008, 041, 055): codes, joining, members, removal with
 * its ban and copy. Listing and showing shared projects is the projects repo's one list query.
 */
export function createSharingRepo(db: Kysely<Database>, options: SharingOptions = {}) {
  const lifetimeMs = (options.codeLifetimeDays ?? 0) * DAY_MS;

  /** Tries fresh codes until one is free among live codes (the column is unique). */
  const withFreshCode = async <T>(write: (code: string) => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await write(generateShareCode());
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 20) throw error;
      }
    }
  };

  return {
    /** A new shared project with a fresh code, and its owner's membership; its id. */
    async createShared(userId: string, input: NewProject): Promise<string> {
      const at = nowIso();
      return withFreshCode((code) =>
        db
          .transaction()
          .execute((trx) => insertProject(trx, userId, input, { at, kind: 'shared', shareCode: code })),
      );
    },

    /** Live codes only: a disabled (null) or expired code matches nothing. */
    async findByCode(code: string) {
      let query = db
        .selectFrom('projects')
        .select(['id', 'name', 'owner_id'])
        .where('kind', '=', 'shared')
        .where('share_code', '=', code)
        // A project in Trash keeps its code (a restore brings it back) but nobody joins through it.
        .where('deleted_at', 'is', null);
      if (lifetimeMs > 0) {
        query = query.where('share_code_issued_at', '>', new Date(Date.now() - lifetimeMs).toISOString());
      }
      return query.executeTakeFirst();
    },

    /** The owner removed this user: their join by code is refused (decision 008). */
    async isBanned(projectId: string, userId: string) {
      const row = await db
        .selectFrom('project_bans')
        .select('user_id')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async addMember(projectId: string, userId: string) {
      await addMember(db, projectId, userId, 'member');
    },

    isUniqueViolation,

    async regenerateCode(projectId: string) {
      return withFreshCode(async (code) => {
        const at = nowIso();
        await db
          .updateTable('projects')
          .set({ share_code: code, share_code_issued_at: at, updated_at: at })
          .where('id', '=', projectId)
          .execute();
        return code;
      });
    },

    async disableCode(projectId: string) {
      await db
        .updateTable('projects')
        .set({ share_code: null, share_code_issued_at: null, updated_at: nowIso() })
        .where('id', '=', projectId)
        .execute();
    },

    /** One page of a project's members in the order they joined (ties by user id). */
    async members(projectId: string, page: { limit: number; after?: MemberCursor | undefined }) {
      let query = db
        .selectFrom('project_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.user_id', 'u.name', 'u.image', 'm.role', 'm.joined_at'])
        .select((eb) =>
          eb
            .selectFrom('notes as n')
            .select(eb.fn.countAll<number>().as('c'))
            .where('n.project_id', '=', projectId)
            .whereRef('n.author_id', '=', 'm.user_id')
            .where('n.deleted_at', 'is', null)
            .as('notes'),
        )
        .where('m.project_id', '=', projectId);
      if (page.after)
        query = query.where(sql<boolean>`(m.joined_at, m.user_id) > (${page.after.j}, ${page.after.i})`);
      const rows = await query
        .orderBy('m.joined_at')
        .orderBy('m.user_id')
        .limit(page.limit + 1)
        .execute();
      const result = toPage(
        rows,
        page.limit,
        (row) => ({
          userId: row.user_id,
          name: row.name,
          image: row.image ?? null,
          role: row.role,
          joinedAt: toIso(row.joined_at),
          notes: Number(row.notes ?? 0),
        }),
        (row) => ({ j: toIso(row.joined_at), i: row.user_id }),
      );
      return { members: result.items, nextCursor: result.nextCursor };
    },

    /**
     * The owner removes a member: the membership ends and a ban keeps them from rejoining with the
     * code, which keeps working for everyone else. (Leaving is projects.leave: no ban.) The notes
     * they wrote there are copied into a personal project of theirs (removal-copy.ts); its id, or
     * null when they wrote none.
     */
    async removeMember(projectId: string, userId: string, removedBy: string): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        if (!(await endMembership(trx, projectId, userId))) return null;
        await trx
          .insertInto('project_bans')
          .values({ project_id: projectId, user_id: userId, banned_by: removedBy, banned_at: nowIso() })
          .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
          .execute();
        return copyAuthoredNotes(trx, projectId, userId);
      });
    },
  };
}

export type SharingRepo = ReturnType<typeof createSharingRepo>;
