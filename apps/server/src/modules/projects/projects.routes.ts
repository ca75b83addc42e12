import {
  createdProjectsSchema,
  createFromTemplateBodySchema,
  createProjectBodySchema,
  createSharedProjectBodySchema,
  deleteProjectQuerySchema,
  idParamsSchema,
  listProjectsQuerySchema,
  PROJECT_TEMPLATES,
  pageQuerySchema,
  projectListSchema,
  projectSchema,
  sharedProjectListSchema,
  sharedProjectSchema,
  updateProjectBodySchema,
  updateSharedProjectBodySchema,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NO_CONTENT } from '../../http/api-docs';
import { notFound } from '../../http/errors';
import { decodeCursor } from '../../http/pagination';
import { currentUser } from '../../http/session';
import { PROJECT_NOT_FOUND, SHARED_PROJECT_NOT_FOUND } from './policy';
import { type ProjectsRepo, projectCursorSchema } from './projects.repo';
import type { ProjectsService } from './projects.service';

export interface ProjectRoutesDeps {
  projects: ProjectsRepo;
  service: ProjectsService;
}

/**
 * Projects, personal and shared, as one model: /api/projects shows every project the caller sees;
 * /api/shared-projects shows the shared ones with their code, owner and member count (the same list
 * query). Sharing itself (join, code, members) is sharing/sharing.routes.ts.
 */
export function registerProjectRoutes(app: FastifyInstance, { projects, service }: ProjectRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const findOrThrow = async (userId: string, projectId: string) => {
    const project = await projects.find(userId, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    return project;
  };
  const findSharedOrThrow = async (userId: string, projectId: string) => {
    const project = await projects.findShared(userId, projectId);
    if (!project) throw notFound(SHARED_PROJECT_NOT_FOUND);
    return project;
  };

  r.get(
    '/api/projects',
    {
      onRequest: app.requireAuth,
      schema: { querystring: listProjectsQuerySchema, response: { 200: projectListSchema } },
    },
    async (request, reply) =>
      app.cachedPage(request, reply, async () => {
        const { kind, cursor, limit } = request.query;
        const after = decodeCursor(cursor, projectCursorSchema);
        return projects.page(currentUser(request).id, kind, { limit, after });
      }),
  );

  r.get(
    '/api/projects/:id',
    { onRequest: app.requireAuth, schema: { params: idParamsSchema, response: { 200: projectSchema } } },
    async (request) => findOrThrow(currentUser(request).id, request.params.id),
  );

  r.post(
    '/api/projects',
    {
      onRequest: app.requireAccess,
      schema: { body: createProjectBodySchema, response: { 201: projectSchema } },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const id = await service.create(userId, request.body, 'personal');
      return reply.status(201).send(await findOrThrow(userId, id));
    },
  );

  r.post(
    '/api/projects/from-template',
    {
      onRequest: app.requireAccess,
      schema: { body: createFromTemplateBodySchema, response: { 201: createdProjectsSchema } },
    },
    async (request, reply) => {
      const template = PROJECT_TEMPLATES[request.body.template];
      const created = await service.createMany(currentUser(request).id, template.projects);
      return reply.status(201).send({ projects: created });
    },
  );

  r.patch(
    '/api/projects/:id',
    {
      onRequest: app.requireAuth,
      schema: { params: idParamsSchema, body: updateProjectBodySchema, response: { 200: projectSchema } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await service.update(userId, request.params.id, request.body, 'any');
      return findOrThrow(userId, request.params.id);
    },
  );

  r.delete(
    '/api/projects/:id',
    {
      onRequest: app.requireAuth,
      schema: { params: idParamsSchema, querystring: deleteProjectQuerySchema, response: NO_CONTENT },
    },
    async (request, reply) => {
      await service.deleteOrLeave(currentUser(request).id, request.params.id, 'any', request.query);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/shared-projects',
    {
      onRequest: app.requireAuth,
      schema: { querystring: pageQuerySchema, response: { 200: sharedProjectListSchema } },
    },
    async (request, reply) =>
      app.cachedPage(
        request,
        reply,
        async () => {
          const after = decodeCursor(request.query.cursor, projectCursorSchema);
          return projects.pageShared(currentUser(request).id, { limit: request.query.limit, after });
        },
        // A code shown on the page stops showing when it expires, event or not.
        (page) => earliestExpiry(page.sharedProjects.map((project) => project.codeExpiresAt)),
      ),
  );

  r.get(
    '/api/shared-projects/:id',
    {
      onRequest: app.requireAuth,
      schema: { params: idParamsSchema, response: { 200: sharedProjectSchema } },
    },
    async (request) => findSharedOrThrow(currentUser(request).id, request.params.id),
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
      return reply.status(201).send(await findSharedOrThrow(userId, id));
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
      return findSharedOrThrow(userId, request.params.id);
    },
  );

  r.delete(
    '/api/shared-projects/:id',
    {
      onRequest: app.requireAuth,
      schema: { params: idParamsSchema, querystring: deleteProjectQuerySchema, response: NO_CONTENT },
    },
    async (request, reply) => {
      await service.deleteOrLeave(currentUser(request).id, request.params.id, 'shared', request.query);
      return reply.status(204).send();
    },
  );
}

function earliestExpiry(times: (string | null)[]): number | null {
  let earliest: number | null = null;
  for (const time of times) {
    if (time === null) continue;
    const at = Date.parse(time);
    if (earliest === null || at < earliest) earliest = at;
  }
  return earliest;
}
