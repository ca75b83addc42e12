import { draftParamsSchema, draftResponseSchema, saveDraftBodySchema } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NO_CONTENT } from '../../http/api-docs';
import { currentUser } from '../../http/session';
import type { DraftsRepo } from './drafts.repo';

export interface DraftRoutesDeps {
  drafts: DraftsRepo;
}

/** The drafts of docs/product.md §3 (current_input): what the user was typing, kept on the server so a reload restores it. */
export function registerDraftRoutes(app: FastifyInstance, { drafts }: DraftRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/drafts/:kind',
    {
      onRequest: app.requireAuth,
      schema: { params: draftParamsSchema, response: { 200: draftResponseSchema } },
    },
    async (request) => ({ draft: await drafts.find(currentUser(request).id, request.params.kind) }),
  );

  r.put(
    '/api/drafts/:kind',
    {
      onRequest: app.requireAuth,
      schema: { params: draftParamsSchema, body: saveDraftBodySchema, response: NO_CONTENT },
    },
    async (request, reply) => {
      await drafts.save(currentUser(request).id, request.params.kind, request.body);
      return reply.status(204).send();
    },
  );

  r.delete(
    '/api/drafts/:kind',
    { onRequest: app.requireAuth, schema: { params: draftParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      await drafts.delete(currentUser(request).id, request.params.kind);
      return reply.status(204).send();
    },
  );
}
