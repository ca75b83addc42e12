import type { Kysely } from 'kysely';
import { toIso } from '../../db/time';
import type { Database } from '../../db/types';
import { memberOf } from '../projects/membership';

export interface ExportProject {
  id: string;
  name: string;
  kind: 'personal' | 'shared';
}

export interface ExportNote {
  id: string;
  title: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}

/** Notes read per page while a zip streams: memory stays flat whatever the account's size. */
export const EXPORT_PAGE_SIZE = 200;

export function createExportRepo(db: Kysely<Database>) {
  return {
    /** The projects the user may read (a member of; owners are members), by name. */
    async projects(userId: string, projectId?: string): Promise<ExportProject[]> {
      let query = db
        .selectFrom('projects as p')
        .innerJoin('project_members as m', (join) => join.on(memberOf('p.id', userId)))
        .select(['p.id', 'p.name', 'p.kind']);
      if (projectId) query = query.where('p.id', '=', projectId);
      return query.orderBy('p.name').orderBy('p.id').execute();
    },

    /** One page of a project's notes by id (keyset: after the last id of the previous page). */
    async notesPage(projectId: string, afterId: string | null): Promise<ExportNote[]> {
      let query = db
        .selectFrom('notes')
        .select(['id', 'title', 'content', 'created_at', 'updated_at'])
        .where('project_id', '=', projectId);
      if (afterId !== null) query = query.where('id', '>', afterId);
      const rows = await query.orderBy('id').limit(EXPORT_PAGE_SIZE).execute();
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        content: row.content,
        createdAt: toIso(row.created_at),
        updatedAt: toIso(row.updated_at),
      }));
    },
  };
}

export type ExportRepo = ReturnType<typeof createExportRepo>;
