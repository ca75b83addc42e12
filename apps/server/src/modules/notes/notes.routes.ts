import {
  createNoteBodySchema,
  idParamsSchema,
  listNotesQuerySchema,
  moveNoteBodySchema,
  noteCountsQuerySchema,
  noteCountsSchema,
  noteListSchema,
  noteSchema,
  updateNoteBodySchema,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NO_CONTENT } from '../../http/api-docs';
import { notFound } from '../../http/errors';
import { decodeCursor } from '../../http/pagination';
import { currentUser } from '../../http/session';
import type { Membership } from '../projects/membership.repo';
import { NOTE_NOT_FOUND, projectAccessOrThrow } from '../projects/policy';
import { noteCursorSchema } from './note-summary';
import type { NotesRepo } from './notes.repo';
import type { NotesService } from './notes.service';

// export-import reads the message from here.
export { NOTE_NOT_FOUND } from '../projects/policy';

export interface NoteRoutesDeps {
  notes: NotesRepo;
  membership: Membership;
  service: NotesService;
}

export function registerNoteRoutes(app: FastifyInstance, { notes, membership, service }: NoteRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notes',
    {
      onRequest: app.requireAuth,
      schema: { querystring: listNotesQuerySchema, response: { 200: noteListSchema } },
    },
    async (request, reply) =>
      app.cachedPage(request, reply, async () => {
        const userId = currentUser(request).id;
        const { projectId, pinned, cursor, limit } = request.query;
        const after = decodeCursor(cursor, noteCursorSchema);
        const filter = { projectId, pinned: pinned === undefined ? undefined : pinned === 'true' };
        const page = await notes.list(userId, filter, { limit, after });
        // The page holds only notes of projects the user is a member of, and every member may read:
        // notes on it prove access. Only an empty page needs the check that tells an empty project
        // from one the user may not see (404), which saves a query on nearly every page (decision 038;
        // a role that may not read would need the check first again).
        if (projectId && page.notes.length === 0) {
          await projectAccessOrThrow(membership, userId, projectId, { action: 'read' });
        }
        return page;
      }),
  );

  r.get(
    '/api/notes/counts',
    {
      onRequest: app.requireAuth,
      schema: { querystring: noteCountsQuerySchema, response: { 200: noteCountsSchema } },
    },
    async (request, reply) =>
      app.cachedPage(request, reply, async () => {
        const userId = currentUser(request).id;
        const { projectId } = request.query;
        if (projectId) await projectAccessOrThrow(membership, userId, projectId, { action: 'read' });
        return notes.counts(userId, { projectId });
      }),
  );

  r.get(
    '/api/notes/:id',
    { onRequest: app.requireAuth, schema: { params: idParamsSchema, response: { 200: noteSchema } } },
    async (request) => {
      const note = await notes.find(currentUser(request).id, request.params.id);
      if (!note) throw notFound(NOTE_NOT_FOUND);
      return note;
    },
  );

  r.post(
    '/api/notes',
    { onRequest: app.requireAccess, schema: { body: createNoteBodySchema, response: { 201: noteSchema } } },
    async (request, reply) => {
      const note = await service.create(currentUser(request).id, request.body);
      return reply.status(201).send(note);
    },
  );

  r.patch(
    '/api/notes/:id',
    {
      onRequest: app.requireAuth,
      schema: { params: idParamsSchema, body: updateNoteBodySchema, response: { 200: noteSchema } },
    },
    async (request) => {
      const { version, reason, ...changes } = request.body;
      return service.update(currentUser(request).id, request.params.id, changes, version, reason);
    },
  );

  r.post(
    '/api/notes/:id/move',
    {
      onRequest: app.requireAuth,
      schema: { params: idParamsSchema, body: moveNoteBodySchema, response: { 200: noteSchema } },
    },
    async (request) => service.move(currentUser(request), request.params.id, request.body.projectId),
  );

  r.delete(
    '/api/notes/:id',
    { onRequest: app.requireAuth, schema: { params: idParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      await service.delete(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}
