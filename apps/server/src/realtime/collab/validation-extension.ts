import { Connection, type Extension } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import type * as Y from 'yjs';
import { opsMetrics } from '../../ops/metrics';
import { checkTopLevel } from '../node-rules';
import { CLOSE, refuseSocket } from '../socket-guard';
import {
  checkDocument,
  dropPending,
  UpdateTooLargeError,
  UpdateValidator,
  yjsUpdateOf,
} from '../update-validator';
import type { CollabContext } from './context';
import { COLLAB_FIELD } from './ydoc';

/** The origin of the repair below (not `rest`, so it is not checked again). */
const REPAIR_ORIGIN = 'validation';

/** Removes every top-level node that fails the schema; held-back changes are forgotten first. */
function repair(document: Y.Doc): void {
  dropPending(document);
  document.transact(() => {
    const fragment = document.getXmlFragment(COLLAB_FIELD);
    for (let index = fragment.length - 1; index >= 0; index -= 1) {
      try {
        checkTopLevel(fragment.get(index));
      } catch {
        fragment.delete(index, 1);
      }
    }
  }, REPAIR_ORIGIN);
}

/**
 * Every change a client sends passes the editor schema before Hocuspocus applies it (decisions 006
 * and 040); a bad one closes its socket. One validator per open document (it mirrors the document to
 * check updates against it), dropped when the document unloads. A REST edit applied to an open
 * document is checked after the fact: it only brings validated changes, so a failure means something
 * got past the validator; it is logged and repaired before the document is stored.
 */
export function createValidationExtension(deps: { log: FastifyBaseLogger }) {
  const { log } = deps;
  const validators = new Map<string, UpdateValidator>();
  const extension: Extension = {
    extensionName: 'notewise-validation',

    async beforeHandleMessage({ context, document, documentName, instance, update: message }) {
      const { guarded } = context as CollabContext;
      try {
        const update = yjsUpdateOf(message);
        if (!update) return;
        // A message that arrives as its document unloads is still checked, by a validator kept for
        // no one: one kept in the map would outlive the document (and hold a copy of it).
        const open = instance.documents.get(documentName) === document;
        let validator = open ? validators.get(documentName) : undefined;
        if (!validator) {
          // Hocuspocus applies a client's message with its connection as the origin, after this hook.
          validator = new UpdateValidator(document, COLLAB_FIELD, (origin) => origin instanceof Connection);
          if (open) validators.set(documentName, validator);
        }
        try {
          validator.check(update);
        } finally {
          if (!open) validator.destroy();
        }
      } catch (err) {
        opsMetrics.collabUpdateRejected(err instanceof UpdateTooLargeError ? 'size' : 'schema');
        log.warn(
          { err, userId: guarded.user.id, document: documentName },
          'co-editing update refused: not valid for the editor schema',
        );
        guarded.revoked = CLOSE.invalidUpdate;
        refuseSocket(guarded.socket, CLOSE.invalidUpdate);
        throw Object.assign(new Error(CLOSE.invalidUpdate.reason), CLOSE.invalidUpdate);
      }
    },

    async onChange({ document, documentName, transactionOrigin }) {
      if (transactionOrigin !== 'rest') return;
      try {
        checkDocument(document, COLLAB_FIELD);
      } catch (err) {
        log.error(
          { err, document: documentName },
          'co-edited note invalid after a REST edit; held-back changes dropped and failing blocks removed',
        );
        repair(document);
        validators.get(documentName)?.destroy();
        validators.delete(documentName);
      }
    },

    async afterUnloadDocument({ documentName }) {
      validators.get(documentName)?.destroy();
      validators.delete(documentName);
    },
  };
  /** How many documents have a validator (each holds a copy of its document): none once all unloaded. */
  return { extension, validators: () => validators.size };
}
