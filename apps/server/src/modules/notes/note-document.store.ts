import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/time';
import type { Database } from '../../db/types';
import { syncNoteImages } from '../uploads/uploads.repo';
import { contentPool } from './content-pool';
import { createNoteVersionsRepo } from './history/note-versions.repo';
import { createVersionRecorder, type VersionRecorder } from './history/version-recorder';

/** A REST edit landing between the read and the write of a store: read again (rare twice in a row). */
const STORE_ATTEMPTS = 5;

/** What co-editing needs of a note to open it: the stored Yjs state, its Markdown and the logged updates. */
export interface StoredNoteDocument {
  ydoc: Uint8Array | null;
  content: string;
  projectId: string;
  /** The note's version when read: a first state is stored only if it is still this one. */
  version: number;
  /** Acknowledged updates not yet folded into `ydoc` (decision 018), oldest first. */
  updates: Uint8Array[];
}

/**
 * A REST edit as one Yjs update on a note's co-editing state (realtime/collab/ydoc.ts builds it):
 * empty when there is nothing to change, null when the state is unreadable.
 */
export type RestEditUpdate = (
  state: { ydoc: Uint8Array; updates: Uint8Array[] },
  markdown: string,
) => Uint8Array | null;

const loggedUpdates = async (db: Kysely<Database>, noteId: string) =>
  (
    await db.selectFrom('note_updates').select('update').where('note_id', '=', noteId).orderBy('id').execute()
  ).map((entry) => entry.update);

/**
 * Inside a REST edit's transaction, after its write to the note's row (which holds the row until
 * commit, so no first state is stored and no other edit is built meanwhile; the write returned the
 * row's `ydoc`): the edit joins the co-editing state as one logged update, built here once. Every
 * instance with the note open applies that same update (live-changes.ts), so two of them never
 * insert the new text twice (decision 044).
 * A note without a state keeps none: its first load builds one from the new Markdown.
 */
export async function logRestEdit(
  trx: Transaction<Database>,
  noteId: string,
  markdown: string,
  build: RestEditUpdate,
  /** The note's stored state, as the write's RETURNING gave it. */
  ydoc: Uint8Array | null,
) {
  if (!ydoc || ydoc.byteLength === 0) return;
  const update = build({ ydoc, updates: await loggedUpdates(trx, noteId) }, markdown);
  if (update === null) {
    // Unreadable: the next load starts over from the Markdown, as it would have anyway.
    await trx.updateTable('notes').set({ ydoc: null }).where('id', '=', noteId).execute();
    await trx.deleteFrom('note_updates').where('note_id', '=', noteId).execute();
  } else if (update.byteLength > 0) {
    await trx.insertInto('note_updates').values({ note_id: noteId, update, created_at: nowIso() }).execute();
  }
}

/**
 * The SQL behind co-editing (decision 018): a note's Yjs state in notes.ydoc, its Markdown mirror in
 * notes.content (search, previews, export read that), and the update log in note_updates. The
 * collaboration server (realtime/collab) decides when; this module only reads and writes.
 */
export function createNoteDocumentStore(
  db: Kysely<Database>,
  history: VersionRecorder = createVersionRecorder(createNoteVersionsRepo(db)),
) {
  /**
   * Drops the logged updates the stored state contains. One that arrived while the state was being
   * written (logged, not yet applied) stays, and is applied again on the next load (Yjs updates
   * are idempotent).
   */
  const compactLog = async (noteId: string, isFolded: (update: Uint8Array) => boolean) => {
    const logged = await db
      .selectFrom('note_updates')
      .select(['id', 'update'])
      .where('note_id', '=', noteId)
      .execute();
    const folded = logged.filter((entry) => isFolded(entry.update)).map((entry) => entry.id);
    if (folded.length > 0) await db.deleteFrom('note_updates').where('id', 'in', folded).execute();
  };

  /** Updates waiting for the next batched insert into the log, in arrival order. */
  const pendingLog: Array<{
    row: { note_id: string; update: Uint8Array; created_at: string };
    resolve: () => void;
    reject: (error: unknown) => void;
  }> = [];
  const flushLog = () => {
    // Well below either database's limit on bound values (3 a row).
    const batch = pendingLog.splice(0, 500);
    if (pendingLog.length > 0) setImmediate(flushLog);
    db.insertInto('note_updates')
      .values(batch.map((entry) => entry.row))
      .execute()
      .then(
        () => {
          for (const entry of batch) entry.resolve();
        },
        (error: unknown) => {
          for (const entry of batch) entry.reject(error);
        },
      );
  };

  /** The Yjs state only; the Markdown mirror stays as it is. */
  const storeState = async (noteId: string, state: Uint8Array) => {
    await db.updateTable('notes').set({ ydoc: state }).where('id', '=', noteId).execute();
  };

  return {
    storeState,

    async read(noteId: string): Promise<StoredNoteDocument | null> {
      const row = await db
        .selectFrom('notes')
        .select(['ydoc', 'content', 'project_id', 'version'])
        .where('id', '=', noteId)
        // A note in Trash cannot be opened for co-editing.
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      return {
        ydoc: row.ydoc,
        content: row.content,
        projectId: row.project_id,
        version: row.version,
        updates: await loggedUpdates(db, noteId),
      };
    },

    /** The note's Markdown as stored (a REST edit's result). */
    async readContent(noteId: string): Promise<string | undefined> {
      const row = await db.selectFrom('notes').select('content').where('id', '=', noteId).executeTakeFirst();
      return row?.content;
    },

    /**
     * A first state built from the Markdown, stored only if the row is still as it was read (same
     * version, same state: none, or the unreadable one it replaces). False when another instance
     * stored one first or the text changed: the caller reads again and uses what is there, so a
     * note's first state is built once however many instances open it at the same moment (decision
     * 044). The logged updates belonged to the state it replaces and go with it, in one transaction:
     * an update logged on top of the new state cannot be among them.
     */
    async seedState(
      noteId: string,
      state: Uint8Array,
      read: { version: number; ydoc: Uint8Array | null },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        let query = trx
          .updateTable('notes')
          .set({ ydoc: state })
          .where('id', '=', noteId)
          .where('version', '=', read.version);
        query = read.ydoc ? query.where('ydoc', '=', read.ydoc) : query.where('ydoc', 'is', null);
        const result = await query.executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await trx.deleteFrom('note_updates').where('note_id', '=', noteId).execute();
        return true;
      });
    },

    /**
     * The state and its Markdown mirror (text, search, previews, images), then the log compacted.
     * `isFolded` tells which logged updates the state contains; `editors` who changed it since the
     * last store. A new text is written like every note write (one transaction: the row guarded by
     * the version read just before, the project's `updated_at`, a co-editing version of the note's
     * history). True when the text changed (the version moved on and the caller announces it); false
     * when only the Yjs state did.
     */
    async storeDocument(
      noteId: string,
      state: Uint8Array,
      markdown: string,
      isFolded: (update: Uint8Array) => boolean,
      editors: string[] = [],
    ): Promise<boolean> {
      const { content, plainText, excerpt } = await contentPool.prepare(markdown);
      for (let attempt = 0; attempt < STORE_ATTEMPTS; attempt += 1) {
        const before = await db
          .selectFrom('notes')
          .select(['title', 'content', 'version', 'updated_at', 'author_id', 'project_id'])
          .where('id', '=', noteId)
          .executeTakeFirst();
        if (!before) return false;
        const row = { ...before, updatedAt: before.updated_at, authorId: before.author_id };
        if (row.content === content) {
          // Same text (e.g. only formatting-free changes): keep the Yjs state current; the people
          // who were in the document still count as authors of the open co-editing version.
          // Nobody typed since the last store (another instance's store, shutdown): only the state.
          if (editors.length === 0) await storeState(noteId, state);
          else {
            await db.transaction().execute(async (trx) => {
              await trx.updateTable('notes').set({ ydoc: state }).where('id', '=', noteId).execute();
              await history.record(trx, {
                noteId,
                before: row,
                after: row,
                reason: 'co-edit',
                actorIds: editors,
                at: nowIso(),
              });
            });
          }
          await compactLog(noteId, isFolded);
          return false;
        }
        const at = nowIso();
        const written = await db.transaction().execute(async (trx) => {
          const result = await trx
            .updateTable('notes')
            .set((eb) => ({
              ydoc: state,
              content,
              plain_text: plainText,
              excerpt,
              version: eb('version', '+', 1),
              updated_at: at,
            }))
            .where('id', '=', noteId)
            .where('version', '=', row.version)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) return false;
          await trx
            .updateTable('projects')
            .set({ updated_at: at })
            .where('id', '=', row.project_id)
            .execute();
          await history.record(trx, {
            noteId,
            before: row,
            after: { title: row.title, content },
            reason: 'co-edit',
            actorIds: editors,
            at,
          });
          return true;
        });
        if (written) {
          await compactLog(noteId, isFolded);
          await syncNoteImages(db, noteId, content);
          return true;
        }
      }
      throw new Error('the note kept changing while its co-editing state was stored');
    },

    /** The last editor left the document: its co-editing version is complete. */
    async closeHistoryWindow(noteId: string) {
      await db.transaction().execute((trx) => history.closeWindow(trx, noteId));
    },

    /**
     * One acknowledged update, written before it is applied (decision 018). The updates of one turn
     * of the event loop go in one INSERT (decision 070): at hundreds a second, one statement and one
     * pool connection each queued for connections until they timed out on PostgreSQL. Each caller
     * still returns only once its row is committed, and a failure fails every update of the batch.
     */
    logUpdate(noteId: string, update: Uint8Array): Promise<void> {
      return new Promise((resolve, reject) => {
        pendingLog.push({ row: { note_id: noteId, update, created_at: nowIso() }, resolve, reject });
        if (pendingLog.length === 1) setImmediate(flushLog);
      });
    },

    /** Notes with logged updates (after a crash: changes not yet folded into their state). */
    async notesWithLoggedUpdates(): Promise<string[]> {
      const rows = await db.selectFrom('note_updates').select('note_id').distinct().execute();
      return rows.map((row) => row.note_id);
    },
  };
}

export type NoteDocumentStore = ReturnType<typeof createNoteDocumentStore>;
