import { ERROR_CODES } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence in depth beside SameSite cookies: a browser's state-changing request must come from
 * the app's own origin or a configured trusted one. Clients without an Origin header (CLI, curl) pass.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: string[]) {
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const ownOrigin = `${request.protocol}://${request.host}`;
    const allowed =
      origin === undefined
        ? fetchSite !== 'cross-site'
        : origin === ownOrigin || trustedOrigins.includes(origin);
    if (!allowed) {
      return reply
        .status(403)
        .send(errorBody(ERROR_CODES.badOrigin, 'This request came from another site and was refused.'));
    }
  });
}
