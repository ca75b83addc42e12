import {
  createNoteBodySchema,
  ERROR_CODES,
  hasAccess,
  idParamsSchema,
  listNotesQuerySchema,
  moveNoteBodySchema,
  noteListSchema,
  noteSchema,
  updateNoteBodySchema,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError, accessRequired, badRequest, notFound } from '../../http/errors';
import { currentUser } from '../../http/session';
import type { ChangeNotifier } from '../../realtime/change-notifier';
import type { ProjectsRepo } from '../projects/projects.repo';
import { PROJECT_NOT_FOUND } from '../projects/projects.routes';
import type { NotesRepo } from './notes.repo';

export const NOTE_NOT_FOUND = 'Note not found';
export const NOTE_CONFLICT_MESSAGE =
  'This note was changed somewhere else since you opened it. Choose which version to keep.';
const LIST_LIMIT = 2000;

export function registerNoteRoutes(
  app: FastifyInstance,
  notes: NotesRepo,
  projects: ProjectsRepo,
  notify: ChangeNotifier,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notes',
    {
      onRequest: app.requireAuth,
      schema: { querystring: listNotesQuerySchema, response: { 200: noteListSchema } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { projectId, pinned } = request.query;
      if (projectId && !(await projects.isVisible(userId, projectId))) throw notFound(PROJECT_NOT_FOUND);
      const filter = { projectId, pinned: pinned === undefined ? undefined : pinned === 'true' };
      return { notes: await notes.list(userId, filter, LIST_LIMIT) };
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
      if (!(await projects.isVisible(userId, request.body.projectId))) throw notFound(PROJECT_NOT_FOUND);
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
      const userId = currentUser(request).id;
      const note = await notes.find(userId, request.params.id);
      if (!note) throw notFound(NOTE_NOT_FOUND);
      if (note.projectId === request.body.projectId) {
        throw badRequest('Choose a different project to move this note to.');
      }
      const destination = await projects.find(userId, request.body.projectId);
      if (!destination) throw notFound(PROJECT_NOT_FOUND);
      const user = currentUser(request);
      if (destination.kind === 'shared' && !hasAccess(user.plan, user.planExpiresAt)) throw accessRequired();
      await notes.move(note.id, destination.id);
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
    { onRequest: app.requireAuth, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const note = await notes.find(userId, request.params.id);
      if (!note) throw notFound(NOTE_NOT_FOUND);
      await notes.delete(note.id);
      await notify.note({
        type: 'note.deleted',
        projectId: note.projectId,
        noteId: note.id,
        actorId: userId,
      });
      return reply.status(204).send();
    },
  );
}
