import { ERROR_CODES } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';
import { createLogThrottle } from './log-throttle';
import type { OriginPolicy } from './public-origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A misconfigured proxy refuses every request: one line per origin a minute says why without flooding. */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * CSRF defence in depth beside SameSite cookies: a browser's state-changing request must come from
 * the app's own origin (PUBLIC_URL, or the request's: http/public-origin.ts) or a configured trusted one. Clients without an Origin header (CLI, curl) pass.
 *
 * Every method but GET/HEAD/OPTIONS is checked, whatever the path: the router decodes and normalises
 * the URL (`/%61pi/projects` reaches `/api/projects`), so a check that reads the raw path would miss
 * a route it never recognised as the API's.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  policy: OriginPolicy,
  /**
   * Route patterns called by other servers, never by a browser, that authenticate otherwise (the
   * Stripe webhook: its signature). Matched on the route the router chose, not the raw path.
   */
  exemptRoutes: readonly string[] = [],
) {
  const exempt = new Set(exemptRoutes);
  const refusals = createLogThrottle(REFUSAL_LOG_INTERVAL_MS);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.method === 'POST' && exempt.has(request.routeOptions.url ?? '')) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const allowed = origin === undefined ? fetchSite !== 'cross-site' : policy.allows(request, origin);
    if (!allowed) {
      if (refusals.shouldLog(origin ?? fetchSite ?? '')) {
        request.log.warn(
          { origin: origin ?? null, secFetchSite: fetchSite ?? null, expected: policy.expected(request) },
          'refused a request from another origin (403 BAD_ORIGIN): behind a reverse proxy, set PUBLIC_URL to the address users type, or pass Host with its port and TRUST_PROXY',
        );
      }
      return reply
        .status(403)
        .send(errorBody(ERROR_CODES.badOrigin, 'This request came from another site and was refused.'));
    }
  });
}
