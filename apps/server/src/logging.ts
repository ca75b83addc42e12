import { format } from 'node:util';

/** The few logger methods the libraries' output is routed to (pino's, as Fastify's `app.log`). */
export interface LineLogger {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
  debug(object: object, message: string): void;
}

/**
 * Decision 018: every line the server writes is one JSON object from the one pino logger. Libraries
 * that print on their own (Hocuspocus logs refused messages with console.error; anything else that
 * uses console) are routed through it with a level, so log shippers never meet a plain line.
 */
export function routeConsoleTo(log: LineLogger) {
  const route =
    (level: keyof LineLogger) =>
    (...args: unknown[]) => {
      const err = args.find((arg) => arg instanceof Error);
      log[level](
        { source: 'console', ...(err ? { err } : {}) },
        format(...args.filter((arg) => arg !== err)),
      );
    };
  console.error = route('error');
  console.warn = route('warn');
  console.log = route('info');
  console.info = route('info');
  console.debug = route('debug');
  console.trace = route('debug');
}

/** better-auth's `logger.log`: its messages at their own level, through our logger. */
export function betterAuthLogTo(log: LineLogger) {
  return (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => {
    const err = args.find((arg) => arg instanceof Error);
    const rest = args.filter((arg) => arg !== err);
    log[level](
      {
        source: 'better-auth',
        ...(err ? { err } : {}),
        ...(rest.length ? { details: format(...rest) } : {}),
      },
      message,
    );
  };
}

/** ioredis emits 'error' on every failed (re)connect; without a listener it prints plain lines. */
export function logRedisErrors(
  client: { on(event: 'error', listener: (error: Error) => void): unknown },
  log: LineLogger | undefined,
  role: string,
) {
  let last = '';
  client.on('error', (err) => {
    // One line per distinct failure, not one per retry while Redis stays away.
    if (err.message === last) return;
    last = err.message;
    log?.error({ err, redis: role }, 'Redis connection error; retrying');
  });
}

/**
 * Where the server's log lines go: JSON on stdout for log shippers, or (LOG_FORMAT=pretty, or `auto`
 * on a terminal) one readable coloured line per entry. pino-pretty loads only then.
 */
export async function logStreamFor(
  format: 'auto' | 'json' | 'pretty',
  isTerminal: boolean,
): Promise<{ write(line: string): void } | undefined> {
  if (format === 'json' || (format === 'auto' && !isTerminal)) return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({ sync: true, colorize: isTerminal, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}
