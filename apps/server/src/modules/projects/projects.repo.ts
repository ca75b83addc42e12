import crypto from 'node:crypto';
import type { Project, ProjectColor, ProjectKind, SharedProject } from '@notewise/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { isoText, nowIso, toIso } from '../../db/time';
import type { Database, Dialect } from '../../db/types';
import { cursorId, cursorTimestamp, toPage } from '../../http/pagination';
import { addMember, type Executor, endMembership, visibleProjects } from './membership.repo';

export interface NewProject {
  name: string;
  description?: string | undefined;
  color: ProjectColor;
}

/** Where a projects page ends: updated_at and id (also for shared projects). */
export const projectCursorSchema = z.strictObject({ u: cursorTimestamp, i: cursorId });
export type ProjectCursor = z.infer<typeof projectCursorSchema>;

/**
 * A new project and its owner's membership, in the caller's transaction: personal projects and
 * shared ones (with their first code) are created by this one insert.
 */
export async function insertProject(
  executor: Executor,
  userId: string,
  input: NewProject,
  options: { at: string; kind?: ProjectKind; shareCode?: string | null },
): Promise<string> {
  const id = crypto.randomUUID();
  await executor
    .insertInto('projects')
    .values({
      id,
      owner_id: userId,
      name: input.name,
      description: input.description ?? '',
      color: input.color,
      kind: options.kind ?? 'personal',
      share_code: options.shareCode ?? null,
      share_code_issued_at: options.shareCode ? options.at : null,
      created_at: options.at,
      updated_at: options.at,
    })
    .execute();
  await addMember(executor, id, userId, 'owner', options.at);
  return id;
}

export interface ProjectsRepoOptions {
  /** SHARE_CODE_LIFETIME_DAYS; 0: codes never expire. */
  codeLifetimeDays?: number | undefined;
  /** PostgreSQL: timestamps are read as ISO text (db/time.ts isoText). */
  dialect?: Dialect | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The one project list query: the projects the user may see, personal and shared alike, with every
 * column a project view shows (a shared project's code, owner and member count too). Every list,
 * page and lookup of projects, for /api/projects and /api/shared-projects, is this query.
 */
export function projectRows(executor: Executor, userId: string, dialect: Dialect = 'sqlite') {
  return visibleProjects(executor, userId)
    .innerJoin('users as owner', 'owner.id', 'p.owner_id')
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.color',
      'p.kind',
      isoText(dialect, 'p.created_at').as('created_at'),
      isoText(dialect, 'p.updated_at').as('updated_at'),
      'p.share_code',
      'p.share_code_issued_at',
      'm.role',
      'owner.name as owner_name',
      (eb) =>
        eb
          .selectFrom('notes as n')
          .select((e) => e.fn.countAll<number>().as('c'))
          .whereRef('n.project_id', '=', 'p.id')
          .where('n.deleted_at', 'is', null)
          .as('note_count'),
      (eb) =>
        eb
          .selectFrom('project_members as mm')
          .select((e) => e.fn.countAll<number>().as('c'))
          .whereRef('mm.project_id', '=', 'p.id')
          .as('member_count'),
    ]);
}

type ProjectRow = Awaited<ReturnType<ReturnType<typeof projectRows>['executeTakeFirstOrThrow']>>;

export function createProjectsRepo(db: Kysely<Database>, options: ProjectsRepoOptions = {}) {
  const lifetimeMs = (options.codeLifetimeDays ?? 0) * DAY_MS;
  const visible = (userId: string, executor: Executor = db) => projectRows(executor, userId, options.dialect);

  const toProject = (row: ProjectRow): Project => ({
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color as ProjectColor,
    kind: row.kind,
    role: row.role,
    noteCount: Number(row.note_count ?? 0),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  });

  /** The same row in the shape of /api/shared-projects: the code (null once expired), owner, members. */
  const toShared = (row: ProjectRow): SharedProject => {
    const issuedAt = row.share_code ? row.share_code_issued_at : null;
    const expiresAt = lifetimeMs > 0 && issuedAt ? new Date(new Date(issuedAt).getTime() + lifetimeMs) : null;
    const expired = expiresAt !== null && expiresAt.getTime() <= Date.now();
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      color: row.color as ProjectColor,
      code: expired ? null : row.share_code,
      codeExpiresAt: expiresAt?.toISOString() ?? null,
      role: row.role,
      ownerName: row.owner_name,
      itemCount: Number(row.note_count ?? 0),
      memberCount: Number(row.member_count ?? 0),
      createdAt: toIso(row.created_at),
      updatedAt: toIso(row.updated_at),
    };
  };

  /** One page of a kind, newest updated first (ties by id), keyset on that key. */
  const pageOf = async (
    userId: string,
    kind: ProjectKind | 'all',
    page: { limit: number; after?: ProjectCursor | undefined },
  ) => {
    let query = visible(userId);
    if (kind !== 'all') query = query.where('p.kind', '=', kind);
    if (page.after)
      query = query.where(sql<boolean>`(p.updated_at, p.id) < (${page.after.u}, ${page.after.i})`);
    return query
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(page.limit + 1)
      .execute();
  };

  return {
    /** Every project of a kind, for the server's own use (AI capture chooses among them). */
    async list(userId: string, kind: ProjectKind | 'all'): Promise<Project[]> {
      let query = visible(userId);
      if (kind !== 'all') query = query.where('p.kind', '=', kind);
      const rows = await query.orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').execute();
      return rows.map(toProject);
    },

    /** One page of the user's projects (personal, shared or both), newest updated first. */
    async page(
      userId: string,
      kind: ProjectKind | 'all',
      page: { limit: number; after?: ProjectCursor | undefined },
    ) {
      const rows = await pageOf(userId, kind, page);
      const result = toPage(rows, page.limit, toProject, (row) => ({ u: toIso(row.updated_at), i: row.id }));
      return { projects: result.items, nextCursor: result.nextCursor };
    },

    /** The same page of shared projects in the shape of /api/shared-projects. */
    async pageShared(userId: string, page: { limit: number; after?: ProjectCursor | undefined }) {
      const rows = await pageOf(userId, 'shared', page);
      const result = toPage(rows, page.limit, toShared, (row) => ({ u: toIso(row.updated_at), i: row.id }));
      return { sharedProjects: result.items, nextCursor: result.nextCursor };
    },

    async find(userId: string, projectId: string): Promise<Project | undefined> {
      const row = await visible(userId).where('p.id', '=', projectId).executeTakeFirst();
      return row ? toProject(row) : undefined;
    },

    async findShared(userId: string, projectId: string): Promise<SharedProject | undefined> {
      const row = await visible(userId)
        .where('p.id', '=', projectId)
        .where('p.kind', '=', 'shared')
        .executeTakeFirst();
      return row ? toShared(row) : undefined;
    },

    async create(userId: string, input: NewProject): Promise<Project> {
      const id = await insertProject(db, userId, input, { at: nowIso() });
      const project = await this.find(userId, id);
      if (!project) throw new Error('created project not found');
      return project;
    },

    /** All or nothing: a failure half-way leaves no partial template behind. */
    async createMany(userId: string, inputs: readonly NewProject[]): Promise<Project[]> {
      const ids = await db.transaction().execute(async (trx) => {
        const created: string[] = [];
        // The first project gets the newest timestamp, so a newest-first list shows the template's order.
        const base = Date.now();
        for (const [index, input] of inputs.entries()) {
          const at = new Date(base + (inputs.length - index)).toISOString();
          created.push(await insertProject(trx, userId, input, { at }));
        }
        return created;
      });
      const rows = await visible(userId)
        .where('p.id', 'in', ids)
        .orderBy('p.updated_at', 'desc')
        .orderBy('p.id', 'desc')
        .execute();
      return rows.map(toProject);
    },

    async update(projectId: string, changes: Partial<NewProject>) {
      await db
        .updateTable('projects')
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...(changes.color !== undefined ? { color: changes.color } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', projectId)
        .execute();
    },

    async touch(projectId: string, executor: Executor = db) {
      await executor
        .updateTable('projects')
        .set({ updated_at: nowIso() })
        .where('id', '=', projectId)
        .execute();
    },

    /**
     * Into Trash (decision 051): the project and every live note of it are marked in one transaction;
     * the notes say they went with the project, so its restore brings back those and no others.
     * Members, code, bans, pins, images and versions stay. `first` runs in the same transaction before
     * the marks (the notes module moving the notes out to Inbox, decision 065): all or nothing.
     */
    async trash(projectId: string, userId: string, first?: (trx: Transaction<Database>) => Promise<void>) {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        if (first) await first(trx);
        await trx
          .updateTable('projects')
          .set({ deleted_at: at, deleted_by: userId })
          .where('id', '=', projectId)
          .where('deleted_at', 'is', null)
          .execute();
        await trx
          .updateTable('notes')
          .set({ deleted_at: at, deleted_by: userId, deleted_with_project: 1 })
          .where('project_id', '=', projectId)
          .where('deleted_at', 'is', null)
          .execute();
      });
    },

    /** A member stops being one; the owner cannot leave (they delete). */
    async leave(projectId: string, userId: string) {
      await endMembership(db, projectId, userId);
    },
  };
}

export type ProjectsRepo = ReturnType<typeof createProjectsRepo>;
