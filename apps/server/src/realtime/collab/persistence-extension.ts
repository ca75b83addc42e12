import type { Extension, Hocuspocus } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import * as Y from 'yjs';
import type { ChangeNotifier } from '../../events/change-notifier';
import type { SessionUser } from '../../http/session';
import type { NoteDocumentStore } from '../../modules/notes/note-document.store';
import { opsMetrics } from '../../ops/metrics';
import { yjsUpdateOf } from '../update-validator';
import { type CollabContext, noteIdOf } from './context';
import { markdownFromYdoc, ydocFromNote } from './ydoc';

/** A Yjs update that carries nothing (no structs, no deletions). */
const EMPTY_UPDATE_BYTES = 2;
/** A first state loses its compare-and-set only to another instance's or a REST edit: rare twice in a row. */
const SEED_ATTEMPTS = 5;
/** The origin of an update applied after its document unloaded (stored like a client's). */
const LATE_ORIGIN = 'late';

/** True when `snapshot` holds the update, or it cannot be read (a bad stored state is rebuilt at the next load, ydoc.ts). */
function containsOrUnreadable(snapshot: Y.Snapshot, update: Uint8Array): boolean {
  try {
    return Y.snapshotContainsUpdate(snapshot, update);
  } catch {
    return true;
  }
}

export interface PersistenceDeps {
  store: NoteDocumentStore;
  notify: ChangeNotifier;
  log: FastifyBaseLogger;
  /**
   * Other instances store the same notes (Redis): each store merges what the note's row and log
   * hold first. Alone, an instance wrote every stored state itself and skips that read.
   */
  shared?: boolean;
}

/**
 * Documents are loaded from notes.ydoc (or built from the Markdown), every acknowledged update is
 * logged first (decision 018), and the debounced store writes the state and mirrors it to
 * notes.content so search, previews and export stay current.
 */
export function createPersistence(deps: PersistenceDeps) {
  const { store, log } = deps;
  /** Documents whose load succeeded (name -> project id); only those may ever be stored (a failed load overwrites nothing). */
  const loaded = new Map<string, string>();
  /** Who sent changes to each open document since it was last stored: the authors of its next version. */
  const editors = new Map<string, Set<string>>();

  /** The editors since the last store, handed over once (a failed store loses only the names). */
  const takeEditors = (noteId: string): string[] => {
    const names = editors.get(noteId);
    editors.delete(noteId);
    return names ? [...names] : [];
  };

  /**
   * The note's co-editing state as stored plus its logged updates; built from the Markdown when
   * there is none or it is unreadable, and then used only if this instance stored it first (decision
   * 044): an instance that lost reads again and takes the state the winner stored, so two instances
   * opening a note at once never hold two copies of its text for Redis to merge.
   */
  async function readNoteDocument(noteId: string) {
    for (let attempt = 0; attempt < SEED_ATTEMPTS; attempt += 1) {
      const row = await store.read(noteId);
      if (!row) return null;
      let seeded = !row.ydoc || row.ydoc.byteLength === 0;
      const doc = ydocFromNote(row, (err) => {
        seeded = true;
        log.error({ err, noteId }, 'stored co-editing state is invalid; rebuilt from the Markdown');
      });
      if (!seeded) return { doc, projectId: row.projectId, logged: row.updates.length };
      // Stored at once: the updates logged from now on build on exactly this document.
      if (await store.seedState(noteId, Y.encodeStateAsUpdate(doc), row)) {
        return { doc, projectId: row.projectId, logged: 0 };
      }
      doc.destroy();
    }
    throw new Error('the note kept changing while its first co-editing state was stored');
  }

  /**
   * The document with what the note's row and log hold that it lacks (decision 111): another
   * instance's store just before this one, or an update acknowledged there that has not crossed
   * Redis yet. Stores of one note by two instances take turns (the Redis lock), so a store never
   * writes over what the one before it stored, and folds every update logged by then. The copy
   * is a new document; the open one catches up through Redis as before.
   */
  async function withStored(noteId: string, document: Y.Doc): Promise<Y.Doc> {
    if (!deps.shared) return document;
    const row = await store.read(noteId);
    if (!row) return document;
    const snapshot = Y.snapshot(document);
    const lacking = [row.ydoc, ...row.updates].filter(
      (update): update is Uint8Array =>
        !!update && update.byteLength > EMPTY_UPDATE_BYTES && !containsOrUnreadable(snapshot, update),
    );
    if (lacking.length === 0) return document;
    const merged = new Y.Doc();
    Y.applyUpdate(merged, Y.encodeStateAsUpdate(document));
    for (const update of lacking) Y.applyUpdate(merged, update);
    return merged;
  }

  async function storeDocument(
    noteId: string,
    projectId: string,
    document: Y.Doc,
    actorId: string | undefined,
  ) {
    const complete = await withStored(noteId, document);
    try {
      await writeDocument(noteId, projectId, complete, actorId);
    } finally {
      if (complete !== document) complete.destroy();
    }
  }

  /** The document's state and Markdown written, the log compacted, the change announced. */
  async function writeDocument(
    noteId: string,
    projectId: string,
    document: Y.Doc,
    actorId: string | undefined,
  ) {
    const state = Y.encodeStateAsUpdate(document);
    // Taken with the state: the logged updates it already contains are the ones folded in below.
    const storedSnapshot = Y.snapshot(document);
    const changed = await store.storeDocument(
      noteId,
      state,
      markdownFromYdoc(document),
      (update) => Y.snapshotContainsUpdate(storedSnapshot, update),
      takeEditors(noteId),
    );
    if (!changed) return;
    opsMetrics.collabDocumentStored();
    await deps.notify.note({ type: 'note.updated', projectId, noteId, ...(actorId ? { actorId } : {}) });
  }

  /**
   * Through Hocuspocus' own document life: the note is loaded (its log read) unless open again, takes
   * the update (Yjs ignores what it already has), is stored at once and unloaded if nobody is in it.
   */
  async function applyLate(
    instance: Hocuspocus,
    documentName: string,
    update: Uint8Array,
    user: SessionUser,
  ) {
    const direct = await instance.openDirectConnection(documentName, { user });
    try {
      await direct.transact((document) => Y.applyUpdate(document, update, LATE_ORIGIN));
    } finally {
      await direct.disconnect();
    }
  }

  const extension: Extension = {
    extensionName: 'notewise-persistence',

    /**
     * Decision 018: written before Hocuspocus applies it and acknowledges it to the client, so a
     * change the client counts as saved survives a crash inside the store debounce. A failed write
     * throws: the client gets no acknowledgement, reconnects and sends the change again.
     */
    async beforeHandleMessage({ context, document, documentName, instance, update: message }) {
      const update = yjsUpdateOf(message);
      if (!update || update.byteLength <= EMPTY_UPDATE_BYTES) return;
      const { noteId, user } = context as CollabContext;
      try {
        await store.logUpdate(noteId, update);
        if (instance.documents.get(documentName) !== document) {
          // Its editor left as it arrived and the document unloaded meanwhile (what Hocuspocus now
          // applies it to is gone): it goes to the note as it is now, open or not.
          applyLate(instance, documentName, update, user).catch((err: unknown) =>
            log.error(
              { err, document: documentName },
              'could not store a co-editing update that arrived late',
            ),
          );
          return;
        }
        const noteEditors = editors.get(noteId) ?? new Set<string>();
        noteEditors.add(user.id);
        editors.set(noteId, noteEditors);
        opsMetrics.collabUpdateApplied();
      } catch (err) {
        log.error({ err, document: documentName }, 'could not log a co-editing update; not acknowledged');
        throw err;
      }
    },

    async onLoadDocument({ documentName, document }) {
      const noteId = noteIdOf(documentName);
      if (!noteId) throw new Error('Unknown document');
      const read = await readNoteDocument(noteId);
      if (!read) throw new Error('Note not found');
      Y.applyUpdate(document, Y.encodeStateAsUpdate(read.doc));
      read.doc.destroy();
      loaded.set(documentName, read.projectId);
      return document;
    },

    async onStoreDocument({ documentName, document, context }) {
      const noteId = noteIdOf(documentName);
      if (!noteId || !loaded.has(documentName)) return;
      try {
        const actorId = (context as Partial<CollabContext> | undefined)?.user?.id;
        await storeDocument(noteId, loaded.get(documentName) ?? '', document, actorId);
      } catch (err) {
        // One document that cannot be stored must not stop the others (or the process).
        opsMetrics.collabStoreFailed();
        log.error({ err, noteId }, 'failed to store a co-edited note');
      }
    },

    async afterUnloadDocument({ documentName }) {
      loaded.delete(documentName);
      const noteId = noteIdOf(documentName);
      if (!noteId) return;
      editors.delete(noteId);
      try {
        // The last editor left: the next change starts a new version of the note's history.
        await store.closeHistoryWindow(noteId);
      } catch (err) {
        log.error({ err, noteId }, 'could not close the co-editing version of a note');
      }
    },
  };

  return {
    extension,
    /** Open documents (name -> project id), for closing them when access changes. */
    loaded: loaded as ReadonlyMap<string, string>,
    /** Sizes of the per-document maps (loaded documents, editors since the last store). */
    openState: () => ({ loaded: loaded.size, editors: editors.size }),

    /**
     * At start: updates acknowledged before a crash are folded into their notes (text, search,
     * previews) without waiting for someone to open them.
     */
    async foldLoggedUpdates() {
      for (const noteId of await store.notesWithLoggedUpdates()) {
        try {
          const read = await readNoteDocument(noteId);
          if (!read) continue;
          // Read just now with its whole log: nothing stored or logged to merge.
          if (read.logged > 0) await writeDocument(noteId, read.projectId, read.doc, undefined);
          read.doc.destroy();
          log.info({ noteId, updates: read.logged }, 'co-editing updates from before a restart stored');
        } catch (err) {
          opsMetrics.jobFailed('collab-fold-at-start');
          log.error({ err, noteId }, 'could not store logged co-editing updates; kept for the next load');
        }
      }
    },
  };
}

export type Persistence = ReturnType<typeof createPersistence>;
