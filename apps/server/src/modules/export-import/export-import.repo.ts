import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { toIso } from '../../db/time';
import type { Database, Timestamp } from '../../db/types';
import { memberOf } from '../projects/membership.repo';

export interface ExportProject {
  id: string;
  name: string;
  kind: 'personal' | 'shared';
}

/**
 * Where the next page starts: the project's place in the export's list, then the row's own
 * (updated_at, id) (its own value, so the comparison is exact on both databases).
 */
export interface ExportPosition {
  project: number;
  updatedAt: Timestamp;
  id: string;
}

export interface ExportNote {
  id: string;
  position: ExportPosition;
  title: string;
  content: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

function parseTags(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

/** The export's projects as rows: each id with its place in the list (from 0). */
type ProjectOrder = { ord: number; pid: string };

/** Notes read per page while a zip streams: memory stays flat whatever the account's size. */
export const EXPORT_PAGE_SIZE = 200;

function exportNote(
  row: {
    id: string;
    title: string;
    content: string;
    tags: string;
    created_at: Timestamp;
    updated_at: Timestamp;
  },
  project: number,
): ExportNote {
  return {
    id: row.id,
    position: { project, updatedAt: row.updated_at, id: row.id },
    title: row.title,
    content: row.content,
    tags: parseTags(row.tags),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export function createExportRepo(db: Kysely<Database>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  /** The projects as rows (id, place from 0) from one JSON parameter, whatever their number. */
  const projectOrder = (projectIds: readonly string[]) => {
    const ids = JSON.stringify(projectIds);
    return postgres
      ? sql<ProjectOrder>`(select (ord - 1)::int as ord, pid from jsonb_array_elements_text(${ids}::jsonb) with ordinality as x(pid, ord))`
      : sql<ProjectOrder>`(select key as ord, value as pid from json_each(${ids}))`;
  };
  return {
    /** The pictures the live notes of these projects show. */
    imagesOfProjects(projectIds: string[]) {
      return db
        .selectFrom('note_images as ni')
        .innerJoin('notes as n', 'n.id', 'ni.note_id')
        .innerJoin('images as i', 'i.id', 'ni.image_id')
        .select(['i.id', 'i.hash', 'i.storage_key'])
        .where('n.project_id', 'in', projectIds)
        .where('n.deleted_at', 'is', null)
        .distinct()
        .orderBy('i.id')
        .execute();
    },

    /** The projects the user may read (a member of; owners are members), by name. */
    async projects(userId: string, projectId?: string): Promise<ExportProject[]> {
      let query = db
        .selectFrom('projects as p')
        .innerJoin('project_members as m', (join) => join.on(memberOf('p.id', userId)))
        .select(['p.id', 'p.name', 'p.kind'])
        .where('p.deleted_at', 'is', null);
      if (projectId) query = query.where('p.id', '=', projectId);
      return query.orderBy('p.name').orderBy('p.id').execute();
    },

    /** How many live notes each of these projects holds, by place in the list (absent: none). */
    async liveNoteCounts(projectIds: readonly string[]): Promise<Map<number, number>> {
      if (projectIds.length === 0) return new Map();
      const rows = await db
        .selectFrom(projectOrder(projectIds).as('o'))
        .innerJoin('notes as n', 'n.project_id', 'o.pid')
        .select(['o.ord', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('n.deleted_at', 'is', null)
        .groupBy('o.ord')
        .execute();
      return new Map(rows.map((row) => [Number(row.ord), Number(row.count)]));
    },

    /**
     * One page of these projects' notes, project by project in the order given, each project's
     * oldest change first, after `after` (its `project` counts from the first of `projectIds`). A
     * page spans projects, so many small projects cost one query, not one each; the caller gives
     * a run of projects whose notes fit in about a page, as the sort covers all of them. The ids
     * go as one JSON parameter, so the statement's text is the same for any number of projects
     * (prepared once on PostgreSQL, decision 090). A note edited during the export moves behind
     * the cursor and is read again with its new text (a second file), never skipped.
     */
    async notesPage(projectIds: readonly string[], after: ExportPosition | null): Promise<ExportNote[]> {
      if (projectIds.length === 0) return [];
      let page = db
        .selectFrom(projectOrder(projectIds).as('o'))
        .innerJoin('notes as n', 'n.project_id', 'o.pid')
        .select(['o.ord', 'n.id', 'n.title', 'n.content', 'n.tags', 'n.created_at', 'n.updated_at'])
        .where('n.deleted_at', 'is', null);
      if (after !== null)
        page = page.where(
          sql<boolean>`(o.ord > ${after.project} or (o.ord = ${after.project} and (n.updated_at, n.id) > (${after.updatedAt}, ${after.id})))`,
        );
      const rows = await page
        .orderBy('o.ord')
        .orderBy('n.updated_at')
        .orderBy('n.id')
        .limit(EXPORT_PAGE_SIZE)
        .execute();
      return rows.map((row) => exportNote(row, Number(row.ord)));
    },

    /**
     * One page of one project's notes (`project` is its place in the export), oldest change first:
     * a keyset over the (project_id, updated_at) index, no sort, for a project larger than a page.
     */
    async projectNotesPage(projectId: string, project: number, after: ExportPosition | null) {
      let query = db
        .selectFrom('notes as n')
        .select(['n.id', 'n.title', 'n.content', 'n.tags', 'n.created_at', 'n.updated_at'])
        .where('n.project_id', '=', projectId)
        .where('n.deleted_at', 'is', null);
      if (after !== null)
        query = query.where(sql<boolean>`(n.updated_at, n.id) > (${after.updatedAt}, ${after.id})`);
      const rows = await query.orderBy('n.updated_at').orderBy('n.id').limit(EXPORT_PAGE_SIZE).execute();
      return rows.map((row) => exportNote(row, project));
    },
  };
}

export type ExportRepo = ReturnType<typeof createExportRepo>;
