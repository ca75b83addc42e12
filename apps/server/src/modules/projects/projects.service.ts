import {
  ERROR_CODES,
  JOIN_MESSAGES,
  PERMISSION_MESSAGES,
  type Project,
  type ProjectAction,
  type ProjectKind,
} from '@notewise/shared';
import type { ChangeNotifier } from '../../events/change-notifier';
import { ApiError, notFound } from '../../http/errors';
import type { JoinGuard } from '../shared-projects/join-guard';
import type { SharedProjectsRepo } from '../shared-projects/shared-projects.repo';
import type { Membership } from './membership';
import { authorize, forbidden, projectAccessOrThrow } from './policy';
import type { NewProject, ProjectsRepo } from './projects.repo';

export const SHARED_PROJECT_NOT_FOUND = 'Shared project not found';

export interface ProjectsServiceDeps {
  projects: ProjectsRepo;
  shared: SharedProjectsRepo;
  membership: Membership;
  joinGuard: JoinGuard;
  notify: ChangeNotifier;
}

/** The routes of /api/projects act on any project; those of /api/shared-projects on shared ones only. */
export type ProjectScope = 'any' | 'shared';

export type JoinResult =
  | { status: 'joined'; projectId: string }
  | { status: 'wait'; retryAfter: number; message: string };

const conflict = (message: string) => new ApiError(409, ERROR_CODES.conflict, message);

/**
 * What users do to projects, personal and shared alike: create, rename, join, leave or delete,
 * manage the code and the members. Each checks access (404, then the policy's 403), writes, and
 * publishes the change to everyone who could see the project.
 */
export function createProjectsService({
  projects,
  shared,
  membership,
  joinGuard,
  notify,
}: ProjectsServiceDeps) {
  const access = (userId: string, projectId: string, scope: ProjectScope, action?: ProjectAction) =>
    projectAccessOrThrow(membership, userId, projectId, {
      action,
      ...(scope === 'shared' ? { kind: 'shared' as const, notFoundMessage: SHARED_PROJECT_NOT_FOUND } : {}),
    });

  const updated = (projectId: string, actorId: string) =>
    notify.project({ type: 'project.updated', projectId, actorId });

  return {
    /** A personal or shared (with a fresh code) project owned by the user; its id. */
    async create(userId: string, input: NewProject, kind: ProjectKind): Promise<string> {
      const id =
        kind === 'shared' ? await shared.create(userId, input) : (await projects.create(userId, input)).id;
      await notify.project({ type: 'project.created', projectId: id, actorId: userId });
      return id;
    },

    /** A template's projects, all or nothing, in the template's order. */
    async createMany(userId: string, inputs: readonly NewProject[]): Promise<Project[]> {
      const created = await projects.createMany(userId, inputs);
      for (const project of created) {
        await notify.project({ type: 'project.created', projectId: project.id, actorId: userId });
      }
      return created;
    },

    async update(userId: string, projectId: string, changes: Partial<NewProject>, scope: ProjectScope) {
      await access(userId, projectId, scope, 'renameRecolour');
      await projects.update(projectId, changes);
      await updated(projectId, userId);
    },

    /** The owner's delete puts the project and its notes in Trash for everyone; a member's delete leaves it. */
    async deleteOrLeave(userId: string, projectId: string, scope: ProjectScope): Promise<void> {
      const project = await access(userId, projectId, scope);
      const deletes = project.role === 'owner';
      authorize(project, deletes ? 'deleteProject' : 'leave');
      // The audience is read before the change: afterwards the leaver (or everyone) is gone.
      const audience = await notify.membersOf(project.projectId);
      // Open co-editing connections of a leaver close through the member.left event (realtime/collab.ts).
      if (deletes) await projects.trash(project.projectId, userId);
      else await projects.leave(project.projectId, userId);
      notify.to(audience, {
        type: deletes ? 'project.deleted' : 'member.left',
        projectId: project.projectId,
        actorId: userId,
      });
    },

    /**
     * Joining a shared project by its live code, limited per account and per address (wrong codes
     * count towards the limits, decision 041); a member the owner removed cannot rejoin (decision 008).
     */
    async join(userId: string, ip: string, code: string): Promise<JoinResult> {
      const wait = await joinGuard.admit(userId, ip);
      if (wait) return { status: 'wait', ...wait };
      const target = await shared.findByCode(code);
      if (!target) throw notFound(JOIN_MESSAGES.notFound(code));
      await joinGuard.found(userId, ip);
      if (target.owner_id === userId)
        throw new ApiError(400, ERROR_CODES.validation, JOIN_MESSAGES.ownProject);
      if (await membership.isMember(userId, target.id))
        throw conflict(JOIN_MESSAGES.alreadyMemberOf(target.name));
      if (await shared.isBanned(target.id, userId)) throw forbidden(PERMISSION_MESSAGES.removedFromProject);
      try {
        await shared.addMember(target.id, userId);
      } catch (error) {
        if (shared.isUniqueViolation(error)) throw conflict(JOIN_MESSAGES.alreadyMember);
        throw new ApiError(500, ERROR_CODES.internal, JOIN_MESSAGES.joinFailed);
      }
      await notify.project({ type: 'member.joined', projectId: target.id, actorId: userId });
      return { status: 'joined', projectId: target.id };
    },

    /** A new code (the old one stops working) or none at all. */
    async setCode(userId: string, projectId: string, change: 'regenerate' | 'disable') {
      await access(userId, projectId, 'shared', 'manageCode');
      if (change === 'regenerate') await shared.regenerateCode(projectId);
      else await shared.disableCode(projectId);
      await updated(projectId, userId);
    },

    /** Removal also bans: the code keeps working for everyone else, not for them (decision 008). */
    async removeMember(actorId: string, projectId: string, memberId: string) {
      await access(actorId, projectId, 'shared', 'manageMembers');
      if (memberId === actorId) {
        throw new ApiError(400, ERROR_CODES.validation, PERMISSION_MESSAGES.ownerCannotBeRemoved);
      }
      const audience = await notify.membersOf(projectId);
      if (!audience.includes(memberId)) throw notFound('Member not found');
      const copy = await shared.removeMember(projectId, memberId, actorId);
      notify.to(audience, { type: 'member.left', projectId, actorId });
      // The removed member's copy of what they wrote appears in their project list.
      if (copy) await notify.project({ type: 'project.created', projectId: copy, actorId: memberId });
    },

    /** The caller's access to a shared project they can see (404 otherwise), checked for reading. */
    readShared: (userId: string, projectId: string) => access(userId, projectId, 'shared', 'read'),
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
