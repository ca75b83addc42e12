import {
  idParamsSchema,
  joinSharedProjectBodySchema,
  memberListSchema,
  pageQuerySchema,
  sharedProjectSchema,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NO_CONTENT } from '../../../http/api-docs';
import { notFound, rateLimited } from '../../../http/errors';
import { decodeCursor } from '../../../http/pagination';
import { currentUser } from '../../../http/session';
import { SHARED_PROJECT_NOT_FOUND } from '../policy';
import type { ProjectsRepo } from '../projects.repo';
import { memberCursorSchema } from './sharing.repo';
import type { SharingService } from './sharing.service';

export interface SharingRoutesDeps {
  projects: ProjectsRepo;
  sharing: SharingService;
}

/**
 * Sharing under /api/shared-projects: join by code, the code, the members. (Listing, creating,
 * renaming and deleting shared projects are the projects routes'.)
 */
export function registerSharingRoutes(app: FastifyInstance, { projects, sharing }: SharingRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const findOrThrow = async (userId: string, id: string) => {
    const project = await projects.findShared(userId, id);
    if (!project) throw notFound(SHARED_PROJECT_NOT_FOUND);
    return project;
  };

  r.post(
    '/api/shared-projects/join',
    {
      onRequest: app.requireAccess,
      schema: { body: joinSharedProjectBodySchema, response: { 200: sharedProjectSchema } },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const joined = await sharing.join(userId, request.ip, request.body.code);
      if (joined.status === 'wait') {
        throw rateLimited(reply, joined.retryAfter, joined.message);
      }
      return findOrThrow(userId, joined.projectId);
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
      await sharing.setCode(userId, request.params.id, 'regenerate');
      return findOrThrow(userId, request.params.id);
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
      await sharing.setCode(userId, request.params.id, 'disable');
      return findOrThrow(userId, request.params.id);
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
      return sharing.members(currentUser(request).id, request.params.id, {
        limit: request.query.limit,
        after,
      });
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
      await sharing.removeMember(currentUser(request).id, request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );
}
