import type { FastifyRequest } from 'fastify';

/**
 * Which browser origins may change state (requests) and open sockets (decision 018):
 * - PUBLIC_URL's origin when set: behind a reverse proxy that rewrites Host or terminates TLS, the
 *   address users type is the one source of truth, whatever Host and scheme reach the server;
 * - the request's own origin, scheme and host as Fastify reads them (X-Forwarded-Proto and
 *   X-Forwarded-Host only from a proxy TRUST_PROXY names);
 * - TRUSTED_ORIGINS.
 */
export function createOriginPolicy(options: { publicUrl: string | undefined; trustedOrigins: string[] }) {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  const listed = new Set([...(publicOrigin ? [publicOrigin] : []), ...options.trustedOrigins]);
  return {
    publicOrigin,
    /**
     * `eitherScheme`: sockets also accept the other scheme on the request's own host (a proxy that
     * terminates TLS without saying so still serves a same-host page).
     */
    allows(request: FastifyRequest, origin: string, eitherScheme = false): boolean {
      if (listed.has(origin)) return true;
      const host = request.host;
      if (!host) return false;
      if (origin === `${request.protocol}://${host}`) return true;
      return eitherScheme && (origin === `http://${host}` || origin === `https://${host}`);
    },

    /** What a refusal's log line names as accepted: the operator compares it with the browser's origin. */
    expected(request: FastifyRequest): string[] {
      const own = request.host ? [`${request.protocol}://${request.host}`] : [];
      return [...new Set([...listed, ...own])];
    },
  };
}

export type OriginPolicy = ReturnType<typeof createOriginPolicy>;
