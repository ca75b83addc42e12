import type { Extension } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { CollabContext } from './context';

/**
 * A document's life on this instance at debug level (LOG_LEVEL=debug): who opened and left it, when
 * it was loaded and unloaded. Hocuspocus' own logger stays quiet; refusals and failures are logged
 * where they happen, at warn and error. Listed last, so it only sees what the others let through.
 */
export function createLoggingExtension(deps: { log: FastifyBaseLogger }): Extension {
  const log = deps.log.child({ component: 'co-editing' });
  return {
    extensionName: 'notewise-logging',

    async afterLoadDocument({ documentName }) {
      log.debug({ document: documentName }, 'co-editing document loaded');
    },

    async connected({ context, documentName }) {
      const { user } = context as CollabContext;
      log.debug({ userId: user.id, document: documentName }, 'co-editing connection opened');
    },

    async onDisconnect({ context, documentName, clientsCount }) {
      const userId = (context as Partial<CollabContext> | undefined)?.user?.id;
      log.debug({ userId, document: documentName, clients: clientsCount }, 'co-editing connection closed');
    },

    async afterUnloadDocument({ documentName }) {
      log.debug({ document: documentName }, 'co-editing document unloaded');
    },
  };
}
