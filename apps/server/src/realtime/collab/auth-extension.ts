import type { Extension } from '@hocuspocus/server';
import { hasAccess } from '@notewise/shared';
import type { Membership } from '../../modules/projects/membership.repo';
import type { CloseReason, SocketGuard } from '../socket-guard';
import { type CollabContext, noteIdOf } from './context';

/**
 * Who may open a document: the socket's user (admitted on the upgrade request, kept current by the
 * guard's sweep) with access, and a member of the note's shared project, checked before any sync.
 * It also tells the guard which documents a socket has open, so a revocation can close them.
 */
export function createAuthExtension(deps: { membership: Membership; guard: SocketGuard }): Extension {
  const { membership, guard } = deps;
  return {
    extensionName: 'notewise-auth',

    async onAuthenticate({ context, documentName }): Promise<Omit<CollabContext, 'guarded'>> {
      const { guarded } = context as Pick<CollabContext, 'guarded'>;
      // The identity is the upgrade's; the sweep keeps its plan current and revokes it on sign-out.
      const user = guarded.user;
      const refuse = (reason: string) => {
        guard.closeIfIdle(guarded);
        return new Error(reason);
      };
      if (guarded.revoked) throw refuse(guarded.revoked.reason);
      // docs/product.md §6: shared projects need PRO (trial) or UNLIMITED.
      if (!hasAccess(user.plan, user.planExpiresAt)) throw refuse('Forbidden');
      const noteId = noteIdOf(documentName);
      const note = noteId ? await membership.note(user.id, noteId) : undefined;
      // Not a member, not a shared note, or no such note: refused before any document is sent.
      if (note?.kind !== 'shared') throw refuse('Forbidden');
      return { user, noteId: note.noteId, projectId: note.projectId };
    },

    async connected({ context, connection }) {
      const { guarded, noteId } = context as CollabContext;
      guarded.documents.set(noteId, (reason: CloseReason) => connection.close(reason));
    },

    async onDisconnect({ context }) {
      const { guarded, noteId } = context as Partial<CollabContext>;
      if (guarded && noteId) guarded.documents.delete(noteId);
    },

    /** A socket that lost its session or access sends nothing more (the guard closes it). */
    async beforeHandleMessage({ context }) {
      const { guarded } = context as CollabContext;
      if (guarded.revoked) throw new Error(guarded.revoked.reason);
    },
  };
}
