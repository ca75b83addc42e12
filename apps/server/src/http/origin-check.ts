import { ERROR_CODES } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth beside SameSite cookies: a browser's state-changing request must come from
 * the app's own origin or a configured trusted one. Clients without an Origin header (CLI, curl) pass.
 *
 * Every method but GET/HEAD/OPTIONS is checked, whatever the path: the router decodes and normalises
 * the URL (`/%61pi/projects` reaches `/api/projects`), so a check that reads the raw path would miss
 * a route it never recognised as the API's.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: string[]) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
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
