import type { ProjectKind, ProjectRole, TrashItem } from '@notewise/shared';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { toIso } from '../../db/time';
import type { Database, Timestamp } from '../../db/types';
import { cursorId, cursorTimestamp, toPage } from '../../http/pagination';
import {
  type Executor,
  type NoteAccess,
  type ProjectAccess,
  toNoteAccess,
  toProjectAccess,
} from '../projects/membership.repo';

/** Where a Trash page ends: deleted_at and id of the last item (projects and notes share the order). */
export const trashCursorSchema = z.strictObject({ d: cursorTimestamp, i: cursorId });
export type TrashCursor = z.infer<typeof trashCursorSchema>;

/** Above every key: the first page reads the partial trash indexes in order from the top. */
const FIRST_PAGE_START: TrashCursor = { d: '9999-12-31T23:59:59.999Z', i: '' };
/** Per-project reads merged in one statement up to this many projects (as All Notes, notes.repo.ts). */
const MERGE_MAX_PROJECTS = 200;
/** Rows deleted per statement (SQLite binds at most 32,766 values). */
export const DELETE_CHUNK = 500;

const DAY_MS = 86_400_000;

interface NoteRow {
  id: string;
  title: string;
  excerpt: string;
  project_id: string;
  project_name: string | null;
  /** Never null here: every Trash query selects marked rows only. */
  deleted_at: Timestamp | null;
}

interface ProjectRow {
  id: string;
  name: string;
  color: string;
  kind: ProjectKind;
  deleted_at: Timestamp | null;
}

/**
 * How many notes each of these trashed projects took along: one grouped read for the page's
 * projects (a count per row was planned as a scan of all notes where the statistics saw few marks).
 */
async function takenAlong(db: Kysely<Database>, projectIds: string[]): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('notes')
    .select(['project_id', (eb) => eb.fn.countAll<number | string>().as('c')])
    .where('project_id', 'in', projectIds)
    .where('deleted_at', 'is not', null)
    .where('deleted_with_project', '=', 1)
    .groupBy('project_id')
    .execute();
  return new Map(rows.map((row) => [row.project_id, Number(row.c)]));
}

const markedAt = (row: { deleted_at: Timestamp | null }) => toIso(row.deleted_at ?? new Date(0));

const before = (column: 'n' | 'p', start: TrashCursor) =>
  sql<boolean>`(${sql.ref(`${column}.deleted_at`)}, ${sql.ref(`${column}.id`)}) < (${start.d}, ${start.i})`;

const noteColumns = ['n.id', 'n.title', 'n.excerpt', 'n.project_id', 'n.deleted_at'] as const;
/**
 * The project's name for each note of the page only: a join made SQLite read the project first and
 * sort all its trashed notes (10,000: 4 ms a page); per row, the page is read from the index in order.
 */
const projectName = (eb: ExpressionBuilder<Database & { n: Database['notes'] }, 'n'>) =>
  eb.selectFrom('projects as p').select('p.name').whereRef('p.id', '=', 'n.project_id').as('project_name');

/**
 * Trash reads (decision 051). Trash is a mark on the rows (`deleted_at`), so these are the only
 * queries that look for it being set; every live read filters it out.
 */
export function createTrashRepo(db: Kysely<Database>, retentionDays: number) {
  const expiresAt = (deletedAt: string) =>
    new Date(Date.parse(deletedAt) + retentionDays * DAY_MS).toISOString();

  /**
   * One project's notes deleted on their own, newest deleted first from `start`: a range read of the
   * partial (project_id, deleted_at, id) index. A member sees only the notes they wrote (they may
   * delete only those); the owner sees all.
   */
  const notesInProject = (
    userId: string,
    projectId: string,
    role: ProjectRole,
    start: TrashCursor,
    take: number,
  ) => {
    let query = db
      .selectFrom('notes as n')
      .select([...noteColumns, projectName])
      .where('n.project_id', '=', projectId)
      .where('n.deleted_at', 'is not', null)
      .where('n.deleted_with_project', '=', 0)
      .where(before('n', start));
    if (role !== 'owner') query = query.where('n.author_id', '=', userId);
    return query.orderBy('n.deleted_at', 'desc').orderBy('n.id', 'desc').limit(take);
  };

  /** The notes part of the caller's Trash: each membership's page, merged (cost grows with projects). */
  const trashedNotes = async (userId: string, start: TrashCursor, take: number): Promise<NoteRow[]> => {
    const memberships = await db
      .selectFrom('project_members')
      .select(['project_id', 'role'])
      .where('user_id', '=', userId)
      .execute();
    if (memberships.length === 0) return [];
    if (memberships.length > MERGE_MAX_PROJECTS) {
      return db
        .selectFrom('notes as n')
        .innerJoin('project_members as m', (join) =>
          join.onRef('m.project_id', '=', 'n.project_id').on('m.user_id', '=', userId),
        )
        .select([...noteColumns, projectName])
        .where('n.deleted_at', 'is not', null)
        .where('n.deleted_with_project', '=', 0)
        .where((eb) => eb.or([eb('m.role', '=', 'owner'), eb('n.author_id', '=', userId)]))
        .where(before('n', start))
        .orderBy('n.deleted_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(take)
        .execute();
    }
    const [first, ...rest] = memberships.map((row) =>
      db.selectFrom(notesInProject(userId, row.project_id, row.role, start, take).as('page')).selectAll(),
    );
    if (!first) return [];
    const merged = rest.reduce((union, next) => union.unionAll(next), first);
    return db
      .selectFrom(merged.as('merged'))
      .selectAll()
      .orderBy('merged.deleted_at', 'desc')
      .orderBy('merged.id', 'desc')
      .limit(take)
      .execute();
  };

  /** The projects part: the caller's own trashed projects, from the partial (owner_id, deleted_at, id) index. */
  const trashedProjects = (userId: string, start: TrashCursor, take: number): Promise<ProjectRow[]> =>
    db
      .selectFrom('projects as p')
      .select(['p.id', 'p.name', 'p.color', 'p.kind', 'p.deleted_at'])
      .where('p.owner_id', '=', userId)
      .where('p.deleted_at', 'is not', null)
      .where(before('p', start))
      .orderBy('p.deleted_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(take)
      .execute();

  type Row = { kind: 'note'; row: NoteRow } | { kind: 'project'; row: ProjectRow };
  const toItem = (row: Row, counts: Map<string, number>): TrashItem => {
    const deletedAt = markedAt(row.row);
    if (row.kind === 'note') {
      return {
        kind: 'note',
        id: row.row.id,
        title: row.row.title,
        excerpt: row.row.excerpt,
        projectId: row.row.project_id,
        projectName: row.row.project_name,
        deletedAt,
        expiresAt: expiresAt(deletedAt),
      };
    }
    return {
      kind: 'project',
      id: row.row.id,
      title: row.row.name,
      color: row.row.color,
      shared: row.row.kind === 'shared',
      noteCount: counts.get(row.row.id) ?? 0,
      deletedAt,
      expiresAt: expiresAt(deletedAt),
    };
  };

  return {
    /**
     * One page of the caller's Trash, newest deleted first (ties by id): projects they own, and notes
     * deleted on their own that they may delete (project owner or author) in projects they are still a
     * member of. Each part reads at most a page from its index; the merge cuts to the page.
     */
    async page(userId: string, page: { limit: number; after?: TrashCursor | undefined }) {
      const start = page.after ?? FIRST_PAGE_START;
      const take = page.limit + 1;
      const [notes, projects] = await Promise.all([
        trashedNotes(userId, start, take),
        trashedProjects(userId, start, take),
      ]);
      const rows = [
        ...notes.map((row) => ({ kind: 'note' as const, row, key: markedAt(row) })),
        ...projects.map((row) => ({ kind: 'project' as const, row, key: markedAt(row) })),
      ].sort((a, b) =>
        a.key !== b.key ? (a.key < b.key ? 1 : -1) : a.row.id < b.row.id ? 1 : a.row.id > b.row.id ? -1 : 0,
      );
      const kept = rows.slice(0, page.limit).filter((row) => row.kind === 'project');
      const counts = await takenAlong(
        db,
        kept.map((row) => row.row.id),
      );
      const result = toPage(
        rows,
        page.limit,
        (row) => toItem(row, counts),
        (row) => ({ d: row.key, i: row.row.id }),
      );
      return { items: result.items, nextCursor: result.nextCursor };
    },

    /** The caller's standing towards a note in Trash (deleted on its own), or undefined when not visible. */
    async note(userId: string, noteId: string, executor: Executor = db): Promise<NoteAccess | undefined> {
      const row = await executor
        .selectFrom('notes as n')
        .innerJoin('projects as p', 'p.id', 'n.project_id')
        .innerJoin('project_members as m', (join) =>
          join.onRef('m.project_id', '=', 'n.project_id').on('m.user_id', '=', userId),
        )
        .select(['n.id', 'n.author_id', 'p.id as project_id', 'p.kind', 'p.owner_id', 'm.role'])
        .where('n.id', '=', noteId)
        .where('n.deleted_at', 'is not', null)
        .where('n.deleted_with_project', '=', 0)
        .executeTakeFirst();
      return row ? toNoteAccess(row, userId) : undefined;
    },

    /** The caller's standing towards a project in Trash, or undefined when not visible. */
    async project(userId: string, projectId: string): Promise<ProjectAccess | undefined> {
      const row = await db
        .selectFrom('projects as p')
        .innerJoin('project_members as m', (join) =>
          join.onRef('m.project_id', '=', 'p.id').on('m.user_id', '=', userId),
        )
        .select(['p.id as project_id', 'p.kind', 'p.owner_id', 'm.role'])
        .where('p.id', '=', projectId)
        .where('p.deleted_at', 'is not', null)
        .executeTakeFirst();
      return row ? toProjectAccess(row) : undefined;
    },

    /** Whether a project is live (a restored note goes back to it) or in Trash (then to Inbox). */
    async projectIsLive(projectId: string): Promise<boolean> {
      const row = await db
        .selectFrom('projects')
        .select('id')
        .where('id', '=', projectId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Clears a note's mark (into `projectId`, which may be another project: the restorer's Inbox). */
    async restoreNote(noteId: string, projectId: string, at: string) {
      const result = await db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('notes')
          .set((eb) => ({
            deleted_at: null,
            deleted_by: null,
            deleted_with_project: 0,
            project_id: projectId,
            version: eb('version', '+', 1),
          }))
          .where('id', '=', noteId)
          .where('deleted_at', 'is not', null)
          .executeTakeFirst();
        await trx.updateTable('projects').set({ updated_at: at }).where('id', '=', projectId).execute();
        return Number(done.numUpdatedRows) > 0;
      });
      return result;
    },

    /** Clears a project's mark and the marks of the notes it took along (not those deleted on their own). */
    async restoreProject(projectId: string) {
      return db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('projects')
          .set({ deleted_at: null, deleted_by: null })
          .where('id', '=', projectId)
          .where('deleted_at', 'is not', null)
          .executeTakeFirst();
        await trx
          .updateTable('notes')
          .set({ deleted_at: null, deleted_by: null, deleted_with_project: 0 })
          .where('project_id', '=', projectId)
          .where('deleted_with_project', '=', 1)
          .where('deleted_at', 'is not', null)
          .execute();
        return Number(done.numUpdatedRows) > 0;
      });
    },
  };
}

export type TrashRepo = ReturnType<typeof createTrashRepo>;
