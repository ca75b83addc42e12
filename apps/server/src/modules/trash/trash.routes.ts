import {
  idParamsSchema,
  listTrashQuerySchema,
  restoredNoteSchema,
  restoredProjectSchema,
  trashListSchema,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NO_CONTENT } from '../../http/api-docs';
import { decodeCursor } from '../../http/pagination';
import { currentUser } from '../../http/session';
import { trashCursorSchema } from './trash.repo';
import type { TrashService } from './trash.service';

/** Trash (decision 051): list, restore, delete for good, empty. */
export function registerTrashRoutes(app: FastifyInstance, { service }: { service: TrashService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = { params: idParamsSchema };

  r.get(
    '/api/trash',
    {
      onRequest: app.requireAuth,
      schema: { querystring: listTrashQuerySchema, response: { 200: trashListSchema } },
    },
    async (request) => {
      const { cursor, limit } = request.query;
      return service.list(currentUser(request).id, { limit, after: decodeCursor(cursor, trashCursorSchema) });
    },
  );

  r.post(
    '/api/trash/notes/:id/restore',
    { onRequest: app.requireAuth, schema: { ...params, response: { 200: restoredNoteSchema } } },
    async (request) => service.restoreNote(currentUser(request).id, request.params.id),
  );

  r.post(
    '/api/trash/projects/:id/restore',
    { onRequest: app.requireAuth, schema: { ...params, response: { 200: restoredProjectSchema } } },
    async (request) => ({
      project: await service.restoreProject(currentUser(request).id, request.params.id),
    }),
  );

  r.delete(
    '/api/trash/notes/:id',
    { onRequest: app.requireAuth, schema: { ...params, response: NO_CONTENT } },
    async (request, reply) => {
      await service.deleteNote(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  r.delete(
    '/api/trash/projects/:id',
    { onRequest: app.requireAuth, schema: { ...params, response: NO_CONTENT } },
    async (request, reply) => {
      await service.deleteProject(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  r.delete(
    '/api/trash',
    { onRequest: app.requireAuth, schema: { response: NO_CONTENT } },
    async (request, reply) => {
      await service.empty(currentUser(request).id);
      return reply.status(204).send();
    },
  );
}
