import fs from 'node:fs';
import path from 'node:path';
import { healthSchema, readinessSchema } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db';
import { pendingMigrations } from '../../db/migrations';
import { pingDatabase } from '../../db/ping';
import type { EventBus } from '../../events/event-bus';
import type { FaultLog } from '../../http/faults';
import type { ObjectStorage } from '../../storage';

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
 * /api/health is liveness: the process runs its event loop and answers, nothing else, so an
 * orchestrator restarts a stuck process but never a healthy one waiting for its database.
 * /api/health/ready is what a load balancer asks before sending traffic (decision 046): 'not-ready'
 * (503) without the database or with a migration missing, nothing works then; 'degraded' (200) when
 * Redis, file storage or disk space fails: notes still read and most still work, and every instance
 * shares that fault, so pulling them all out would turn a partial outage into a full one.
 */
export interface HealthRoutesDeps {
  database: DatabaseHandle;
  bus: EventBus;
  redisConfigured: boolean;
  storage: ObjectStorage;
  faults: FaultLog;
  /** The folder this instance writes to (SQLite, local uploads); undefined with PostgreSQL and S3. */
  localDataDir: string | undefined;
}

/** A disk-full error this recent keeps the disk check failed (nothing else shows PostgreSQL's disk). */
const DISK_FULL_WINDOW_MS = 60_000;
/** Less free space than this in the data folder is full: SQLite needs room for its WAL. */
const MIN_FREE_BYTES = 1024 * 1024;

async function diskOk(deps: HealthRoutesDeps): Promise<void> {
  const lastFull = deps.faults.lastSeen('disk-full');
  if (lastFull !== undefined && Date.now() - lastFull < DISK_FULL_WINDOW_MS) {
    throw new Error('a write failed for lack of space within the last minute');
  }
  if (deps.localDataDir) {
    const stats = await fs.promises.statfs(deps.localDataDir);
    if (stats.bavail * stats.bsize < MIN_FREE_BYTES) throw new Error('less than 1 MiB free');
  }
}

export function registerHealthRoutes(app: FastifyInstance, deps: HealthRoutesDeps) {
  const { database, bus, storage } = deps;
  const version = appVersion();
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Probes come every few seconds from every orchestrator and balancer: their request lines would
  // bury everything else, so they show only when the server logs at debug (or trace).
  const level = app.log.level;
  const probeLogLevel = level === 'debug' ? 'debug' : level === 'trace' ? 'trace' : 'warn';
  typed.get(
    '/api/health',
    { logLevel: probeLogLevel, schema: { response: { 200: healthSchema } } },
    async () => ({
      status: 'ok' as const,
      database: database.dialect,
      version,
      uptimeSeconds: Math.round(process.uptime()),
    }),
  );

  typed.get(
    '/api/health/ready',
    { logLevel: probeLogLevel, schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const check = (run: () => Promise<unknown>) =>
        withTimeout(run()).then(
          () => 'ok' as const,
          () => 'failed' as const,
        );
      const [databaseCheck, migrations, redis, storageCheck, disk] = await Promise.all([
        check(() => pingDatabase(database.db)),
        check(async () => {
          const pending = await pendingMigrations(database.db, database.dialect, database.schema);
          if (pending.length > 0) throw new Error(`pending: ${pending.join(', ')}`);
        }),
        deps.redisConfigured ? check(() => bus.ping()) : Promise.resolve('not-configured' as const),
        check(() => storage.check()),
        check(() => diskOk(deps)),
      ]);
      const checks = { database: databaseCheck, migrations, redis, storage: storageCheck, disk };
      if (databaseCheck !== 'ok' || migrations !== 'ok') {
        return reply.status(503).send({ status: 'not-ready', checks });
      }
      const degraded = redis === 'failed' || storageCheck === 'failed' || disk === 'failed';
      return reply.status(200).send({ status: degraded ? 'degraded' : 'ready', checks });
    },
  );
}
