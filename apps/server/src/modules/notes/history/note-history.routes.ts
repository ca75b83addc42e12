import {
  idParamsSchema,
  listVersionsQuerySchema,
  noteVersionListSchema,
  noteVersionSchema,
  restoreVersionResponseSchema,
  versionParamsSchema,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeCursor } from '../../../http/pagination';
import { currentUser } from '../../../http/session';
import type { NotesService } from '../notes.service';
import { versionCursorSchema } from './note-versions.repo';

/**
 * A note's history (decision 050): authorized exactly like reading the note (listing, one version)
 * and editing it (restore). A note the caller cannot see, or in Trash, is 404 on every route.
 */
export function registerNoteHistoryRoutes(app: FastifyInstance, { service }: { service: NotesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notes/:id/versions',
    {
      onRequest: app.requireAuth,
      schema: {
        params: idParamsSchema,
        querystring: listVersionsQuerySchema,
        response: { 200: noteVersionListSchema },
      },
    },
    async (request) => {
      const { cursor, limit } = request.query;
      const after = decodeCursor(cursor, versionCursorSchema);
      return service.listVersions(currentUser(request).id, request.params.id, { limit, after });
    },
  );

  r.get(
    '/api/notes/:id/versions/:versionId',
    {
      onRequest: app.requireAuth,
      schema: { params: versionParamsSchema, response: { 200: noteVersionSchema } },
    },
    async (request) =>
      service.getVersion(currentUser(request).id, request.params.id, request.params.versionId),
  );

  r.post(
    '/api/notes/:id/versions/:versionId/restore',
    {
      onRequest: app.requireAuth,
      schema: { params: versionParamsSchema, response: { 200: restoreVersionResponseSchema } },
    },
    async (request) =>
      service.restoreVersion(currentUser(request).id, request.params.id, request.params.versionId),
  );
}
