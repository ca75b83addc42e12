import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { routeConsoleTo } from './logging';

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

  const { app } = await buildApp(config);
  // From here every line is JSON from the one logger, whoever prints it (decision 018).
  routeConsoleTo(app.log);
  await app.listen({ host: config.host, port: config.port });

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
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(75);
  }
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
