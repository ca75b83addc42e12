import crypto from 'node:crypto';
import path from 'node:path';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, fastifyTrustProxy, trustedPeer } from './config';
import { type DatabaseHandle, openDatabase } from './db';
import { type BackupSchedule, registerBackupMetrics, startBackupSchedule } from './db/backup-schedule';
import { acquireDataDirLock, type LockHolder } from './db/data-dir-lock';
import { startInstanceHeartbeat } from './db/instance-heartbeat';
import { migrateToLatest } from './db/migrations';
import { withStartupLock } from './db/startup-lock';
import { createChangeNotifier } from './events/change-notifier';
import { createMemoryEventBus, createRedisEventBus, type EventBus } from './events/event-bus';
import { invalidatingPages } from './events/page-invalidation';
import { registerApiDocs } from './http/api-docs';
import { registerCompression } from './http/compression';
import { limitUnfinishedConnections } from './http/connection-timeouts';
import { frameworkErrorReply, registerErrorHandlers } from './http/errors';
import { createFaultLog } from './http/faults';
import { registerMetrics } from './http/metrics';
import { registerNulStripping } from './http/nul-characters';
import { registerOriginCheck } from './http/origin-check';
import { PageCache, registerPageCache } from './http/page-cache';
import { createOriginPolicy } from './http/public-origin';
import { registerSecurityHeaders } from './http/security-headers';
import { createSessionResolver, registerSession, SessionCache } from './http/session';
import { registerStaticWeb, registerWebFallback } from './http/static-web';
import { registerAccountRoutes } from './modules/account/account.routes';
import { type Auth, createAuth, SESSION_LIFETIME } from './modules/auth/auth';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerAuthLimits } from './modules/auth/auth-limits';
import { DEMO_ACCOUNT, prepareDemoAccount, registerDemoRoutes } from './modules/auth/demo';
import { seedDemoContent } from './modules/auth/demo-content';
import { createResetMailer } from './modules/auth/password-reset';
import { resolveAuthSecret } from './modules/auth/secret';
import { STRIPE_WEBHOOK_PATH } from './modules/billing/billing.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { startHistoryPruning } from './modules/notes/history/history-pruning';
import { registerProfileRoutes } from './modules/profile/profile.routes';
import { startTrialExpirySweep } from './modules/profile/trial-expiry';
import { createMembership } from './modules/projects/membership.repo';
import { startTrashPurge } from './modules/trash/trash-purge';
import type { ImageFetchOptions } from './modules/uploads/image-fetcher';
import { registerOpsGauges } from './ops/metrics';
import { createRateLimiter, type RateLimiter } from './rate-limit/rate-limiter';
import { type Collab, createCollab } from './realtime/collab';
import { registerEventsSocket } from './realtime/events-socket';
import { createSocketGuard, DEFAULT_SOCKET_LIMITS, type SocketLimits } from './realtime/socket-guard';
import { registerModules } from './register-modules';
import { checkStorageAtStart, createStorage, type ObjectStorage } from './storage';

export interface BuiltApp {
  app: FastifyInstance;
  auth: Auth;
  database: DatabaseHandle;
  /** Resolved sessions; anything that changes a user's plan or profile must forget the user here. */
  sessions: SessionCache;
  bus: EventBus;
  /** List pages per user (decision 067), dropped by the bus's change events. */
  pages: PageCache;
  collab: Collab;
  /** Migrations this start applied, in order (the start-up summary counts them). */
  migrationsApplied: string[];
  /** Sign-in, sign-up, join and AI limits (Redis when configured, else the database). */
  rateLimiter: RateLimiter;
  /** Every route as registered (method and URL pattern): the authorization matrix test walks it. */
  routes: RegisteredRoute[];
  /** Where uploaded pictures and note images are kept (DATA_DIR/uploads or S3). */
  storage: ObjectStorage;
  /** Scheduled backups (BACKUP_CRON), or null. */
  backups: BackupSchedule | null;
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests share one per suite). */
  database?: DatabaseHandle;
  /** Log to stdout as JSON (main) or stay quiet (tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read what an operator would see). */
  logStream?: { write(line: string): void };
  /** Prefix for Redis channels and keys (events and rate limits), so test runs sharing one Redis stay apart. */
  redisPrefix?: string;
  /** Lower WebSocket limits (tests reach them quickly); production uses DEFAULT_SOCKET_LIMITS. */
  socketLimits?: Partial<SocketLimits>;
  /** Tests point the picture-URL fetcher at local servers (resolver, connection, plain HTTP, time-out). */
  imageFetch?: Partial<ImageFetchOptions>;
  /** Tests shorten the PDF/Word render budget; production uses RENDER_TIMEOUT_MS. */
  renderTimeoutMs?: number;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  // A server that opens the embedded database itself owns its folder; tests pass their own handle.
  let lockLost: (holder: LockHolder | null) => void = () => {};
  const dataDirLock =
    !options.database && !config.databaseUrl
      ? acquireDataDirLock(config.dataDir, { onLost: (holder) => lockLost(holder) })
      : null;
  const database =
    options.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      preparedStatements: config.preparedStatements,
      dataDir: config.dataDir,
    });
  let migrationsApplied: string[];
  try {
    migrationsApplied = await withStartupLock(database, () =>
      migrateToLatest(database.db, database.dialect, database.schema),
    );
  } catch (error) {
    if (!options.database) await database.close();
    dataDirLock?.release();
    throw error;
  }

  const peerIsProxy = trustedPeer(config.trustProxy);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    // An incoming X-Request-Id ties our log lines to the proxy's, but only a trusted proxy may set
    // it: from anyone else it would let a client forge or collide the ids operators search by.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' &&
        REQUEST_ID.test(incoming) &&
        peerIsProxy(req.socket.remoteAddress)
        ? incoming
        : crypto.randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorReply,
  });
  limitUnfinishedConnections(app.server);
  for (const migration of migrationsApplied) app.log.info({ migration }, 'migration applied');
  database.onConnectionError((err) =>
    app.log.error({ err }, 'database connection lost; the pool reconnects'),
  );
  if (dataDirLock?.tookOver) {
    const { holder, reason } = dataDirLock.tookOver;
    app.log.warn(
      { previousHolder: holder, reason },
      'took over the data folder lock of a server that is gone',
    );
  }
  lockLost = (holder) =>
    app.log.error(
      { holder },
      "another server took over this data folder (this server's lease was not renewed in time): stop one of them",
    );
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const faults = createFaultLog();
  registerErrorHandlers(app, faults);
  const storage = await createStorage(config);
  try {
    await checkStorageAtStart(storage, config, app.log);
  } catch (error) {
    if (!options.database) await database.close();
    dataDirLock?.release();
    throw error;
  }
  await registerSecurityHeaders(app, config.publicUrl?.startsWith('https://') ?? false, {
    hostedVoice: config.voice.vapi !== undefined,
  });
  const originPolicy = createOriginPolicy(config);
  registerOriginCheck(app, originPolicy, [STRIPE_WEBHOOK_PATH]);
  await registerCompression(app);
  registerNulStripping(app);
  await registerApiDocs(app, config.apiDocs);

  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const sessions = new SessionCache();
  const auth = createAuth({
    config,
    db: database.db,
    dialect: database.dialect,
    secret,
    deliverResetLink: config.smtp ? createResetMailer({ ...config, smtp: config.smtp }, app.log) : undefined,
    onPasswordReset: (userId) => sessions.forgetUser(userId),
    log: app.log,
  });
  const resolveSession = createSessionResolver(auth, database.db, sessions, SESSION_LIFETIME);
  registerSession(app, resolveSession);
  // REDIS_PREFIX keeps deployments sharing one Redis apart; tests add their own per run.
  const redisPrefix = `${config.redisPrefix}${options.redisPrefix ?? ''}`;
  const socketLimits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...options.socketLimits };
  await app.register(websocket, { options: { maxPayload: socketLimits.maxPayloadBytes } });
  const socketGuard = createSocketGuard({
    db: database.db,
    resolveSession,
    originPolicy,
    limits: socketLimits,
    log: app.log,
    ipv6Prefix: config.ipv6Prefix,
  });
  const rawBus = config.redisUrl
    ? await createRedisEventBus(config.redisUrl, redisPrefix, app.log)
    : createMemoryEventBus();
  // While Redis is away another instance's changes cannot reach this one: no page is served then.
  const pages = new PageCache(config.pageCacheBytes, () => rawBus.connected?.() ?? true);
  registerPageCache(app, pages);
  const bus = invalidatingPages(rawBus, pages);
  // SQLite: a write by another process (the admin CLI: a user deleted, disabled, a plan or password
  // set) publishes no event; seen before each request, it drops every cached page and session.
  const { changedElsewhere } = database;
  if (changedElsewhere) {
    app.addHook('onRequest', async () => {
      if (!changedElsewhere()) return;
      pages.forgetAll();
      sessions.clear();
    });
  }
  // A session ended or changed on one instance is forgotten by every instance's session cache.
  sessions.announceTo((userId) =>
    bus.publish({ event: { type: 'resync' }, audience: [], sessionsOf: [userId] }),
  );
  rawBus.subscribe((message) => {
    for (const userId of message.sessionsOf ?? []) sessions.dropUser(userId);
  });
  const membership = createMembership(database.db);
  const notify = createChangeNotifier((...projectIds) => membership.members(...projectIds), bus);
  const rateLimiter = await createRateLimiter({
    redisUrl: config.redisUrl,
    redisPrefix,
    db: database.db,
    log: app.log,
  });

  registerHealthRoutes(app, {
    database,
    bus,
    redisConfigured: Boolean(config.redisUrl),
    storage,
    faults,
    localDataDir: database.dialect === 'sqlite' || !config.s3 ? config.dataDir : undefined,
  });
  const backupSettings = config.backup;
  const metricsRegistry = registerMetrics(
    app,
    config.metricsToken,
    backupSettings ? [(registry) => registerBackupMetrics(registry, database)] : [],
  );
  registerAuthLimits(app, rateLimiter, {
    perIpPerMinute: config.authRateLimit,
    exemptEmails: config.demoAccount ? [DEMO_ACCOUNT.email] : [],
    ipv6Prefix: config.ipv6Prefix,
    secureCookies: config.publicUrl?.startsWith('https://') ?? false,
  });
  registerAuthRoutes(app, {
    auth,
    sessions,
    resetByEmail: config.smtp !== undefined,
    allowSignUp: config.allowSignUp,
  });
  registerDemoRoutes(app, { enabled: config.demoAccount });
  const coMembers = (userId: string) => membership.coMembers(userId);
  registerProfileRoutes(app, { db: database.db, sessions, notify, coMembers });
  const { projects, notes, shared, jobs } = await registerModules(app, {
    config,
    database,
    notify,
    rateLimiter,
    sessions,
    storage,
    imageFetch: options.imageFetch,
    renderTimeoutMs: options.renderTimeoutMs,
  });
  registerAccountRoutes(app, {
    db: database.db,
    auth,
    storage,
    sessions,
    rateLimiter,
    jobs,
    notify,
    coMembers,
  });
  registerEventsSocket(app, bus, socketGuard, socketLimits);
  const collab = await createCollab({
    db: database.db,
    notify,
    bus,
    log: app.log,
    guard: socketGuard,
    limits: socketLimits,
    redisUrl: config.redisUrl,
    redisPrefix,
  });
  collab.register(app);
  if (metricsRegistry) {
    registerOpsGauges(metricsRegistry, {
      sockets: socketGuard,
      documents: () => collab.hocuspocus.documents.size,
      pool: database.pool,
      redisConnected: config.redisUrl ? () => bus.connected?.() ?? false : undefined,
      pageCache: pages,
    });
  }

  const webDist = config.webDistDir ?? path.resolve(import.meta.dirname, '../../web/dist');
  const servesWeb = await registerStaticWeb(app, webDist);
  registerWebFallback(app, servesWeb, { distDir: webDist, firstPageWaitMs: config.firstPageWaitMs });

  await withStartupLock(database, () =>
    prepareDemoAccount(
      { enabled: config.demoAccount, reason: config.demoAccountReason },
      auth,
      database.db,
      (userId) => seedDemoContent(userId, projects, notes, shared),
      app.log,
    ),
  );
  const sweep = startTrialExpirySweep(database.db, app.log);
  const stopHistoryPruning = startHistoryPruning(database.db, config.history, app.log);
  const stopTrashPurge = startTrashPurge(database.db, storage, config.history.trashRetentionDays, app.log);
  // PostgreSQL: a restore refuses while instances beat (decision 045).
  const heartbeat = await startInstanceHeartbeat(database, app.log);
  const backups = backupSettings
    ? startBackupSchedule({ settings: backupSettings, config, database, log: app.log })
    : null;

  app.addHook('preClose', async () => {
    // Before sockets are torn down: every open shared note is stored.
    await collab.close();
  });
  app.addHook('onClose', async () => {
    sweep.stop();
    stopHistoryPruning();
    stopTrashPurge();
    backups?.stop();
    await heartbeat.stop();
    socketGuard.stop();
    await bus.close();
    await rateLimiter.close();
    if (!options.database) await database.close();
    dataDirLock?.release();
  });

  return {
    app,
    auth,
    database,
    sessions,
    bus,
    pages,
    collab,
    rateLimiter,
    routes,
    storage,
    backups,
    migrationsApplied,
  };
}
