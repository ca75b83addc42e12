import {
  can,
  ERROR_CODES,
  PERMISSION_MESSAGES,
  type ProjectAction,
  type ProjectKind,
  type ProjectSubject,
} from '@notewise/shared';
import { ApiError, notFound } from '../../http/errors';
import type { Membership, NoteAccess, ProjectAccess } from './membership.repo';

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
 * Whether the policy allows it, for code that filters instead of refusing: a repository keeping only
 * the rows a role may use, an import choosing a project it may write to. Requests refuse with
 * authorize() so every answer is the same 404-then-403.
 */
export function allows(subject: ProjectSubject | ProjectAccess | NoteAccess, action: ProjectAction): boolean {
  return can('projectId' in subject ? subjectOf(subject) : subject, action);
}

/**
 * Throws 403 when a caller who can see the object may not do this to it. Callers have already
 * answered 404 for what the caller cannot see, so a stranger learns nothing from a 403.
 */
export function authorize(access: ProjectAccess | NoteAccess, action: ProjectAction): void {
  if (!can(subjectOf(access), action)) throw forbidden(denialMessage(action));
}

export const PROJECT_NOT_FOUND = 'Project not found';
export const SHARED_PROJECT_NOT_FOUND = 'Shared project not found';
export const NOTE_NOT_FOUND = 'Note not found';

/** The routes of /api/projects act on any project; those of /api/shared-projects on shared ones only. */
export type ProjectScope = 'any' | 'shared';

/**
 * The caller's access to a project they can see, else 404 (strangers learn nothing). Optionally
 * checked against the policy (403), so every route answers 404-then-403 the same way.
 */
export async function projectAccessOrThrow(
  membership: Membership,
  userId: string,
  projectId: string,
  options: { action?: ProjectAction; kind?: ProjectKind; notFoundMessage?: string } = {},
): Promise<ProjectAccess> {
  const access = await membership.project(userId, projectId);
  if (!access || (options.kind !== undefined && access.kind !== options.kind)) {
    throw notFound(options.notFoundMessage ?? PROJECT_NOT_FOUND);
  }
  if (options.action) authorize(access, options.action);
  return access;
}

/** projectAccessOrThrow for a route's scope: /api/shared-projects answers 404 for a personal project. */
export function scopedAccessOrThrow(
  membership: Membership,
  userId: string,
  projectId: string,
  scope: ProjectScope,
  action?: ProjectAction,
): Promise<ProjectAccess> {
  return projectAccessOrThrow(membership, userId, projectId, {
    action,
    ...(scope === 'shared' ? { kind: 'shared' as const, notFoundMessage: SHARED_PROJECT_NOT_FOUND } : {}),
  });
}

/** The caller's access to a note they can see (through its project), else 404; then the policy (403). */
export async function noteAccessOrThrow(
  membership: Membership,
  userId: string,
  noteId: string,
  action?: ProjectAction,
): Promise<NoteAccess> {
  const access = await membership.note(userId, noteId);
  if (!access) throw notFound(NOTE_NOT_FOUND);
  if (action) authorize(access, action);
  return access;
}
