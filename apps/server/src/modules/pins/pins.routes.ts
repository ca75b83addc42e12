import { idParamsSchema, pageQuerySchema, pinListSchema } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NO_CONTENT } from '../../http/api-docs';
import { decodeCursor } from '../../http/pagination';
import { currentUser } from '../../http/session';
import { pinCursorSchema } from '../notes/note-summary';
import type { NotesRepo } from '../notes/notes.repo';
import type { NotesService } from '../notes/notes.service';

export interface PinRoutesDeps {
  notes: NotesRepo;
  service: NotesService;
}

/** Pins are per user: members of a shared project pin its notes for themselves. */
export function registerPinRoutes(app: FastifyInstance, { notes, service }: PinRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/notes/:id/pin',
    { onRequest: app.requireAuth, schema: { params: idParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      await service.setPinned(currentUser(request).id, request.params.id, true);
      return reply.status(204).send();
    },
  );

  r.delete(
    '/api/notes/:id/pin',
    { onRequest: app.requireAuth, schema: { params: idParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      await service.setPinned(currentUser(request).id, request.params.id, false);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/pins',
    {
      onRequest: app.requireAuth,
      schema: { querystring: pageQuerySchema, response: { 200: pinListSchema } },
    },
    async (request, reply) =>
      app.cachedPage(request, reply, async () => {
        const after = decodeCursor(request.query.cursor, pinCursorSchema);
        return notes.pinned(currentUser(request).id, { limit: request.query.limit, after });
      }),
  );
}
