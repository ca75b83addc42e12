import { searchQuerySchema, searchResponseSchema } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/session';
import type { SearchRepo } from './search.repo';
import { searchPage } from './search-page';

/** How often search checks whether its vocabulary and statistics need refreshing (cheap if not). */
const MAINTENANCE_INTERVAL_MS = 30_000;

export interface SearchRoutesDeps {
  search: SearchRepo;
}

export function registerSearchRoutes(app: FastifyInstance, { search }: SearchRoutesDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/search',
    {
      onRequest: app.requireAuth,
      schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } },
    },
    async (request) => searchPage(search, currentUser(request).id, request.query),
  );

  const maintain = () =>
    search
      .maintain()
      .catch((err: unknown) => app.log.warn({ err }, 'search maintenance failed; retrying later'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(maintain, MAINTENANCE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await search.idle();
  });
}
