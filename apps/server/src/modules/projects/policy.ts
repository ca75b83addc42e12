import {
  can,
  ERROR_CODES,
  PERMISSION_MESSAGES,
  type ProjectAction,
  type ProjectSubject,
} from '@notewise/shared';
import { ApiError } from '../../http/errors';
import type { NoteAccess, ProjectAccess } from './membership';

// The table itself is in @notewise/shared so the web offers exactly what the server allows.
export { allowedActions, can, PROJECT_ACTIONS, type ProjectAction } from '@notewise/shared';

export const forbidden = (message: string) => new ApiError(403, ERROR_CODES.forbidden, message);

/** Why an action was refused, in the words the web shows too. */
export function denialMessage(action: ProjectAction): string {
  switch (action) {
    case 'moveOut':
    case 'delete':
    case 'renameRecolour':
    case 'manageCode':
    case 'manageMembers':
    case 'deleteProject':
      return PERMISSION_MESSAGES[action];
    case 'leave':
      return PERMISSION_MESSAGES.ownerCannotLeave;
    default:
      return PERMISSION_MESSAGES.other;
  }
}

export function subjectOf(access: ProjectAccess | NoteAccess): ProjectSubject {
  return { role: access.role, kind: access.kind, isAuthor: 'isAuthor' in access && access.isAuthor };
}

/**
 * Throws 403 when a caller who can see the object may not do this to it. Callers have already
 * answered 404 for what the caller cannot see, so a stranger learns nothing from a 403.
 */
export function authorize(access: ProjectAccess | NoteAccess, action: ProjectAction): void {
  if (!can(subjectOf(access), action)) throw forbidden(denialMessage(action));
}
