import type { Extension } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import { CLOSE, refuseSocket } from '../socket-guard';
import { UpdateValidator, yjsUpdateOf } from '../update-validator';
import type { CollabContext } from './context';
import { COLLAB_FIELD } from './ydoc';

/**
 * Every change a client sends passes the editor schema before Hocuspocus applies it (decision 006);
 * a bad one closes its socket. One validator per open document (it mirrors the document to check
 * updates against it), dropped when the document unloads.
 */
export function createValidationExtension(deps: { log: FastifyBaseLogger }): Extension {
  const { log } = deps;
  const validators = new Map<string, UpdateValidator>();
  return {
    extensionName: 'notewise-validation',

    async beforeHandleMessage({ context, document, documentName, update: message }) {
      const { guarded } = context as CollabContext;
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
    },

    async afterUnloadDocument({ documentName }) {
      validators.get(documentName)?.destroy();
      validators.delete(documentName);
    },
  };
}
