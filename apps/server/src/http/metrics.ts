import crypto from 'node:crypto';
import { ERROR_CODES } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { registerOpsCounters } from '../ops/metrics';
import { errorBody } from './errors';

function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Prometheus metrics at /metrics, only when METRICS_TOKEN is set (off by default: request counts
 * and timings are nobody's business but the operator's), read with `Authorization: Bearer <token>`.
 * Returns the Registry (null when off) so gauges over parts built later can join it (ops/metrics.ts).
 */
export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  /** Further metrics (the scheduled backups'), registered only when /metrics exists. */
  extra: Array<(registry: Registry) => void> = [],
): Registry | null {
  if (!token) return null;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'notewise_' });
  registerOpsCounters(registry);
  for (const register of extra) register(registry);
  const duration = new Histogram({
    name: 'notewise_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, with their duration',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The pattern (/api/notes/:id), never the raw URL: ids would make the label set unbounded.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    duration.observe(
      { route, method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!given || !sameToken(given, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(errorBody(ERROR_CODES.unauthorized, 'A valid metrics token is required.'));
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}
