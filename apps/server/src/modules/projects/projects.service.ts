import { ERROR_CODES, NOTES_ALREADY_IN_INBOX, type Project, type ProjectKind } from '@notewise/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { ChangeNotifier } from '../../events/change-notifier';
import { ApiError } from '../../http/errors';
import type { Membership } from './membership.repo';
import { authorize, type ProjectScope, scopedAccessOrThrow } from './policy';
import type { NewProject, ProjectsRepo } from './projects.repo';
import type { SharingRepo } from './sharing/sharing.repo';

/**
 * Moving a deleted project's notes out (decision 065), implemented by the notes module and given in
 * by register-modules.ts, so this module does not import the notes module (which imports this one).
 */
export interface ProjectNotesMover {
  /** Every live note of `from` moves to `to` in the caller's transaction; the moved notes' ids. */
  moveAll(trx: Transaction<Database>, from: string, to: string): Promise<string[]>;
  /** After the commit: one move event per note, as a REST move publishes. */
  announceMoves(actorId: string, noteIds: string[], from: string, to: string): Promise<void>;
}

export interface ProjectsServiceDeps {
  projects: ProjectsRepo;
  sharing: SharingRepo;
  membership: Membership;
  notify: ChangeNotifier;
  notesMover: ProjectNotesMover;
  /** The user's personal 'Inbox' project, created on first use (the AI capture's rule). */
  inbox: (userId: string) => Promise<Pick<Project, 'id'>>;
}

export interface DeleteOptions {
  /** 'inbox': the owner's delete first moves the live notes to their own Inbox (decision 065). */
  moveNotesTo?: 'inbox' | undefined;
}

/**
 * What users do to projects, personal and shared alike: create, rename, delete or leave. Each checks
 * access (404, then the policy's 403), writes, and publishes the change to everyone who could see
 * the project. Sharing (codes, joining, members) is sharing/sharing.service.ts.
 */
export function createProjectsService({
  projects,
  sharing,
  membership,
  notify,
  notesMover,
  inbox,
}: ProjectsServiceDeps) {
  return {
    /** A personal or shared (with a fresh code) project owned by the user; its id. */
    async create(userId: string, input: NewProject, kind: ProjectKind): Promise<string> {
      const id =
        kind === 'shared'
          ? await sharing.createShared(userId, input)
          : (await projects.create(userId, input)).id;
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
      await scopedAccessOrThrow(membership, userId, projectId, scope, 'renameRecolour');
      await projects.update(projectId, changes);
      await notify.project({ type: 'project.updated', projectId, actorId: userId });
    },

    /**
     * The owner's delete puts the project and its notes in Trash for everyone; a member's delete
     * leaves it. With `moveNotesTo: 'inbox'` (the owner's only: a member asking for it is refused as
     * a delete) the notes move to the owner's Inbox in the same transaction, so only the empty
     * project goes to Trash.
     */
    async deleteOrLeave(
      userId: string,
      projectId: string,
      scope: ProjectScope,
      options: DeleteOptions = {},
    ): Promise<void> {
      const project = await scopedAccessOrThrow(membership, userId, projectId, scope);
      const deletes = project.role === 'owner' || options.moveNotesTo !== undefined;
      authorize(project, deletes ? 'deleteProject' : 'leave');
      const target = options.moveNotesTo === 'inbox' ? (await inbox(userId)).id : undefined;
      if (target === project.projectId)
        throw new ApiError(400, ERROR_CODES.validation, NOTES_ALREADY_IN_INBOX);
      // The audience is read before the change: afterwards the leaver (or everyone) is gone.
      const audience = await notify.membersOf(project.projectId);
      // Open co-editing connections of a leaver close through the member.left event (realtime/collab.ts).
      if (!deletes) {
        await projects.leave(project.projectId, userId);
        notify.to(audience, { type: 'member.left', projectId: project.projectId, actorId: userId });
        return;
      }
      let moved: string[] = [];
      await projects.trash(
        project.projectId,
        userId,
        target
          ? async (trx) => {
              moved = await notesMover.moveAll(trx, project.projectId, target);
            }
          : undefined,
      );
      if (target) await notesMover.announceMoves(userId, moved, project.projectId, target);
      notify.to(audience, { type: 'project.deleted', projectId: project.projectId, actorId: userId });
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
