import crypto from 'node:crypto';
import type { NoteVersion, NoteVersionReason, NoteVersionSummary } from '@notewise/shared';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { toIso } from '../../../db/time';
import type { Database, Timestamp } from '../../../db/types';
import { cursorId, cursorTimestamp, toPage } from '../../../http/pagination';

/** Shown for a version whose maker is unknown (recorded before history existed) or whose account is gone. */
export const UNKNOWN_AUTHOR = 'Someone';

export const versionCursorSchema = z.strictObject({ c: cursorTimestamp, i: cursorId });
export type VersionCursor = z.infer<typeof versionCursorSchema>;

export interface VersionRow {
  id: string;
  note_id: string;
  title: string;
  content: string;
  reason: string;
  author_ids: string;
  sealed: boolean | number;
  size: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NewVersion {
  noteId: string;
  title: string;
  content: string;
  reason: NoteVersionReason;
  authorIds: string[];
  sealed: boolean;
  createdAt: string;
  updatedAt?: string;
}

/** The bytes a version costs: what the per-account budget sums. */
export const versionSize = (title: string, content: string) =>
  Buffer.byteLength(title, 'utf8') + Buffer.byteLength(content, 'utf8');

export function parseAuthorIds(raw: string): string[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

const summaryColumns = [
  'id',
  'note_id',
  'title',
  'reason',
  'author_ids',
  'created_at',
  'updated_at',
  'size',
] as const;

/**
 * The SQL of note history (decision 050). Every write takes the transaction of the note write it
 * belongs to, so a version and the text it records commit together or not at all.
 */
export function createNoteVersionsRepo(db: Kysely<Database>) {
  /** Names for the author ids of a page of versions, one query. */
  const namesOf = async (ids: string[]): Promise<Map<string, string>> => {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  };

  const toSummaries = async (
    rows: Array<Omit<VersionRow, 'content' | 'sealed'> & { length?: number }>,
  ): Promise<NoteVersionSummary[]> => {
    const ids = new Set(rows.flatMap((row) => parseAuthorIds(row.author_ids)));
    const names = await namesOf([...ids]);
    return rows.map((row) => ({
      id: row.id,
      noteId: row.note_id,
      title: row.title,
      reason: row.reason as NoteVersionReason,
      authors: parseAuthorIds(row.author_ids).map((id) => {
        const name = names.get(id);
        return name === undefined ? { id: null, name: UNKNOWN_AUTHOR } : { id, name };
      }),
      createdAt: toIso(row.created_at),
      updatedAt: toIso(row.updated_at),
      length: row.length ?? 0,
    }));
  };

  return {
    /** The newest version of a note (inside the write's transaction). */
    async latest(executor: Kysely<Database>, noteId: string): Promise<VersionRow | undefined> {
      return executor
        .selectFrom('note_versions')
        .selectAll()
        .where('note_id', '=', noteId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async insert(executor: Kysely<Database>, version: NewVersion): Promise<string> {
      const id = crypto.randomUUID();
      await executor
        .insertInto('note_versions')
        .values({
          id,
          note_id: version.noteId,
          title: version.title,
          content: version.content,
          reason: version.reason,
          author_ids: JSON.stringify(version.authorIds),
          // 0/1, not a boolean: SQLite binds no booleans, and PostgreSQL reads '1' as true.
          sealed: version.sealed ? 1 : 0,
          size: versionSize(version.title, version.content),
          created_at: version.createdAt,
          updated_at: version.updatedAt ?? version.createdAt,
        })
        .execute();
      return id;
    },

    /** A save coalesced into the open version: its text, authors and time move on. */
    async extend(
      executor: Kysely<Database>,
      id: string,
      change: { title: string; content: string; authorIds: string[]; at: string },
    ) {
      await executor
        .updateTable('note_versions')
        .set({
          title: change.title,
          content: change.content,
          author_ids: JSON.stringify(change.authorIds),
          size: versionSize(change.title, change.content),
          updated_at: change.at,
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * extend() on the note's newest version, only if it is the open version this change moves on:
     * not sealed, of this reason, holding the text before the change, made by exactly these people
     * (their ids as stored), started after `startedAfter`. One statement instead of latest() and
     * extend(); false when the newest version is not that one (nothing written).
     */
    async extendOpen(
      executor: Kysely<Database>,
      noteId: string,
      open: { reason: NoteVersionReason; before: { title: string; content: string }; startedAfter: string },
      change: { title: string; content: string; authorIds: string[]; at: string },
    ): Promise<boolean> {
      const authorIds = JSON.stringify(change.authorIds);
      const newest = executor
        .selectFrom('note_versions')
        .select('id')
        .where('note_id', '=', noteId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1);
      const result = await executor
        .updateTable('note_versions')
        .set({
          title: change.title,
          content: change.content,
          author_ids: authorIds,
          size: versionSize(change.title, change.content),
          updated_at: change.at,
        })
        .where('id', '=', newest)
        .where(sql<boolean>`not sealed`)
        .where('reason', '=', open.reason)
        .where('title', '=', open.before.title)
        .where('content', '=', open.before.content)
        .where('author_ids', '=', authorIds)
        .where('created_at', '>', open.startedAfter)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setAuthors(executor: Kysely<Database>, id: string, authorIds: string[]) {
      await executor
        .updateTable('note_versions')
        .set({ author_ids: JSON.stringify(authorIds) })
        .where('id', '=', id)
        .execute();
    },

    async seal(executor: Kysely<Database>, id: string) {
      await executor.updateTable('note_versions').set({ sealed: 1 }).where('id', '=', id).execute();
    },

    /** One page of a note's versions, newest first; keyset on (created_at, id). */
    async list(noteId: string, page: { limit: number; after?: VersionCursor | undefined }) {
      let query = db
        .selectFrom('note_versions')
        .select([...summaryColumns, sql<number>`length(content)`.as('length')])
        .where('note_id', '=', noteId);
      if (page.after)
        query = query.where(sql<boolean>`(created_at, id) < (${page.after.c}, ${page.after.i})`);
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit + 1)
        .execute();
      const kept = toPage(
        rows,
        page.limit,
        (row) => row,
        (row) => ({ c: toIso(row.created_at), i: row.id }),
      );
      return { versions: await toSummaries(kept.items), nextCursor: kept.nextCursor };
    },

    async find(noteId: string, versionId: string): Promise<NoteVersion | undefined> {
      const row = await db
        .selectFrom('note_versions')
        .selectAll()
        .where('id', '=', versionId)
        .where('note_id', '=', noteId)
        .executeTakeFirst();
      if (!row) return undefined;
      const [summary] = await toSummaries([{ ...row, length: row.content.length }]);
      if (!summary) return undefined;
      return { ...summary, content: row.content };
    },
  };
}

export type NoteVersionsRepo = ReturnType<typeof createNoteVersionsRepo>;
