import type {} from '@fastify/websocket';
import { type Extension, Hocuspocus } from '@hocuspocus/server';
import { docToMarkdown, editorSchema, markdownToDoc } from '@notewise/editor';
import { hasAccess } from '@notewise/shared';
import {
  prosemirrorJSONToYDoc,
  prosemirrorJSONToYXmlFragment,
  yDocToProsemirrorJSON,
} from '@tiptap/y-tiptap';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import * as Y from 'yjs';
import { nowIso } from '../db/time';
import type { Database } from '../db/types';
import type { SessionUser } from '../http/session';
import { logRedisErrors } from '../logging';
import { prepareContent } from '../modules/notes/note-content';
import type { ChangeNotifier } from './change-notifier';
import type { EventBus } from './event-bus';
import {
  CLOSE,
  type CloseReason,
  type GuardedSocket,
  meterMessages,
  refuseSocket,
  type SocketGuard,
  type SocketLimits,
} from './socket-guard';
import { checkDocument, documentNameOf, UpdateValidator, yjsUpdateOf } from './update-validator';

/** The Y.XmlFragment TipTap's Collaboration extension binds to by default. */
export const COLLAB_FIELD = 'default';
const DOCUMENT_PREFIX = 'note:';
/** A Yjs update that carries nothing (no structs, no deletions). */
const EMPTY_UPDATE_BYTES = 2;

export interface CollabContext {
  /** The socket this connection came in on, admitted at the upgrade (its user, revocation). */
  guarded: GuardedSocket;
  user: SessionUser;
  noteId: string;
  projectId: string;
}

export interface CollabDeps {
  db: Kysely<Database>;
  notify: ChangeNotifier;
  bus: EventBus;
  log: FastifyBaseLogger;
  guard: SocketGuard;
  limits: SocketLimits;
  redisUrl?: string | undefined;
  /** Tests and several instances on one Redis keep apart with a prefix. */
  redisPrefix?: string | undefined;
}

export function noteIdOf(documentName: string): string | null {
  return documentName.startsWith(DOCUMENT_PREFIX) ? documentName.slice(DOCUMENT_PREFIX.length) : null;
}

/**
 * A note's Yjs document: its stored state plus the logged updates when that passes the editor
 * schema, else one built from its Markdown (the first time, after a REST edit, or when the stored
 * state is unreadable; `onInvalid` hears why).
 */
export function ydocFromNote(
  row: { ydoc: Uint8Array | null; content: string; updates?: Uint8Array[] },
  onInvalid: (error: unknown) => void = () => {},
): Y.Doc {
  if (row.ydoc && row.ydoc.byteLength > 0) {
    const doc = new Y.Doc();
    try {
      Y.applyUpdate(doc, row.ydoc);
      // Acknowledged changes not yet folded into the stored state (the update log, decision 018).
      for (const update of row.updates ?? []) Y.applyUpdate(doc, update);
      checkDocument(doc, COLLAB_FIELD);
      return doc;
    } catch (error) {
      doc.destroy();
      onInvalid(error);
    }
  }
  return prosemirrorJSONToYDoc(editorSchema, markdownToDoc(row.content), COLLAB_FIELD);
}

export function markdownFromYdoc(doc: Y.Doc): string {
  return docToMarkdown(yDocToProsemirrorJSON(doc, COLLAB_FIELD));
}

/**
 * Co-editing of notes in shared projects (ARCHITECTURE 7): Hocuspocus in this process at /collab.
 * The socket is admitted on the upgrade request (session, Origin: socket-guard.ts); each document
 * then needs access and membership of the note's shared project, checked before any sync. Every
 * incoming update passes the editor schema before it is applied (decision 006). Documents are
 * stored to notes.ydoc and mirrored to notes.content so search, previews and export stay current.
 */
export async function createCollab(deps: CollabDeps) {
  const { db, log, guard, limits } = deps;
  /** Documents whose load succeeded; only those may ever be stored (a failed load overwrites nothing). */
  const loaded = new Map<string, string>();
  const validators = new Map<string, UpdateValidator>();

  const findSharedNote = (userId: string, noteId: string) =>
    db
      .selectFrom('notes as n')
      .innerJoin('projects as p', 'p.id', 'n.project_id')
      .innerJoin('project_members as m', (join) =>
        join.onRef('m.project_id', '=', 'n.project_id').on('m.user_id', '=', userId),
      )
      .select(['n.id', 'n.project_id', 'p.kind'])
      .where('n.id', '=', noteId)
      .executeTakeFirst();

  const extensions: Extension[] = [];
  if (deps.redisUrl) {
    // Loaded only when REDIS_URL is set (several instances); the embedded default never needs it.
    const { Redis: RedisExtension } = await import('@hocuspocus/extension-redis');
    const { Redis } = await import('ioredis');
    const redisUrl = deps.redisUrl;
    extensions.push(
      new RedisExtension({
        // The URL as given (rediss:// is TLS, user, password, database), with errors in our log.
        createClient: () => {
          const client = new Redis(redisUrl);
          logRedisErrors(client, log, 'co-editing');
          return client;
        },
        prefix: `${deps.redisPrefix ?? ''}notewise:collab`,
      }),
    );
  }

  const hocuspocus = new Hocuspocus({
    name: 'notewise',
    quiet: true,
    debounce: 1000,
    maxDebounce: 5000,
    extensions,

    async onAuthenticate({ context, documentName }): Promise<Omit<CollabContext, 'guarded'>> {
      const { guarded } = context as Pick<CollabContext, 'guarded'>;
      // The identity is the upgrade's; the sweep keeps its plan current and revokes it on sign-out.
      const user = guarded.user;
      const refuse = (reason: string) => {
        guard.closeIfIdle(guarded);
        return new Error(reason);
      };
      if (guarded.revoked) throw refuse(guarded.revoked.reason);
      // SPEC: shared projects need PRO (trial) or UNLIMITED.
      if (!hasAccess(user.plan, user.planExpiresAt)) throw refuse('Forbidden');
      const noteId = noteIdOf(documentName);
      const note = noteId ? await findSharedNote(user.id, noteId) : undefined;
      // Not a member, not a shared note, or no such note: refused before any document is sent.
      if (note?.kind !== 'shared') throw refuse('Forbidden');
      return { user, noteId: note.id, projectId: note.project_id };
    },

    async connected({ context, connection }) {
      const { guarded, noteId } = context as CollabContext;
      guarded.documents.set(noteId, (reason: CloseReason) => connection.close(reason));
    },

    async onDisconnect({ context }) {
      const { guarded, noteId } = context as Partial<CollabContext>;
      if (guarded && noteId) guarded.documents.delete(noteId);
    },

    /** Every change a client sends passes the editor schema first; a bad one closes its socket. */
    async beforeHandleMessage({ context, document, documentName, update: message }) {
      const { guarded } = context as CollabContext;
      if (guarded.revoked) throw new Error(guarded.revoked.reason);
      try {
        const update = yjsUpdateOf(message);
        if (!update) return;
        let validator = validators.get(documentName);
        if (!validator) {
          validator = new UpdateValidator(document, COLLAB_FIELD);
          validators.set(documentName, validator);
        }
        validator.check(update);
      } catch (err) {
        log.warn(
          { err, userId: guarded.user.id, document: documentName },
          'co-editing update refused: not valid for the editor schema',
        );
        guarded.revoked = CLOSE.invalidUpdate;
        refuseSocket(guarded.socket, CLOSE.invalidUpdate);
        throw Object.assign(new Error(CLOSE.invalidUpdate.reason), CLOSE.invalidUpdate);
      }
      // Decision 018: written before Hocuspocus applies it and acknowledges it to the client, so a
      // change the client counts as saved survives a crash inside the store debounce. A failed write
      // throws: the client gets no acknowledgement, reconnects and sends the change again.
      const update = yjsUpdateOf(message);
      if (!update || update.byteLength <= EMPTY_UPDATE_BYTES) return;
      try {
        await logUpdate(context as CollabContext, update);
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
        log.error({ err, noteId }, 'failed to store a co-edited note');
      }
    },

    async afterUnloadDocument({ documentName }) {
      loaded.delete(documentName);
      validators.get(documentName)?.destroy();
      validators.delete(documentName);
    },
  });

  /**
   * The note's co-editing state as stored plus its logged updates; rebuilt from the Markdown (and
   * stored at once) when there is none or it is unreadable.
   */
  async function readNoteDocument(noteId: string) {
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
    let rebuilt = !row.ydoc || row.ydoc.byteLength === 0;
    const doc = ydocFromNote({ ...row, updates: logged.map((entry) => entry.update) }, (err) => {
      rebuilt = true;
      log.error({ err, noteId }, 'stored co-editing state is invalid; rebuilt from the Markdown');
    });
    if (rebuilt) {
      // Logged updates belong to the state a REST edit replaced (or an unreadable one). The new
      // state is stored at once: the updates logged from now on build on exactly this document.
      await db.deleteFrom('note_updates').where('note_id', '=', noteId).execute();
      await db
        .updateTable('notes')
        .set({ ydoc: Y.encodeStateAsUpdate(doc) })
        .where('id', '=', noteId)
        .execute();
    }
    return { doc, projectId: row.project_id, logged: rebuilt ? 0 : logged.length };
  }

  /**
   * At start: updates acknowledged before a crash are folded into their notes (text, search,
   * previews) without waiting for someone to open them.
   */
  async function foldLoggedUpdates() {
    const pending = await db.selectFrom('note_updates').select('note_id').distinct().execute();
    for (const { note_id: noteId } of pending) {
      try {
        const read = await readNoteDocument(noteId);
        if (!read) continue;
        if (read.logged > 0) await storeDocument(noteId, read.projectId, read.doc, undefined);
        read.doc.destroy();
        log.info({ noteId, updates: read.logged }, 'co-editing updates from before a restart stored');
      } catch (err) {
        log.error({ err, noteId }, 'could not store logged co-editing updates; kept for the next load');
      }
    }
  }

  async function storeDocument(
    noteId: string,
    projectId: string,
    document: Y.Doc,
    actorId: string | undefined,
  ) {
    const state = Y.encodeStateAsUpdate(document);
    // Taken with the state: the logged updates it already contains are the ones folded in below.
    const storedSnapshot = Y.snapshot(document);
    const { content, plainText, excerpt } = prepareContent(markdownFromYdoc(document));
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
      await db.updateTable('notes').set({ ydoc: state }).where('id', '=', noteId).execute();
      await compactLog(noteId, storedSnapshot);
      return;
    }
    await compactLog(noteId, storedSnapshot);
    await deps.notify.note({ type: 'note.updated', projectId, noteId, ...(actorId ? { actorId } : {}) });
  }

  async function logUpdate(context: CollabContext, update: Uint8Array) {
    await db
      .insertInto('note_updates')
      .values({ note_id: context.noteId, update, created_at: nowIso() })
      .execute();
  }

  /**
   * Drops the logged updates the stored state contains. One that arrived while the state was being
   * written (logged, not yet applied) stays, and is applied again on the next load (Yjs updates
   * are idempotent).
   */
  async function compactLog(noteId: string, storedSnapshot: Y.Snapshot) {
    const logged = await db
      .selectFrom('note_updates')
      .select(['id', 'update'])
      .where('note_id', '=', noteId)
      .execute();
    const folded = logged
      .filter((entry) => Y.snapshotContainsUpdate(storedSnapshot, entry.update))
      .map((entry) => entry.id);
    if (folded.length > 0) await db.deleteFrom('note_updates').where('id', 'in', folded).execute();
  }

  /** A REST edit of a note someone is co-editing here: replace the live text, everyone sees it. */
  const applyRestContent = async (noteId: string) => {
    const document = hocuspocus.documents.get(`${DOCUMENT_PREFIX}${noteId}`);
    if (!document) return;
    const row = await db.selectFrom('notes').select('content').where('id', '=', noteId).executeTakeFirst();
    if (!row) return;
    document.transact(() => {
      const fragment = document.getXmlFragment(COLLAB_FIELD);
      fragment.delete(0, fragment.length);
      prosemirrorJSONToYXmlFragment(editorSchema, markdownToDoc(row.content), fragment);
    }, 'rest');
    // The REST edit cleared notes.ydoc; store the live state now so the updates clients log from
    // here on (built on it) still apply after a crash.
    await db
      .updateTable('notes')
      .set({ ydoc: Y.encodeStateAsUpdate(document) })
      .where('id', '=', noteId)
      .execute();
  };

  const closeDocuments = (predicate: (documentName: string, projectId: string) => boolean) => {
    for (const [documentName, projectId] of loaded) {
      if (!predicate(documentName, projectId)) continue;
      // The sweep then checks who of them lost access, and closes their sockets if nothing else is open.
      for (const connection of hocuspocus.documents.get(documentName)?.getConnections() ?? []) {
        const context = connection.context as Partial<CollabContext> | undefined;
        if (context?.guarded && context.noteId) context.guarded.recheck.add(context.noteId);
      }
      hocuspocus.closeConnections(documentName);
    }
  };

  // Changes made elsewhere reach open documents through the bus (on every instance with Redis).
  const unsubscribe = deps.bus.subscribe(({ event }) => {
    if (event.type === 'voice.turn' || event.type === 'voice.notes') return;
    const documentName = event.noteId ? `${DOCUMENT_PREFIX}${event.noteId}` : '';
    if (event.type === 'note.updated' && event.source === 'rest' && event.noteId) {
      applyRestContent(event.noteId).catch((err: unknown) =>
        log.warn({ err }, 'could not apply a REST edit live'),
      );
    } else if (event.type === 'note.deleted' || (event.type === 'note.updated' && event.fromProjectId)) {
      // Deleted or moved: connections re-authenticate against the note's new project (or fail).
      closeDocuments((name) => name === documentName);
    } else if ((event.type === 'member.left' || event.type === 'project.deleted') && event.projectId) {
      // Someone lost access: close the project's documents; members still allowed reconnect at once.
      closeDocuments((_name, projectId) => projectId === event.projectId);
    }
  });

  await foldLoggedUpdates();

  return {
    hocuspocus,

    register(app: FastifyInstance) {
      app.get('/collab', { websocket: true, preValidation: guard.admit }, (socket, request) => {
        const guarded = guard.accept(socket, request, 'collab');
        if (!guarded) return;
        gateMessages(guarded, limits);
        hocuspocus.handleConnection(socket, request.raw, { guarded });
      });
    },

    /** Shutdown: store every open document now, then close the connections. */
    async close() {
      unsubscribe();
      const stores = [...hocuspocus.documents.values()].map((document) =>
        hocuspocus
          .storeDocumentHooks(
            document,
            {
              clientsCount: document.getConnectionsCount(),
              context: {},
              document,
              documentName: document.name,
              instance: hocuspocus,
              requestHeaders: {},
              requestParameters: new URLSearchParams(),
              socketId: 'server',
            },
            true,
          )
          .catch((err: unknown) =>
            log.error({ err, document: document.name }, 'failed to store a document on shutdown'),
          ),
      );
      await Promise.all(stores);
      hocuspocus.closeConnections();
    },
  };
}

/**
 * Sits in front of Hocuspocus' own listener (it patches the socket's `emit`, the one place every
 * message passes): the message budget, and a cap on messages for documents the socket is not (yet)
 * admitted to, which Hocuspocus would otherwise queue without limit.
 */
function gateMessages(guarded: GuardedSocket, limits: SocketLimits) {
  const { socket } = guarded;
  const withinBudget = meterMessages(guarded, limits);
  /** Messages Hocuspocus queued and replays itself once the document is open: already counted. */
  const queued = new WeakSet<object>();
  let pending = 0;
  let pendingBytes = 0;
  let admittedDocuments = 0;
  const emit = socket.emit.bind(socket);
  socket.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event !== 'message') return emit(event, ...args);
    const data = args[0];
    if (!(data instanceof Uint8Array)) {
      refuseSocket(socket, CLOSE.malformed);
      return false;
    }
    if (queued.has(data)) return emit(event, ...args);
    if (guarded.revoked || !withinBudget(data)) return false;
    const documentName = documentNameOf(data);
    const noteId = documentName === null ? null : noteIdOf(documentName);
    if (noteId === null) {
      guarded.revoked = CLOSE.malformed;
      refuseSocket(socket, CLOSE.malformed);
      return false;
    }
    if (guarded.documents.size !== admittedDocuments) {
      admittedDocuments = guarded.documents.size;
      pending = 0;
      pendingBytes = 0;
    }
    if (!guarded.documents.has(noteId)) {
      pending += 1;
      pendingBytes += data.byteLength;
      if (pending > limits.maxPendingMessages || pendingBytes > limits.maxPendingBytes) {
        guarded.revoked = CLOSE.tooManyMessages;
        refuseSocket(socket, CLOSE.tooManyMessages);
        return false;
      }
      queued.add(data);
    }
    return emit(event, ...args);
  }) as typeof socket.emit;
}

export type Collab = Awaited<ReturnType<typeof createCollab>>;
