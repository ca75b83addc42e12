import type {} from '@fastify/websocket';
import { type Extension, Hocuspocus } from '@hocuspocus/server';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { ChangeNotifier } from '../../events/change-notifier';
import type { EventBus } from '../../events/event-bus';
import { createNoteDocumentStore } from '../../modules/notes/note-document.store';
import { createMembership } from '../../modules/projects/membership.repo';
import type { SocketGuard, SocketLimits } from '../socket-guard';
import { createAuthExtension } from './auth-extension';
import { installBroadcast } from './broadcast';
import { followChanges } from './live-changes';
import { createLoggingExtension } from './logging-extension';
import { gateMessages } from './message-gate';
import { installMessageOrder } from './message-order';
import { createPersistence } from './persistence-extension';
import { createRedisExtension } from './redis-extension';
import { batchSends } from './send-batching';
import { createStoreDebouncer } from './store-debounce';
import { createValidationExtension } from './validation-extension';

export { type CollabContext, noteIdOf } from './context';
export { COLLAB_FIELD, markdownFromYdoc, restEditUpdate, ydocFromNote } from './ydoc';

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

/**
 * Co-editing of notes in shared projects (docs/decisions/004-realtime-and-co-editing.md): Hocuspocus in this process at /collab.
 * The socket is admitted on the upgrade request (session, Origin: socket-guard.ts); each document
 * then needs access and membership of the note's shared project, checked before any sync. Every
 * incoming update passes the editor schema before it is applied (decision 006). Documents are
 * stored to notes.ydoc and mirrored to notes.content so search, previews and export stay current.
 *
 * One extension per concern (decision 030). Hocuspocus runs each hook through the extensions in
 * this order (Redis, by its priority, first) and stops at the first that throws: a message is
 * refused for a revoked socket before it is validated, and validated before it is logged.
 */
export async function createCollab(deps: CollabDeps) {
  const { db, log, guard, limits } = deps;
  const store = createNoteDocumentStore(db);
  const persistence = createPersistence({ store, notify: deps.notify, log, shared: !!deps.redisUrl });
  const validation = createValidationExtension({ log });

  const extensions: Extension[] = [];
  if (deps.redisUrl) {
    extensions.push(
      await createRedisExtension({ redisUrl: deps.redisUrl, redisPrefix: deps.redisPrefix, log }),
    );
  }
  extensions.push(
    createAuthExtension({ membership: createMembership(db), guard }),
    validation.extension,
    persistence.extension,
    createLoggingExtension({ log }),
  );

  installBroadcast();
  installMessageOrder();
  const hocuspocus = new Hocuspocus({
    name: 'notewise',
    quiet: true,
    debounce: 1000,
    maxDebounce: 5000,
    extensions,
  });
  // Hocuspocus 3.4's own debouncer queues a store per update once one store overran (store-debounce.ts).
  hocuspocus.debouncer = createStoreDebouncer();

  const unsubscribe = followChanges({ hocuspocus, bus: deps.bus, store, loaded: persistence.loaded, log });

  await persistence.foldLoggedUpdates();

  return {
    hocuspocus,

    register(app: FastifyInstance) {
      app.get('/collab', { websocket: true, preValidation: guard.admit }, (socket, request) => {
        const guarded = guard.accept(socket, request, 'collab');
        if (!guarded) return;
        gateMessages(guarded, limits);
        batchSends(socket, request.raw.socket);
        hocuspocus.handleConnection(socket, request.raw, { guarded });
      });
    },

    /**
     * What this instance holds per document (open documents, their validators, persistence's maps):
     * every count falls to 0 once no document is open, or something leaks per document.
     */
    openState() {
      return {
        documents: hocuspocus.documents.size,
        loading: hocuspocus.loadingDocuments.size,
        validators: validation.validators(),
        ...persistence.openState(),
      };
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

export type Collab = Awaited<ReturnType<typeof createCollab>>;
