import {
  draftParamsSchema,
  draftResponseSchema,
  draftSlotParamsSchema,
  ERROR_CODES,
  MAX_DRAFT_SLOTS,
  saveDraftBodySchema,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NO_CONTENT } from '../../http/api-docs';
import { ApiError } from '../../http/errors';
import { currentUser } from '../../http/session';
import type { DraftsRepo } from './drafts.repo';

export interface DraftRoutesDeps {
  drafts: DraftsRepo;
}

/**
 * The drafts of docs/product.md §3 (current_input): what the user was typing, kept on the server so a
 * reload restores it. The composer saves one per browser tab, in a slot (decision 103).
 */
export function registerDraftRoutes(app: FastifyInstance, { drafts }: DraftRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/drafts/:kind',
    {
      onRequest: app.requireAuth,
      schema: { params: draftParamsSchema, response: { 200: draftResponseSchema } },
    },
    async (request) => drafts.findAll(currentUser(request).id, request.params.kind),
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

  r.put(
    '/api/drafts/:kind/slots/:slot',
    {
      onRequest: app.requireAuth,
      schema: { params: draftSlotParamsSchema, body: saveDraftBodySchema, response: NO_CONTENT },
    },
    async (request, reply) => {
      const { kind, slot } = request.params;
      if (!(await drafts.saveSlot(currentUser(request).id, kind, slot, request.body))) {
        throw new ApiError(
          409,
          ERROR_CODES.conflict,
          `At most ${MAX_DRAFT_SLOTS} drafts are kept. Reload a tab to gather the others.`,
        );
      }
      return reply.status(204).send();
    },
  );

  r.delete(
    '/api/drafts/:kind/slots/:slot',
    { onRequest: app.requireAuth, schema: { params: draftSlotParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      await drafts.delete(currentUser(request).id, request.params.kind, request.params.slot);
      return reply.status(204).send();
    },
  );
}
