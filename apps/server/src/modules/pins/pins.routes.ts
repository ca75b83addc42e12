import { idParamsSchema, pageQuerySchema, pinListSchema } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NO_CONTENT } from '../../http/api-docs';
import { notFound } from '../../http/errors';
import { decodeCursor } from '../../http/pagination';
import { currentUser } from '../../http/session';
import type { ChangeNotifier } from '../../realtime/change-notifier';
import { type NotesRepo, pinCursorSchema } from '../notes/notes.repo';
import { NOTE_NOT_FOUND } from '../notes/notes.routes';

/** Pins are per user: members of a shared project pin its notes for themselves. */
export function registerPinRoutes(app: FastifyInstance, notes: NotesRepo, notify: ChangeNotifier) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/notes/:id/pin',
    { onRequest: app.requireAuth, schema: { params: idParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      if (!(await notes.find(userId, request.params.id))) throw notFound(NOTE_NOT_FOUND);
      await notes.pin(userId, request.params.id);
      notify.to([userId], { type: 'pin.changed', noteId: request.params.id, actorId: userId });
      return reply.status(204).send();
    },
  );

  r.delete(
    '/api/notes/:id/pin',
    { onRequest: app.requireAuth, schema: { params: idParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      if (!(await notes.find(userId, request.params.id))) throw notFound(NOTE_NOT_FOUND);
      await notes.unpin(userId, request.params.id);
      notify.to([userId], { type: 'pin.changed', noteId: request.params.id, actorId: userId });
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/pins',
    {
      onRequest: app.requireAuth,
      schema: { querystring: pageQuerySchema, response: { 200: pinListSchema } },
    },
    async (request) => {
      const after = decodeCursor(request.query.cursor, pinCursorSchema);
      return notes.pinned(currentUser(request).id, { limit: request.query.limit, after });
    },
  );
}
