/**
 * Who may do what in a project: the one rule, used by the server to authorize every route and by the
 * web to hide what would be refused (decision 008). Pure: no database, no request.
 *
 * Shared projects: members read, edit and add notes and may move notes in; only the owner or the
 * note's author moves a note out or deletes it; the project's settings, code and members are the
 * owner's. Personal projects have one member, their owner, who may do everything but leave.
 */

export type ProjectRole = 'owner' | 'member' | 'none';
export type ProjectKind = 'personal' | 'shared';

export const PROJECT_ACTIONS = [
  /** See the project, its notes and its members; pin its notes for oneself. */
  'read',
  /** Change a note's title, text or tags (REST or co-editing). */
  'editText',
  /** Add a new note to the project. */
  'create',
  /** Move a note from another project into this one. */
  'moveIn',
  /** Move one of this project's notes to another project. */
  'moveOut',
  /** Delete one of this project's notes. */
  'delete',
  /** Rename, re-describe or recolour the project. */
  'renameRecolour',
  /** Regenerate or turn off the join code. */
  'manageCode',
  /** Remove members. */
  'manageMembers',
  /** Stop being a member (the member's "delete" of a shared project). */
  'leave',
  /** Delete the project and its notes for everyone. */
  'deleteProject',
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

export interface ProjectSubject {
  role: ProjectRole;
  kind: ProjectKind;
  /** The caller wrote the note in question (only moveOut and delete look at it). */
  isAuthor?: boolean;
}

const OWNER_ONLY: ReadonlySet<ProjectAction> = new Set([
  'renameRecolour',
  'manageCode',
  'manageMembers',
  'deleteProject',
]);
const MEMBER_ALLOWED: ReadonlySet<ProjectAction> = new Set(['read', 'editText', 'create', 'moveIn', 'leave']);
const AUTHOR_ALLOWED: ReadonlySet<ProjectAction> = new Set(['moveOut', 'delete']);
/** A personal project has no code and no other members, and its owner deletes rather than leaves. */
const NOT_IN_PERSONAL: ReadonlySet<ProjectAction> = new Set(['manageCode', 'manageMembers', 'leave']);

export function can({ role, kind, isAuthor = false }: ProjectSubject, action: ProjectAction): boolean {
  if (role === 'none') return false;
  if (role === 'owner') {
    if (kind === 'personal') return !NOT_IN_PERSONAL.has(action);
    return action !== 'leave';
  }
  // Members exist only in shared projects; a member row on a personal project grants nothing.
  if (kind === 'personal') return false;
  if (OWNER_ONLY.has(action)) return false;
  if (AUTHOR_ALLOWED.has(action)) return isAuthor;
  return MEMBER_ALLOWED.has(action);
}

/** Every action the subject may take, e.g. to decide which menu items to offer. */
export function allowedActions(subject: ProjectSubject): ProjectAction[] {
  return PROJECT_ACTIONS.filter((action) => can(subject, action));
}
