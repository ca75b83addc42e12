// First, on its own: it stops an unsupported Node before the SQLite driver loads.
import './runtime-check';

import { buildApp } from './app';
import { ConfigError, loadConfig, unknownEnvWarnings } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { isDatabaseUnavailable } from './http/faults';
import { logStreamFor, routeConsoleTo } from './logging';
import { withDatabaseRetry } from './start-retry';
import { redactUrl, startupSummary } from './startup-summary';
import { StorageConfigError } from './storage';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  const logStream = await logStreamFor(config.logFormat, process.stdout.isTTY === true);
  const { app, migrationsApplied } = await withDatabaseRetry(config, logStream, () =>
    buildApp(config, logStream ? { logStream } : {}),
  );
  // From here every line comes from the one logger, whoever prints it (decision 018).
  routeConsoleTo(app.log);
  for (const warning of unknownEnvWarnings(process.env)) app.log.warn({ setting: 'unknown' }, warning);
  const listening = await app.listen({ host: config.host, port: config.port });
  const summary = startupSummary(config, migrationsApplied, listening);
  app.log.info(summary, `Notewise ${summary.version} ready: ${summary.database}, storage ${summary.storage}`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new requests, finishing open ones');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops accepting, waits for in-flight requests, then runs onClose hooks (database).
    app.close().then(
      () => process.exit(process.exitCode ?? 0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // Decision 006. A promise nobody awaited failed (a request or document handler): the failure is
  // confined to that operation, so log it and keep serving everyone else.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection; still serving');
  });
  // A synchronous throw escaped every handler: the process state is unknown (Node's advice), so
  // shut down the normal way (open documents stored) and exit 1 for the supervisor to restart us.
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err }, 'uncaught exception; shutting down');
    process.exitCode = 1;
    shutdown('uncaughtException');
  });
}

main().catch((error: unknown) => {
  // A bucket that is missing or refuses us is a setting to fix, like a malformed variable.
  if (error instanceof StorageConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(75);
  }
  if (isDatabaseUnavailable(error)) {
    const where = process.env.DATABASE_URL ? redactUrl(process.env.DATABASE_URL) : 'the database';
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Cannot reach ${where} (${reason}): check DATABASE_URL and that the database is running.`);
    process.exit(69);
  }
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
