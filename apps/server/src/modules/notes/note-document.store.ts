import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time';
import type { Database } from '../../db/types';
import { syncNoteImages } from '../uploads/uploads.repo';
import { prepareContent } from './note-content';

/** What co-editing needs of a note to open it: the stored Yjs state, its Markdown and the logged updates. */
export interface StoredNoteDocument {
  ydoc: Uint8Array | null;
  content: string;
  projectId: string;
  /** Acknowledged updates not yet folded into `ydoc` (decision 018), oldest first. */
  updates: Uint8Array[];
}

/**
 * The SQL behind co-editing (decision 018): a note's Yjs state in notes.ydoc, its Markdown mirror in
 * notes.content (search, previews, export read that), and the update log in note_updates. The
 * collaboration server (realtime/collab) decides when; this module only reads and writes.
 */
export function createNoteDocumentStore(db: Kysely<Database>) {
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

  /** The Yjs state only; the Markdown mirror stays as it is. */
  const storeState = async (noteId: string, state: Uint8Array) => {
    await db.updateTable('notes').set({ ydoc: state }).where('id', '=', noteId).execute();
  };

  return {
    storeState,

    async read(noteId: string): Promise<StoredNoteDocument | null> {
      const row = await db
        .selectFrom('notes')
        .select(['ydoc', 'content', 'project_id'])
        .where('id', '=', noteId)
        .executeTakeFirst();
      if (!row) return null;
      const logged = await db
        .selectFrom('note_updates')
        .select('update')
        .where('note_id', '=', noteId)
        .orderBy('id')
        .execute();
      return {
        ydoc: row.ydoc,
        content: row.content,
        projectId: row.project_id,
        updates: logged.map((entry) => entry.update),
      };
    },

    /** The note's Markdown as stored (a REST edit's result). */
    async readContent(noteId: string): Promise<string | undefined> {
      const row = await db.selectFrom('notes').select('content').where('id', '=', noteId).executeTakeFirst();
      return row?.content;
    },

    /** A state rebuilt from the Markdown: the logged updates belonged to the one it replaces. */
    async replaceState(noteId: string, state: Uint8Array) {
      await db.deleteFrom('note_updates').where('note_id', '=', noteId).execute();
      await storeState(noteId, state);
    },

    /**
     * The state and its Markdown mirror (text, search, previews, images), then the log compacted.
     * `isFolded` tells which logged updates the state contains. True when the text changed (the
     * version moved on and the caller announces it); false when only the Yjs state did.
     */
    async storeDocument(
      noteId: string,
      state: Uint8Array,
      markdown: string,
      isFolded: (update: Uint8Array) => boolean,
    ): Promise<boolean> {
      const { content, plainText, excerpt } = prepareContent(markdown);
      const result = await db
        .updateTable('notes')
        .set((eb) => ({
          ydoc: state,
          content,
          plain_text: plainText,
          excerpt,
          version: eb('version', '+', 1),
          updated_at: nowIso(),
        }))
        .where('id', '=', noteId)
        .where('content', '!=', content)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        // Same text (e.g. only awareness or formatting-free changes): keep the Yjs state current.
        await storeState(noteId, state);
        await compactLog(noteId, isFolded);
        return false;
      }
      await compactLog(noteId, isFolded);
      await syncNoteImages(db, noteId, content);
      return true;
    },

    /** One acknowledged update, written before it is applied (decision 018). */
    async logUpdate(noteId: string, update: Uint8Array) {
      await db.insertInto('note_updates').values({ note_id: noteId, update, created_at: nowIso() }).execute();
    },

    /** Notes with logged updates (after a crash: changes not yet folded into their state). */
    async notesWithLoggedUpdates(): Promise<string[]> {
      const rows = await db.selectFrom('note_updates').select('note_id').distinct().execute();
      return rows.map((row) => row.note_id);
    },
  };
}

export type NoteDocumentStore = ReturnType<typeof createNoteDocumentStore>;
