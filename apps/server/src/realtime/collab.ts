import type {} from '@fastify/websocket';
import { type Extension, Hocuspocus } from '@hocuspocus/server';
import { docToMarkdown, editorSchema, markdownToDoc } from '@notewise/editor';
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
import type { SessionResolver, SessionUser } from '../http/session';
import { prepareContent } from '../modules/notes/note-content';
import type { ChangeNotifier } from './change-notifier';
import type { EventBus } from './event-bus';

/** The Y.XmlFragment TipTap's Collaboration extension binds to by default. */
export const COLLAB_FIELD = 'default';
const DOCUMENT_PREFIX = 'note:';

export interface CollabContext {
  user: SessionUser;
  noteId: string;
  projectId: string;
}

export interface CollabDeps {
  db: Kysely<Database>;
  resolveSession: SessionResolver;
  notify: ChangeNotifier;
  bus: EventBus;
  log: FastifyBaseLogger;
  trustedOrigins: string[];
  redisUrl?: string | undefined;
  /** Tests and several instances on one Redis keep apart with a prefix. */
  redisPrefix?: string | undefined;
}

export function noteIdOf(documentName: string): string | null {
  return documentName.startsWith(DOCUMENT_PREFIX) ? documentName.slice(DOCUMENT_PREFIX.length) : null;
}

/** A note's Yjs document: its stored state, or one built from its Markdown the first time. */
export function ydocFromNote(row: { ydoc: Uint8Array | null; content: string }): Y.Doc {
  if (row.ydoc && row.ydoc.byteLength > 0) {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, row.ydoc);
    return doc;
  }
  return prosemirrorJSONToYDoc(editorSchema, markdownToDoc(row.content), COLLAB_FIELD);
}

export function markdownFromYdoc(doc: Y.Doc): string {
  return docToMarkdown(yDocToProsemirrorJSON(doc, COLLAB_FIELD));
}

/**
 * Co-editing of notes in shared projects (ARCHITECTURE 7): Hocuspocus in this process at /collab.
 * Members only (checked on connect, before any sync); documents are stored to notes.ydoc and
 * mirrored to notes.content so search, previews and export stay current.
 */
export async function createCollab(deps: CollabDeps) {
  const { db, log } = deps;
  /** Documents whose load succeeded; only those may ever be stored (a failed load overwrites nothing). */
  const loaded = new Map<string, string>();

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
    extensions.push(
      new RedisExtension({
        ...parseRedisUrl(deps.redisUrl),
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

    async onConnect({ requestHeaders }) {
      const origin = requestHeaders.origin;
      const host = requestHeaders.host;
      const allowed =
        origin === undefined ||
        deps.trustedOrigins.includes(origin) ||
        (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
      if (!allowed) throw new Error('Origin not allowed');
    },

    async onAuthenticate({ requestHeaders, documentName }): Promise<CollabContext> {
      const user = await deps.resolveSession(requestHeaders.cookie);
      if (!user) throw new Error('Unauthorized');
      const noteId = noteIdOf(documentName);
      const note = noteId ? await findSharedNote(user.id, noteId) : undefined;
      // Not a member, not a shared note, or no such note: refused before any document is sent.
      if (note?.kind !== 'shared') throw new Error('Forbidden');
      return { user, noteId: note.id, projectId: note.project_id };
    },

    async onLoadDocument({ documentName, document }) {
      const noteId = noteIdOf(documentName);
      if (!noteId) throw new Error('Unknown document');
      const row = await db
        .selectFrom('notes')
        .select(['ydoc', 'content', 'project_id'])
        .where('id', '=', noteId)
        .executeTakeFirst();
      if (!row) throw new Error('Note not found');
      const stored = ydocFromNote(row);
      Y.applyUpdate(document, Y.encodeStateAsUpdate(stored));
      loaded.set(documentName, row.project_id);
      return document;
    },

    async onStoreDocument({ documentName, document, context }) {
      const noteId = noteIdOf(documentName);
      if (!noteId || !loaded.has(documentName)) return;
      const state = Y.encodeStateAsUpdate(document);
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
        return;
      }
      const projectId = loaded.get(documentName) ?? '';
      const actorId = (context as CollabContext | undefined)?.user?.id;
      await deps.notify.note({ type: 'note.updated', projectId, noteId, ...(actorId ? { actorId } : {}) });
    },

    async afterUnloadDocument({ documentName }) {
      loaded.delete(documentName);
    },
  });

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
  };

  const closeDocuments = (predicate: (documentName: string, projectId: string) => boolean) => {
    for (const [documentName, projectId] of loaded) {
      if (predicate(documentName, projectId)) hocuspocus.closeConnections(documentName);
    }
  };

  // Changes made elsewhere reach open documents through the bus (on every instance with Redis).
  const unsubscribe = deps.bus.subscribe(({ event }) => {
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

  return {
    hocuspocus,

    register(app: FastifyInstance) {
      app.get('/collab', { websocket: true }, (socket, request) => {
        hocuspocus.handleConnection(socket, request.raw);
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

function parseRedisUrl(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    options: {
      ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
      ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
      ...(parsed.pathname.length > 1 ? { db: Number(parsed.pathname.slice(1)) } : {}),
    },
  };
}

export type Collab = Awaited<ReturnType<typeof createCollab>>;
