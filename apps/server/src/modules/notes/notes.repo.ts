import crypto from 'node:crypto';
import { type Note, type NoteCounts, type NoteVersionReason, UNTITLED_NOTE_TITLE } from '@notewise/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import { isoText, nowIso, toIso } from '../../db/time';
import type { Database, Dialect, Timestamp } from '../../db/types';
import { isUniqueViolation } from '../../db/unique-violation';
import { toPage } from '../../http/pagination';
import { type NoteAccess, toNoteAccess } from '../projects/membership.repo';
import { syncNoteImages } from '../uploads/uploads.repo';
import { createNoteVersionsRepo } from './history/note-versions.repo';
import { createVersionRecorder, type VersionRecorder } from './history/version-recorder';
import { type ImportedNoteFields, importedDates } from './imported-fields';
import { normalizeTags, type PreparedContent, prepareContent, previewsOf } from './note-content';
import { logRestEdit, type RestEditUpdate } from './note-document.store';
import { createNoteListQueries } from './note-list-queries';
import {
  FIRST_PAGE_START,
  type NoteCursor,
  type PinCursor,
  type SummaryRow,
  toSummary,
} from './note-summary';

/** A change without a version retries when another write lands between its read and its write. */
const WRITE_ATTEMPTS = 5;

export type UpdateResult =
  | { status: 'ok'; note: Note }
  | { status: 'conflict'; current: Note }
  | { status: 'missing' };

export function createNotesRepo(
  db: Kysely<Database>,
  coEditing: { restEditUpdate: RestEditUpdate },
  history: VersionRecorder = createVersionRecorder(createNoteVersionsRepo(db)),
  /** PostgreSQL: list timestamps are read as ISO text (db/time.ts isoText). */
  dialect: Dialect = 'sqlite',
) {
  const { visible, summaries, unpinnedInProject, unpinnedAcrossProjects, pinnedSummaries } =
    createNoteListQueries(db, dialect);

  const find = async (userId: string, noteId: string): Promise<Note | undefined> => {
    const row = await summaries(userId).select('n.content').where('n.id', '=', noteId).executeTakeFirst();
    if (!row) return undefined;
    return { ...toSummary(row), content: row.content };
  };

  /**
   * A note the user can see with their standing towards it (membership.note's), in one query: an
   * edit's access check and the read its version guard and history need (decision 102).
   */
  const findForEdit = async (
    userId: string,
    noteId: string,
  ): Promise<{ note: Note; access: NoteAccess } | undefined> => {
    const row = await summaries(userId)
      .innerJoin('projects as p', 'p.id', 'n.project_id')
      .select(['n.content', 'p.kind', 'p.owner_id', 'm.role'])
      .where('n.id', '=', noteId)
      .executeTakeFirst();
    if (!row) return undefined;
    return { note: { ...toSummary(row), content: row.content }, access: toNoteAccess(row, userId) };
  };

  /** The note this author created with `clientId` (offline queue replays), if they can still see it. */
  const findByClientId = async (userId: string, clientId: string): Promise<Note | undefined> => {
    const row = await db
      .selectFrom('notes')
      .select('id')
      .where('author_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row ? find(userId, row.id) : undefined;
  };

  return {
    find,
    findForEdit,

    /**
     * Whether this author already made a note with `clientId` that they can no longer see (in Trash,
     * or moved where they are not a member): a replay of its create must not make it again.
     */
    async clientIdGone(userId: string, clientId: string): Promise<boolean> {
      const row = await db
        .selectFrom('notes')
        .select('id')
        .where('author_id', '=', userId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row !== undefined && (await find(userId, row.id)) === undefined;
    },

    /**
     * One page of the notes the user can see, pinned first (their own pins), then the rest, each part
     * newest updated first (ties by id). Keyset, not OFFSET: the cursor is the last note's
     * (pinned, updated_at, id), and the pinned part is paged through before the rest, so "pinned
     * first" holds across pages while pins live in their own table.
     */
    async list(
      userId: string,
      filter: { projectId?: string | undefined; pinned?: boolean | undefined },
      page: { limit: number; after?: NoteCursor | undefined },
    ) {
      const { limit, after } = page;
      const part = (pinned: boolean, from: NoteCursor | undefined, take: number): Promise<SummaryRow[]> => {
        // The first page starts above every key: with a range on (updated_at, id) the planners read
        // the keyset index in order and stop at the limit (without one, SQLite sorted every note).
        const start = from ?? FIRST_PAGE_START;
        if (!pinned) {
          return filter.projectId
            ? unpinnedInProject(userId, filter.projectId, start, take).execute()
            : unpinnedAcrossProjects(userId, start, take);
        }
        return pinnedPart(start, take).execute();
      };
      /** The user's pinned notes (in the project, when filtered), newest first from `start` on. */
      const pinnedPart = (start: NoteCursor, take: number) => {
        let query = pinnedSummaries(userId);
        if (filter.projectId) query = query.where('n.project_id', '=', filter.projectId);
        query = query.where(sql<boolean>`(n.updated_at, n.id) < (${start.u}, ${start.i})`);
        return query.orderBy('n.updated_at', 'desc').orderBy('n.id', 'desc').limit(take);
      };
      const rows: SummaryRow[] = [];
      const wantsPinned = filter.pinned !== false && (after === undefined || after.p === 1);
      if (wantsPinned && filter.pinned !== true && filter.projectId) {
        // A project's page across the pinned part and the rest: both reads in one statement (each
        // still its own index range), the merge sorts at most twice the page. One round trip less.
        const both = db
          .selectFrom(pinnedPart(after ?? FIRST_PAGE_START, limit + 1).as('pinned_part'))
          .selectAll()
          .unionAll(
            db
              .selectFrom(unpinnedInProject(userId, filter.projectId, FIRST_PAGE_START, limit + 1).as('rest'))
              .selectAll(),
          );
        rows.push(
          ...(await db
            .selectFrom(both.as('page'))
            .selectAll()
            .orderBy('page.pinned', 'desc')
            .orderBy('page.updated_at', 'desc')
            .orderBy('page.id', 'desc')
            .limit(limit + 1)
            .execute()),
        );
      } else {
        if (wantsPinned) rows.push(...(await part(true, after, limit + 1)));
        if (filter.pinned !== true && rows.length <= limit) {
          const from = after?.p === 0 ? after : undefined;
          rows.push(...(await part(false, from, limit + 1 - rows.length)));
        }
      }
      const page_ = toPage(rows, limit, toSummary, (row) => ({
        p: row.pinned ? 1 : 0,
        u: toIso(row.updated_at),
        i: row.id,
      }));
      return { notes: page_.items, nextCursor: page_.nextCursor };
    },

    /** The counters of a notes page: how many, how many pinned by this user, the last update. */
    async counts(userId: string, filter: { projectId?: string | undefined }): Promise<NoteCounts> {
      let query = visible(userId).select((eb) => [
        eb.fn.countAll<number | string>().as('total'),
        eb.fn.count<number | string>('pin.note_id').as('pinned'),
        eb.fn.max('n.updated_at').as('last_updated'),
        eb.fn
          .max(sql<Timestamp | null>`case when pin.note_id is null then null else n.updated_at end`)
          .as('pinned_last_updated'),
      ]);
      if (filter.projectId) query = query.where('n.project_id', '=', filter.projectId);
      const row = await query.executeTakeFirst();
      return {
        total: Number(row?.total ?? 0),
        pinned: Number(row?.pinned ?? 0),
        lastUpdatedAt: row?.last_updated ? toIso(row.last_updated as Timestamp) : null,
        pinnedLastUpdatedAt: row?.pinned_last_updated ? toIso(row.pinned_last_updated as Timestamp) : null,
      };
    },

    async create(
      userId: string,
      input: {
        projectId: string;
        title?: string | undefined;
        content?: string | undefined;
        tags?: string[] | undefined;
        /** The browser's id for the note (offline queue): a second create with it returns the first (`created` false). */
        clientId?: string | undefined;
      } & ImportedNoteFields,
      /** `prepareContent(input.content)` computed off the event loop (the import worker, content-pool.ts). */
      prepared?: PreparedContent,
    ): Promise<{ note: Note; created: boolean }> {
      if (input.clientId) {
        const existing = await findByClientId(userId, input.clientId);
        if (existing) return { note: existing, created: false };
      }
      const id = input.id ?? crypto.randomUUID();
      const at = nowIso();
      const { content, plainText, excerpt } = prepared ?? prepareContent(input.content ?? '');
      const { createdAt, updatedAt } = importedDates(input, at);
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('notes')
            .values({
              id,
              project_id: input.projectId,
              author_id: userId,
              client_id: input.clientId ?? null,
              title: input.title ?? UNTITLED_NOTE_TITLE,
              content,
              plain_text: plainText,
              excerpt,
              tags: JSON.stringify(normalizeTags(input.tags ?? [])),
              version: 1,
              ydoc: null,
              created_at: createdAt,
              updated_at: updatedAt,
            })
            .execute();
          await trx
            .updateTable('projects')
            .set({ updated_at: at })
            .where('id', '=', input.projectId)
            .execute();
        });
      } catch (error) {
        // Two replays at the same moment: the unique (author_id, client_id) index let one through.
        const winner =
          input.clientId && isUniqueViolation(error)
            ? await findByClientId(userId, input.clientId)
            : undefined;
        if (winner) return { note: winner, created: false };
        throw error;
      }
      if (content) await syncNoteImages(db, id, content);
      const note = await find(userId, id);
      if (!note) throw new Error('created note not found');
      return { note, created: true };
    },

    findByClientId,

    /**
     * Optimistic concurrency: the row changes only if it still has `expectedVersion`; otherwise the
     * caller gets the current note and nothing is overwritten. The text, the co-editing state, the
     * project's `updated_at` and the note's history change in one transaction, guarded by the version
     * read just before, so the history records exactly the text this write replaced.
     */
    async update(
      userId: string,
      noteId: string,
      changes: { title?: string | undefined; content?: string | undefined; tags?: string[] | undefined },
      expectedVersion: number | undefined,
      /** `prepareContent(changes.content)` computed off the event loop (content-pool.ts). */
      preparedContent?: PreparedContent,
      reason: NoteVersionReason = 'edit',
      /** The note as the caller just read it (findForEdit): the first attempt's read, saving a query. */
      read?: Note,
    ): Promise<UpdateResult> {
      const prepared =
        preparedContent ?? (changes.content !== undefined ? prepareContent(changes.content) : undefined);
      for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
        const current = attempt === 0 && read ? read : await find(userId, noteId);
        if (!current) return { status: 'missing' };
        if (expectedVersion !== undefined && current.version !== expectedVersion) {
          return { status: 'conflict', current };
        }
        const at = nowIso();
        const written = await db.transaction().execute(async (trx) => {
          // The co-editing state comes back with the write (RETURNING, one round trip less: decision
          // 102); the write holds the row, so it is the state the REST edit must join.
          const written = await trx
            .updateTable('notes')
            .set((eb) => ({
              ...(changes.title !== undefined ? { title: changes.title } : {}),
              ...(prepared
                ? { content: prepared.content, plain_text: prepared.plainText, excerpt: prepared.excerpt }
                : {}),
              ...(changes.tags !== undefined ? { tags: JSON.stringify(normalizeTags(changes.tags)) } : {}),
              version: eb('version', '+', 1),
              updated_at: at,
            }))
            .where('id', '=', noteId)
            .where('version', '=', current.version)
            .returning('ydoc')
            .executeTakeFirst();
          if (!written) return false;
          // A new text reaches the co-editing state in the same transaction, as one update (decision 044).
          if (prepared)
            await logRestEdit(trx, noteId, prepared.content, coEditing.restEditUpdate, written.ydoc);
          await trx
            .updateTable('projects')
            .set({ updated_at: at })
            .where('id', '=', current.projectId)
            .execute();
          await history.record(trx, {
            noteId,
            before: current,
            after: { title: changes.title ?? current.title, content: prepared?.content ?? current.content },
            reason,
            actorIds: [userId],
            at,
          });
          return true;
        });
        if (written) {
          if (prepared) await syncNoteImages(db, noteId, prepared.content);
          // The note as this write left it, from the row it was written over (not read back: 084).
          const note: Note = {
            ...current,
            title: changes.title ?? current.title,
            tags: changes.tags !== undefined ? normalizeTags(changes.tags) : current.tags,
            version: current.version + 1,
            ...(prepared ? { ...previewsOf(prepared.excerpt), content: prepared.content } : {}),
            updatedAt: at,
            lastEdited: at,
          };
          return { status: 'ok', note };
        }
        // Changed between the read and the write: an edit from a version is now a conflict; a
        // change without one (rename, restore) reads again and applies to what is there now.
        if (expectedVersion !== undefined) {
          const latest = await find(userId, noteId);
          return latest ? { status: 'conflict', current: latest } : { status: 'missing' };
        }
      }
      throw new Error('the note kept changing while it was being saved');
    },

    /** Both projects changed: each one's `updated_at` moves on with the note, in one transaction. */
    async move(noteId: string, fromProjectId: string, projectId: string) {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('notes')
          .set((eb) => ({ project_id: projectId, version: eb('version', '+', 1) }))
          .where('id', '=', noteId)
          .execute();
        await trx
          .updateTable('projects')
          .set({ updated_at: at })
          .where('id', 'in', [fromProjectId, projectId])
          .execute();
      });
    },

    /**
     * Every live note of a project moves to another in the caller's transaction, as move() does for
     * one (version + 1, both projects' `updated_at`): a project's delete with "Move its notes to
     * Inbox" (decision 065). The moved notes' ids.
     */
    async moveAll(trx: Transaction<Database>, fromProjectId: string, projectId: string): Promise<string[]> {
      const rows = await trx
        .selectFrom('notes')
        .select('id')
        .where('project_id', '=', fromProjectId)
        .where('deleted_at', 'is', null)
        .execute();
      if (rows.length === 0) return [];
      await trx
        .updateTable('notes')
        .set((eb) => ({ project_id: projectId, version: eb('version', '+', 1) }))
        .where('project_id', '=', fromProjectId)
        .where('deleted_at', 'is', null)
        .execute();
      await trx
        .updateTable('projects')
        .set({ updated_at: nowIso() })
        .where('id', 'in', [fromProjectId, projectId])
        .execute();
      return rows.map((row) => row.id);
    },

    /** Into Trash: a mark (decision 051); pins, images, versions and co-editing state stay with the row. */
    async trash(noteId: string, userId: string) {
      await db
        .updateTable('notes')
        .set({ deleted_at: nowIso(), deleted_by: userId, deleted_with_project: 0 })
        .where('id', '=', noteId)
        .where('deleted_at', 'is', null)
        .execute();
    },

    /** Gone for good (a duplicate nobody saw): pins and versions cascade; the full-text index follows. */
    async delete(noteId: string) {
      await db.deleteFrom('notes').where('id', '=', noteId).execute();
    },

    async pin(userId: string, noteId: string) {
      await db
        .insertInto('pins')
        .values({ user_id: userId, note_id: noteId, pinned_at: nowIso() })
        .onConflict((oc) => oc.columns(['user_id', 'note_id']).doNothing())
        .execute();
    },

    async unpin(userId: string, noteId: string) {
      await db.deleteFrom('pins').where('user_id', '=', userId).where('note_id', '=', noteId).execute();
    },

    /** One page of the user's pins, newest pinned first (ties by note id), each with its note. */
    async pinned(userId: string, page: { limit: number; after?: PinCursor | undefined }) {
      let query = pinnedSummaries(userId).select(isoText(dialect, 'pin.pinned_at').as('pinned_at'));
      if (page.after)
        query = query.where(sql<boolean>`(pin.pinned_at, pin.note_id) < (${page.after.t}, ${page.after.i})`);
      const rows = await query
        .orderBy('pin.pinned_at', 'desc')
        .orderBy('pin.note_id', 'desc')
        .limit(page.limit + 1)
        .execute();
      const result = toPage(
        rows,
        page.limit,
        (row) => ({ noteId: row.id, pinnedAt: toIso(row.pinned_at as Timestamp), note: toSummary(row) }),
        (row) => ({ t: toIso(row.pinned_at as Timestamp), i: row.id }),
      );
      return { pins: result.items, nextCursor: result.nextCursor };
    },
  };
}

export type NotesRepo = ReturnType<typeof createNotesRepo>;
