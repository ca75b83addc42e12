import { ERROR_CODES, JOIN_MESSAGES, PERMISSION_MESSAGES } from '@notewise/shared';
import type { ChangeNotifier } from '../../../events/change-notifier';
import { ApiError, notFound } from '../../../http/errors';
import type { Membership } from '../membership.repo';
import { forbidden, scopedAccessOrThrow } from '../policy';
import type { JoinGuard } from './join-guard';
import type { SharingRepo } from './sharing.repo';

export interface SharingServiceDeps {
  sharing: SharingRepo;
  membership: Membership;
  joinGuard: JoinGuard;
  notify: ChangeNotifier;
}

export type JoinResult =
  | { status: 'joined'; projectId: string }
  | { status: 'wait'; retryAfter: number; message: string };

const conflict = (message: string) => new ApiError(409, ERROR_CODES.conflict, message);

/**
 * What makes a project shared with others: joining by code, the owner's code and member management.
 * Each checks access (404, then the policy's 403), writes, and publishes the change to everyone who
 * could see the project. Creating, renaming and deleting shared projects is the projects service's.
 */
export function createSharingService({ sharing, membership, joinGuard, notify }: SharingServiceDeps) {
  return {
    /**
     * Joining a shared project by its live code, limited per account and per address (wrong codes
     * count towards the limits, decision 041); a member the owner removed cannot rejoin (decision 008).
     */
    async join(userId: string, ip: string, code: string): Promise<JoinResult> {
      const wait = await joinGuard.admit(userId, ip);
      if (wait) return { status: 'wait', ...wait };
      const target = await sharing.findByCode(code);
      if (!target) throw notFound(JOIN_MESSAGES.notFound(code));
      await joinGuard.found(userId, ip);
      if (target.owner_id === userId)
        throw new ApiError(400, ERROR_CODES.validation, JOIN_MESSAGES.ownProject);
      if (await membership.isMember(userId, target.id))
        throw conflict(JOIN_MESSAGES.alreadyMemberOf(target.name));
      if (await sharing.isBanned(target.id, userId)) throw forbidden(PERMISSION_MESSAGES.removedFromProject);
      try {
        await sharing.addMember(target.id, userId);
      } catch (error) {
        if (sharing.isUniqueViolation(error)) throw conflict(JOIN_MESSAGES.alreadyMember);
        throw new ApiError(500, ERROR_CODES.internal, JOIN_MESSAGES.joinFailed);
      }
      await notify.project({ type: 'member.joined', projectId: target.id, actorId: userId });
      return { status: 'joined', projectId: target.id };
    },

    /** A new code (the old one stops working) or none at all. */
    async setCode(userId: string, projectId: string, change: 'regenerate' | 'disable') {
      await scopedAccessOrThrow(membership, userId, projectId, 'shared', 'manageCode');
      if (change === 'regenerate') await sharing.regenerateCode(projectId);
      else await sharing.disableCode(projectId);
      await notify.project({ type: 'project.updated', projectId, actorId: userId });
    },

    /** Removal also bans: the code keeps working for everyone else, not for them (decision 008). */
    async removeMember(actorId: string, projectId: string, memberId: string) {
      await scopedAccessOrThrow(membership, actorId, projectId, 'shared', 'manageMembers');
      if (memberId === actorId) {
        throw new ApiError(400, ERROR_CODES.validation, PERMISSION_MESSAGES.ownerCannotBeRemoved);
      }
      const audience = await notify.membersOf(projectId);
      if (!audience.includes(memberId)) throw notFound('Member not found');
      const copy = await sharing.removeMember(projectId, memberId, actorId);
      notify.to(audience, { type: 'member.left', projectId, actorId });
      // The removed member's copy of what they wrote appears in their project list.
      if (copy) await notify.project({ type: 'project.created', projectId: copy, actorId: memberId });
    },

    /** One page of a shared project's members, for anyone who can see it (404 otherwise). */
    async members(userId: string, projectId: string, page: Parameters<SharingRepo['members']>[1]) {
      await scopedAccessOrThrow(membership, userId, projectId, 'shared', 'read');
      return sharing.members(projectId, page);
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
