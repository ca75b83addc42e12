import {
  createdProjectsSchema,
  createFromTemplateBodySchema,
  createProjectBodySchema,
  idParamsSchema,
  listProjectsQuerySchema,
  PROJECT_TEMPLATES,
  projectListSchema,
  projectSchema,
  updateProjectBodySchema,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NO_CONTENT } from '../../http/api-docs';
import { notFound } from '../../http/errors';
import { decodeCursor } from '../../http/pagination';
import { currentUser } from '../../http/session';
import { PROJECT_NOT_FOUND } from './policy';
import { type ProjectsRepo, projectCursorSchema } from './projects.repo';
import type { ProjectsService } from './projects.service';

// ai and voice read the message from here.
export { PROJECT_NOT_FOUND } from './policy';

export interface ProjectRoutesDeps {
  projects: ProjectsRepo;
  service: ProjectsService;
}

export function registerProjectRoutes(app: FastifyInstance, { projects, service }: ProjectRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const findOrThrow = async (userId: string, projectId: string) => {
    const project = await projects.find(userId, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    return project;
  };

  r.get(
    '/api/projects',
    {
      onRequest: app.requireAuth,
      schema: { querystring: listProjectsQuerySchema, response: { 200: projectListSchema } },
    },
    async (request) => {
      const { kind, cursor, limit } = request.query;
      const after = decodeCursor(cursor, projectCursorSchema);
      return projects.page(currentUser(request).id, kind, { limit, after });
    },
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
    { onRequest: app.requireAuth, schema: { params: idParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      await service.deleteOrLeave(currentUser(request).id, request.params.id, 'any');
      return reply.status(204).send();
    },
  );
}
