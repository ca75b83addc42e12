import type { ProjectKind, ProjectRole } from '@notewise/shared';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { nowIso } from '../../db/time';
import type { Database } from '../../db/types';

/**
 * Membership is the only way to see a project (owners are members too). Every query that decides
 * what a user may see joins `project_members as m` with this one condition, so the rule lives here
 * and the SQL stays the same text the planners were tuned on (search keeps its join order).
 *
 * `projectColumn` is a column reference such as 'p.id' or 'n.project_id'.
 */
export function memberOf(projectColumn: 'p.id' | 'n.project_id', userId: string): RawBuilder<boolean> {
  return sql<boolean>`m.project_id = ${sql.ref(projectColumn)} and m.user_id = ${userId}`;
}

/** A caller's standing in one project: enough for every policy decision about it. */
export interface ProjectAccess {
  projectId: string;
  kind: ProjectKind;
  ownerId: string;
  role: Exclude<ProjectRole, 'none'>;
}

/** A caller's standing towards one note (through its project). */
export interface NoteAccess extends ProjectAccess {
  noteId: string;
  authorId: string | null;
  isAuthor: boolean;
}

interface AccessRow {
  project_id: string;
  kind: ProjectKind;
  owner_id: string;
  role: Exclude<ProjectRole, 'none'>;
}

/** One mapping from a row of `p.kind, p.owner_id, m.role` to the policy's view (live notes and Trash alike). */
export function toProjectAccess(row: AccessRow): ProjectAccess {
  return { projectId: row.project_id, kind: row.kind, ownerId: row.owner_id, role: row.role };
}

export function toNoteAccess(
  row: AccessRow & { id: string; author_id: string | null },
  userId: string,
): NoteAccess {
  return {
    noteId: row.id,
    authorId: row.author_id,
    isAuthor: row.author_id === userId,
    ...toProjectAccess(row),
  };
}

export function createMembership(db: Kysely<Database>) {
  return {
    /** Ids of every project the user may see, as a subquery for other modules' authorization. */
    visibleProjectIds(userId: string) {
      return db.selectFrom('project_members').select('project_id').where('user_id', '=', userId);
    },

    /** The user's role in the project, or 'none' (not a member, or no such project). One lookup. */
    async role(userId: string, projectId: string): Promise<ProjectRole> {
      const row = await db
        .selectFrom('project_members')
        .select('role')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role ?? 'none';
    },

    async isMember(userId: string, projectId: string): Promise<boolean> {
      return (await this.role(userId, projectId)) !== 'none';
    },

    /** Role and kind in one query; undefined when the project is not visible to the user. */
    async project(userId: string, projectId: string): Promise<ProjectAccess | undefined> {
      const row = await visibleProjects(db, userId)
        .select(['p.id as project_id', 'p.kind', 'p.owner_id', 'm.role'])
        .where('p.id', '=', projectId)
        .executeTakeFirst();
      return row ? toProjectAccess(row) : undefined;
    },

    /** A note's project, the caller's role there and authorship, in one query; undefined when not visible. */
    async note(userId: string, noteId: string): Promise<NoteAccess | undefined> {
      const row = await db
        .selectFrom('notes as n')
        .innerJoin('projects as p', 'p.id', 'n.project_id')
        .innerJoin('project_members as m', (join) => join.on(memberOf('n.project_id', userId)))
        .select(['n.id', 'n.author_id', 'p.id as project_id', 'p.kind', 'p.owner_id', 'm.role'])
        .where('n.id', '=', noteId)
        // A live note is always in a live project: trashing a project marks its notes too.
        .where('n.deleted_at', 'is', null)
        .executeTakeFirst();
      return row ? toNoteAccess(row, userId) : undefined;
    },

    /** Everyone who may see the project, e.g. the audience of its change events. */
    async members(...projectIds: string[]): Promise<string[]> {
      if (projectIds.length === 0) return [];
      const rows = await db
        .selectFrom('project_members')
        .select('user_id')
        .where('project_id', 'in', projectIds)
        .execute();
      return [...new Set(rows.map((row) => row.user_id))];
    },

    /**
     * The user and everyone sharing a project with them: who sees their name on a project (the
     * owner's) or their membership in a count, the audience of a rename or an account deletion.
     */
    async coMembers(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('project_members as mine')
        .innerJoin('project_members as other', 'other.project_id', 'mine.project_id')
        .select('other.user_id')
        .distinct()
        .where('mine.user_id', '=', userId)
        .execute();
      return [...new Set([userId, ...rows.map((row) => row.user_id)])];
    },
  };
}

export type Membership = ReturnType<typeof createMembership>;

/**
 * Which of these users are members of the shared project of which of these notes, as
 * `noteId:userId` pairs: the co-editing sockets' periodic re-check (removal, project deleted, note
 * moved out of a shared project), one query for many sockets.
 */
export async function sharedNoteMembers(
  db: Kysely<Database>,
  noteIds: string[],
  userIds: string[],
): Promise<{ noteId: string; userId: string }[]> {
  const rows = await db
    .selectFrom('notes as n')
    .innerJoin('projects as p', 'p.id', 'n.project_id')
    .innerJoin('project_members as m', 'm.project_id', 'n.project_id')
    .select(['n.id as note_id', 'm.user_id'])
    .where('p.kind', '=', 'shared')
    .where('n.deleted_at', 'is', null)
    .where('n.id', 'in', noteIds)
    .where('m.user_id', 'in', userIds)
    .execute();
  return rows.map((row) => ({ noteId: row.note_id, userId: row.user_id }));
}

/** The database or a transaction on it: membership writes join the caller's transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The one place membership rows are written: the owner when a project is created, a member when
 * they join by code. Takes the caller's transaction so a project never exists without its owner.
 */
export async function addMember(
  executor: Executor,
  projectId: string,
  userId: string,
  role: Exclude<ProjectRole, 'none'>,
  at: string = nowIso(),
): Promise<void> {
  await executor
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: userId, role, color: null, joined_at: at })
    .execute();
}

/**
 * A member stops being one, by leaving or by the owner's removal (which bans too: shared-projects).
 * The owner's row never goes (they delete the project instead). True when a membership ended.
 */
export async function endMembership(executor: Executor, projectId: string, userId: string): Promise<boolean> {
  const removed = await executor
    .deleteFrom('project_members')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .where('role', '=', 'member')
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/**
 * Projects the user may see, as `p` joined to their membership `m`: every project query starts here
 * (add columns, joins and filters), so the rule and its SQL text are the same everywhere. A project
 * in Trash is not visible (only the Trash module reads those).
 */
export function visibleProjects(executor: Executor, userId: string) {
  return executor
    .selectFrom('projects as p')
    .innerJoin('project_members as m', (join) => join.on(memberOf('p.id', userId)))
    .where('p.deleted_at', 'is', null);
}

/**
 * Notes the user may see, as `n` joined to their membership `m` in the note's project. A note in
 * Trash is not visible; a live note is never in a trashed project (the project's delete marks them).
 */
export function visibleNotes(executor: Executor, userId: string) {
  return executor
    .selectFrom('notes as n')
    .innerJoin('project_members as m', (join) => join.on(memberOf('n.project_id', userId)))
    .where('n.deleted_at', 'is', null);
}
