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
import type { ChangeNotifier } from '../../realtime/change-notifier';
import type { Membership } from './membership';
import { authorize } from './policy';
import { type ProjectsRepo, projectCursorSchema } from './projects.repo';

export const PROJECT_NOT_FOUND = 'Project not found';

export function registerProjectRoutes(
  app: FastifyInstance,
  projects: ProjectsRepo,
  notify: ChangeNotifier,
  membership: Membership,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The caller's access to a project they can see; 404 otherwise (strangers learn nothing). */
  const accessOrThrow = async (userId: string, projectId: string) => {
    const access = await membership.project(userId, projectId);
    if (!access) throw notFound(PROJECT_NOT_FOUND);
    return access;
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
    async (request) => {
      const project = await projects.find(currentUser(request).id, request.params.id);
      if (!project) throw notFound(PROJECT_NOT_FOUND);
      return project;
    },
  );

  r.post(
    '/api/projects',
    {
      onRequest: app.requireAccess,
      schema: { body: createProjectBodySchema, response: { 201: projectSchema } },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const project = await projects.create(userId, request.body);
      await notify.project({ type: 'project.created', projectId: project.id, actorId: userId });
      return reply.status(201).send(project);
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
      const userId = currentUser(request).id;
      const created = await projects.createMany(userId, template.projects);
      for (const project of created) {
        await notify.project({ type: 'project.created', projectId: project.id, actorId: userId });
      }
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
      authorize(await accessOrThrow(userId, request.params.id), 'renameRecolour');
      await projects.update(request.params.id, request.body);
      const updated = await projects.find(userId, request.params.id);
      if (!updated) throw notFound(PROJECT_NOT_FOUND);
      await notify.project({ type: 'project.updated', projectId: updated.id, actorId: userId });
      return updated;
    },
  );

  r.delete(
    '/api/projects/:id',
    { onRequest: app.requireAuth, schema: { params: idParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const project = await accessOrThrow(userId, request.params.id);
      // The owner's delete removes the project and its notes for everyone; a member's delete leaves it.
      const deletes = project.role === 'owner';
      authorize(project, deletes ? 'deleteProject' : 'leave');
      const audience = await notify.membersOf(project.projectId);
      if (deletes) await projects.delete(project.projectId);
      else await projects.leave(project.projectId, userId);
      notify.to(audience, {
        type: deletes ? 'project.deleted' : 'member.left',
        projectId: project.projectId,
        actorId: userId,
      });
      return reply.status(204).send();
    },
  );
}
