import {
  createSharedProjectBodySchema,
  ERROR_CODES,
  idParamsSchema,
  JOIN_MESSAGES,
  joinSharedProjectBodySchema,
  memberListSchema,
  PERMISSION_MESSAGES,
  type ProjectAction,
  pageQuerySchema,
  sharedProjectListSchema,
  sharedProjectSchema,
  updateSharedProjectBodySchema,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NO_CONTENT } from '../../http/api-docs';
import { ApiError, notFound } from '../../http/errors';
import { decodeCursor } from '../../http/pagination';
import { currentUser } from '../../http/session';
import type { ChangeNotifier } from '../../realtime/change-notifier';
import type { Membership } from '../projects/membership';
import { authorize, forbidden } from '../projects/policy';
import { type ProjectsRepo, projectCursorSchema } from '../projects/projects.repo';
import type { JoinGuard } from './join-guard';
import { memberCursorSchema, type SharedProjectsRepo } from './shared-projects.repo';

export const SHARED_PROJECT_NOT_FOUND = 'Shared project not found';

export interface SharedProjectsDeps {
  shared: SharedProjectsRepo;
  projects: ProjectsRepo;
  membership: Membership;
  joinGuard: JoinGuard;
  notify: ChangeNotifier;
}

const conflict = (message: string) => new ApiError(409, ERROR_CODES.conflict, message);

export function registerSharedProjectRoutes(app: FastifyInstance, deps: SharedProjectsDeps) {
  const { shared, projects, membership, joinGuard, notify } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const findOrThrow = async (userId: string, id: string) => {
    const project = await shared.find(userId, id);
    if (!project) throw notFound(SHARED_PROJECT_NOT_FOUND);
    return project;
  };

  /** A shared project the caller can see (404 otherwise), checked against the policy (403). */
  const authorized = async (userId: string, id: string, action: ProjectAction) => {
    const access = await membership.project(userId, id);
    if (access?.kind !== 'shared') throw notFound(SHARED_PROJECT_NOT_FOUND);
    authorize(access, action);
    return access;
  };

  r.get(
    '/api/shared-projects',
    {
      onRequest: app.requireAuth,
      schema: { querystring: pageQuerySchema, response: { 200: sharedProjectListSchema } },
    },
    async (request) => {
      const after = decodeCursor(request.query.cursor, projectCursorSchema);
      return shared.list(currentUser(request).id, { limit: request.query.limit, after });
    },
  );

  r.get(
    '/api/shared-projects/:id',
    {
      onRequest: app.requireAuth,
      schema: { params: idParamsSchema, response: { 200: sharedProjectSchema } },
    },
    async (request) => findOrThrow(currentUser(request).id, request.params.id),
  );

  r.post(
    '/api/shared-projects',
    {
      onRequest: app.requireAccess,
      schema: { body: createSharedProjectBodySchema, response: { 201: sharedProjectSchema } },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const id = await shared.create(userId, request.body);
      await notify.project({ type: 'project.created', projectId: id, actorId: userId });
      return reply.status(201).send(await findOrThrow(userId, id));
    },
  );

  r.post(
    '/api/shared-projects/join',
    {
      onRequest: app.requireAccess,
      schema: { body: joinSharedProjectBodySchema, response: { 200: sharedProjectSchema } },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { code } = request.body;
      const wait = await joinGuard.retryAfter(userId, request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new ApiError(429, ERROR_CODES.rateLimited, JOIN_MESSAGES.tooManyAttempts);
      }
      const target = await shared.findByCode(code);
      if (!target) {
        await joinGuard.record(userId, request.ip, false);
        throw notFound(JOIN_MESSAGES.notFound(code));
      }
      await joinGuard.record(userId, request.ip, true);
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
      return findOrThrow(userId, target.id);
    },
  );

  r.patch(
    '/api/shared-projects/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        params: idParamsSchema,
        body: updateSharedProjectBodySchema,
        response: { 200: sharedProjectSchema },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { projectId } = await authorized(userId, request.params.id, 'renameRecolour');
      await projects.update(projectId, request.body);
      await notify.project({ type: 'project.updated', projectId, actorId: userId });
      return findOrThrow(userId, projectId);
    },
  );

  r.delete(
    '/api/shared-projects/:id',
    { onRequest: app.requireAuth, schema: { params: idParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const access = await membership.project(userId, request.params.id);
      if (access?.kind !== 'shared') throw notFound(SHARED_PROJECT_NOT_FOUND);
      const { projectId } = access;
      const deletes = access.role === 'owner';
      authorize(access, deletes ? 'deleteProject' : 'leave');
      const audience = await notify.membersOf(projectId);
      if (deletes) {
        // The owner's delete removes the project and its notes for every member.
        await projects.delete(projectId);
        notify.to(audience, { type: 'project.deleted', projectId, actorId: userId });
      } else {
        // A member's delete is leaving: the project stays for everyone else. Open co-editing
        // connections close through the member.left event (realtime/collab.ts).
        await projects.leave(projectId, userId);
        notify.to(audience, { type: 'member.left', projectId, actorId: userId });
      }
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/shared-projects/:id/code',
    {
      onRequest: app.requireAccess,
      schema: { params: idParamsSchema, response: { 200: sharedProjectSchema } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { projectId } = await authorized(userId, request.params.id, 'manageCode');
      await shared.regenerateCode(projectId);
      await notify.project({ type: 'project.updated', projectId, actorId: userId });
      return findOrThrow(userId, projectId);
    },
  );

  r.delete(
    '/api/shared-projects/:id/code',
    {
      onRequest: app.requireAuth,
      schema: { params: idParamsSchema, response: { 200: sharedProjectSchema } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { projectId } = await authorized(userId, request.params.id, 'manageCode');
      await shared.disableCode(projectId);
      await notify.project({ type: 'project.updated', projectId, actorId: userId });
      return findOrThrow(userId, projectId);
    },
  );

  r.get(
    '/api/shared-projects/:id/members',
    {
      onRequest: app.requireAuth,
      schema: { params: idParamsSchema, querystring: pageQuerySchema, response: { 200: memberListSchema } },
    },
    async (request) => {
      const after = decodeCursor(request.query.cursor, memberCursorSchema);
      const { projectId } = await authorized(currentUser(request).id, request.params.id, 'read');
      return shared.members(projectId, { limit: request.query.limit, after });
    },
  );

  r.delete(
    '/api/shared-projects/:id/members/:userId',
    {
      onRequest: app.requireAuth,
      schema: {
        response: NO_CONTENT,
        params: z.strictObject({ id: z.string().min(1).max(64), userId: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const actorId = currentUser(request).id;
      const { projectId } = await authorized(actorId, request.params.id, 'manageMembers');
      if (request.params.userId === actorId) {
        throw new ApiError(400, ERROR_CODES.validation, PERMISSION_MESSAGES.ownerCannotBeRemoved);
      }
      const audience = await notify.membersOf(projectId);
      if (!audience.includes(request.params.userId)) throw notFound('Member not found');
      // Removal also bans: the code keeps working for everyone else, not for them (decision 008).
      await shared.removeMember(projectId, request.params.userId, actorId);
      notify.to(audience, { type: 'member.left', projectId, actorId });
      return reply.status(204).send();
    },
  );
}
