import { type Kysely, sql } from 'kysely';
import { toIso } from '../../db/time';
import type { Database, Timestamp } from '../../db/types';
import { memberOf } from '../projects/membership.repo';

export interface ExportProject {
  id: string;
  name: string;
  kind: 'personal' | 'shared';
}

export interface ExportNote {
  id: string;
  /** Where the next page starts (the row's own value, so the comparison is exact on both databases). */
  position: { updatedAt: Timestamp; id: string };
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

/** Notes read per page while a zip streams: memory stays flat whatever the account's size. */
export const EXPORT_PAGE_SIZE = 200;

export function createExportRepo(db: Kysely<Database>) {
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

    /**
     * One page of a project's notes, oldest change first, after `after` (keyset over the existing
     * (project_id, updated_at, id) index). A note edited during the export moves behind the cursor
     * and is read again with its new text (a second file), never skipped.
     */
    async notesPage(projectId: string, after: ExportNote['position'] | null): Promise<ExportNote[]> {
      let query = db
        .selectFrom('notes as n')
        .select(['n.id', 'n.title', 'n.content', 'n.tags', 'n.created_at', 'n.updated_at'])
        .where('n.project_id', '=', projectId)
        .where('n.deleted_at', 'is', null);
      if (after !== null)
        query = query.where(sql<boolean>`(n.updated_at, n.id) > (${after.updatedAt}, ${after.id})`);
      const rows = await query.orderBy('n.updated_at').orderBy('n.id').limit(EXPORT_PAGE_SIZE).execute();
      return rows.map((row) => ({
        id: row.id,
        position: { updatedAt: row.updated_at, id: row.id },
        title: row.title,
        content: row.content,
        tags: parseTags(row.tags),
        createdAt: toIso(row.created_at),
        updatedAt: toIso(row.updated_at),
      }));
    },
  };
}

export type ExportRepo = ReturnType<typeof createExportRepo>;
