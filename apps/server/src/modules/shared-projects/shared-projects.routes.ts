import {
  createSharedProjectBodySchema,
  idParamsSchema,
  joinSharedProjectBodySchema,
  memberListSchema,
  pageQuerySchema,
  sharedProjectListSchema,
  sharedProjectSchema,
  updateSharedProjectBodySchema,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NO_CONTENT } from '../../http/api-docs';
import { notFound, rateLimited } from '../../http/errors';
import { decodeCursor } from '../../http/pagination';
import { currentUser } from '../../http/session';
import { projectCursorSchema } from '../projects/projects.repo';
import { type ProjectsService, SHARED_PROJECT_NOT_FOUND } from '../projects/projects.service';
import { memberCursorSchema, type SharedProjectsRepo } from './shared-projects.repo';

export interface SharedProjectRoutesDeps {
  shared: SharedProjectsRepo;
  service: ProjectsService;
}

export function registerSharedProjectRoutes(
  app: FastifyInstance,
  { shared, service }: SharedProjectRoutesDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const findOrThrow = async (userId: string, id: string) => {
    const project = await shared.find(userId, id);
    if (!project) throw notFound(SHARED_PROJECT_NOT_FOUND);
    return project;
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
      const id = await service.create(userId, request.body, 'shared');
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
      const joined = await service.join(userId, request.ip, request.body.code);
      if (joined.status === 'wait') {
        throw rateLimited(reply, joined.retryAfter, joined.message);
      }
      return findOrThrow(userId, joined.projectId);
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
      await service.update(userId, request.params.id, request.body, 'shared');
      return findOrThrow(userId, request.params.id);
    },
  );

  r.delete(
    '/api/shared-projects/:id',
    { onRequest: app.requireAuth, schema: { params: idParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      await service.deleteOrLeave(currentUser(request).id, request.params.id, 'shared');
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
      await service.setCode(userId, request.params.id, 'regenerate');
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
      await service.setCode(userId, request.params.id, 'disable');
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
      const { projectId } = await service.readShared(currentUser(request).id, request.params.id);
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
      await service.removeMember(currentUser(request).id, request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );
}
