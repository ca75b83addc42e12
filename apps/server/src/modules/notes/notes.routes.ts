import {
  createNoteBodySchema,
  ERROR_CODES,
  hasAccess,
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
import { ApiError, accessRequired, badRequest, notFound } from '../../http/errors';
import { decodeCursor } from '../../http/pagination';
import { currentUser } from '../../http/session';
import type { ChangeNotifier } from '../../realtime/change-notifier';
import type { Membership } from '../projects/membership';
import { authorize } from '../projects/policy';
import { PROJECT_NOT_FOUND } from '../projects/projects.routes';
import { type NotesRepo, noteCursorSchema } from './notes.repo';

export const NOTE_NOT_FOUND = 'Note not found';
export const NOTE_CONFLICT_MESSAGE =
  'This note was changed somewhere else since you opened it. Choose which version to keep.';

export function registerNoteRoutes(
  app: FastifyInstance,
  notes: NotesRepo,
  membership: Membership,
  notify: ChangeNotifier,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // What the caller cannot see is 404; what they can see but may not do is 403 (policy.ts).
  const projectAccess = async (userId: string, projectId: string) => {
    const access = await membership.project(userId, projectId);
    if (!access) throw notFound(PROJECT_NOT_FOUND);
    return access;
  };
  const noteAccess = async (userId: string, noteId: string) => {
    const access = await membership.note(userId, noteId);
    if (!access) throw notFound(NOTE_NOT_FOUND);
    return access;
  };

  r.get(
    '/api/notes',
    {
      onRequest: app.requireAuth,
      schema: { querystring: listNotesQuerySchema, response: { 200: noteListSchema } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { projectId, pinned, cursor, limit } = request.query;
      const after = decodeCursor(cursor, noteCursorSchema);
      if (projectId) authorize(await projectAccess(userId, projectId), 'read');
      const filter = { projectId, pinned: pinned === undefined ? undefined : pinned === 'true' };
      return notes.list(userId, filter, { limit, after });
    },
  );

  r.get(
    '/api/notes/counts',
    {
      onRequest: app.requireAuth,
      schema: { querystring: noteCountsQuerySchema, response: { 200: noteCountsSchema } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { projectId } = request.query;
      if (projectId) authorize(await projectAccess(userId, projectId), 'read');
      return notes.counts(userId, { projectId });
    },
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
      const userId = currentUser(request).id;
      authorize(await projectAccess(userId, request.body.projectId), 'create');
      const note = await notes.create(userId, request.body);
      await notify.note({
        type: 'note.created',
        projectId: note.projectId,
        noteId: note.id,
        actorId: userId,
      });
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
      const userId = currentUser(request).id;
      const { version, ...changes } = request.body;
      authorize(await noteAccess(userId, request.params.id), 'editText');
      const isRename = version === undefined;
      if (isRename) {
        const current = await notes.find(userId, request.params.id);
        if (!current) throw notFound(NOTE_NOT_FOUND);
        if (current.title === changes.title)
          throw badRequest('The new title must differ from the current one.');
      }
      const result = await notes.update(userId, request.params.id, changes, version);
      if (result.status === 'missing') throw notFound(NOTE_NOT_FOUND);
      if (result.status === 'conflict') {
        throw new ApiError(409, ERROR_CODES.conflict, NOTE_CONFLICT_MESSAGE, { current: result.current });
      }
      await notify.note({
        type: 'note.updated',
        projectId: result.note.projectId,
        noteId: result.note.id,
        actorId: userId,
        ...(changes.content !== undefined ? { source: 'rest' as const } : {}),
      });
      return result.note;
    },
  );

  r.post(
    '/api/notes/:id/move',
    {
      onRequest: app.requireAuth,
      schema: { params: idParamsSchema, body: moveNoteBodySchema, response: { 200: noteSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const userId = user.id;
      const source = await noteAccess(userId, request.params.id);
      const note = await notes.find(userId, source.noteId);
      if (!note) throw notFound(NOTE_NOT_FOUND);
      if (note.projectId === request.body.projectId) {
        throw badRequest('Choose a different project to move this note to.');
      }
      const destination = await projectAccess(userId, request.body.projectId);
      // Leaving its project and arriving in the other are separate permissions (decision 008).
      authorize(source, 'moveOut');
      authorize(destination, 'moveIn');
      if (destination.kind === 'shared' && !hasAccess(user.plan, user.planExpiresAt)) throw accessRequired();
      await notes.move(note.id, destination.projectId);
      const moved = await notes.find(userId, note.id);
      if (!moved) throw notFound(NOTE_NOT_FOUND);
      await notify.note({
        type: 'note.updated',
        projectId: moved.projectId,
        fromProjectId: note.projectId,
        noteId: moved.id,
        actorId: userId,
      });
      return moved;
    },
  );

  r.delete(
    '/api/notes/:id',
    { onRequest: app.requireAuth, schema: { params: idParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const note = await noteAccess(userId, request.params.id);
      authorize(note, 'delete');
      await notes.delete(note.noteId);
      await notify.note({
        type: 'note.deleted',
        projectId: note.projectId,
        noteId: note.noteId,
        actorId: userId,
      });
      return reply.status(204).send();
    },
  );
}
