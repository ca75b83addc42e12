import { searchQuerySchema, searchResponseSchema } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/session';
import type { SearchRepo } from './search.repo';

export function registerSearchRoutes(app: FastifyInstance, search: SearchRepo) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/search',
    {
      onRequest: app.requireAuth,
      schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } },
    },
    async (request) => ({ results: await search.search(currentUser(request).id, request.query.q) }),
  );
}
