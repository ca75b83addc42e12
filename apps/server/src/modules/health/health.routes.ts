import fs from 'node:fs';
import path from 'node:path';
import { healthSchema, readinessSchema } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db';
import { pendingMigrations } from '../../db/migrations';
import { pingDatabase } from '../../db/ping';
import type { EventBus } from '../../realtime/event-bus';

/** The server package's version, found from src/ or the bundled dist/ alike. */
export function appVersion(): string {
  let dir = import.meta.dirname;
  for (let depth = 0; depth < 5; depth += 1) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === '@notewise/server' && pkg.version) return pkg.version;
    } catch {
      // no package.json here: look one folder up
    }
    dir = path.dirname(dir);
  }
  return '0.0.0';
}

const READY_CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error('timed out')), READY_CHECK_TIMEOUT_MS).unref(),
    ),
  ]);
}

/**
 * /api/health is liveness (the process answers and its database too); /api/health/ready is what a
 * load balancer asks before sending traffic: database, every migration applied, Redis when configured.
 */
export interface HealthRoutesDeps {
  database: DatabaseHandle;
  bus: EventBus;
  redisConfigured: boolean;
}

export function registerHealthRoutes(app: FastifyInstance, deps: HealthRoutesDeps) {
  const { database, bus } = deps;
  const version = appVersion();
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => {
    await pingDatabase(database.db);
    return {
      status: 'ok' as const,
      database: database.dialect,
      version,
      uptimeSeconds: Math.round(process.uptime()),
    };
  });

  typed.get(
    '/api/health/ready',
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const check = (run: () => Promise<unknown>) =>
        withTimeout(run()).then(
          () => 'ok' as const,
          () => 'failed' as const,
        );
      const [databaseCheck, migrations, redis] = await Promise.all([
        check(() => pingDatabase(database.db)),
        check(async () => {
          const pending = await pendingMigrations(database.db, database.dialect, database.schema);
          if (pending.length > 0) throw new Error(`pending: ${pending.join(', ')}`);
        }),
        deps.redisConfigured ? check(() => bus.ping()) : Promise.resolve('not-configured' as const),
      ]);
      const ready = databaseCheck === 'ok' && migrations === 'ok' && redis !== 'failed';
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not-ready',
        checks: { database: databaseCheck, migrations, redis },
      });
    },
  );
}
