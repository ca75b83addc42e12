import type { SessionUser } from '../../http/session';
import type { GuardedSocket } from '../socket-guard';

const DOCUMENT_PREFIX = 'note:';

/** What a co-editing connection carries through the hooks once authenticated. */
export interface CollabContext {
  /** The socket this connection came in on, admitted at the upgrade (its user, revocation). */
  guarded: GuardedSocket;
  user: SessionUser;
  noteId: string;
  projectId: string;
}

export function noteIdOf(documentName: string): string | null {
  return documentName.startsWith(DOCUMENT_PREFIX) ? documentName.slice(DOCUMENT_PREFIX.length) : null;
}

export function documentNameFor(noteId: string): string {
  return `${DOCUMENT_PREFIX}${noteId}`;
}
