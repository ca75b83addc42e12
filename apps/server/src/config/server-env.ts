import { z } from 'zod';
import { booleanFromEnv, databaseUrl } from './env-values';
import { trustProxyFromEnv } from './trust-proxy';

/** The server itself: where it listens, its database and Redis, sign-in, mail, logs. */
export const serverEnv = {
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('`production` turns off the API docs and the demo account unless asked for.'),
  HOST: z
    .string()
    .min(1)
    .default('0.0.0.0')
    .describe(
      'Address to listen on. A loopback address (`127.0.0.1`) also turns the demo account on outside production.',
    ),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('Port to listen on.'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe(
      'Folder for the embedded SQLite database, the generated auth secret and the lock file (created 0700). One server per folder.',
    ),
  DATABASE_URL: databaseUrl
    .optional()
    .describe(
      'PostgreSQL URL (`postgres://user:password@host:5432/db`). Unset: the embedded SQLite database in `DATA_DIR`.',
    ),
  DATABASE_PREPARED_STATEMENTS: booleanFromEnv
    .default(true)
    .describe(
      'PostgreSQL only. `false`: every statement is sent unnamed (planned on each call), for a pooler that cannot keep named statements (PgBouncer before 1.21 in transaction mode).',
    ),
  REDIS_URL: z
    .string()
    .trim()
    .refine((value) => /^rediss?:\/\/[^/]/.test(value), {
      message: 'must be a Redis URL like redis://host:6379',
    })
    .optional()
    .describe(
      'Redis URL (`redis://` or `rediss://`) for several instances: shared events, co-editing and rate limits. Needs `DATABASE_URL` and `AUTH_SECRET`.',
    ),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, {
      message: 'must be 1-64 letters, digits or : . _ - (like notes-prod:)',
    })
    .optional()
    .describe(
      'Prefix for every Redis key and channel (events, co-editing, rate limits), so several deployments can share one Redis.',
    ),
  PUBLIC_URL: z
    .url({ message: 'must be an absolute URL like https://notes.example.com' })
    .optional()
    .describe(
      'The address users open (`https://notes.example.com`): links in emails, and the origin the Origin checks of requests and sockets accept behind a proxy that rewrites Host; `https://` turns on Secure cookies and HSTS.',
    ),
  AUTH_SECRET: z
    .string()
    .min(32, { message: 'must be at least 32 characters long' })
    .optional()
    .describe(
      'Signs sessions (32+ characters). Unset: generated into `DATA_DIR`. Required with `REDIS_URL`, or with `DATABASE_URL` in production.',
    ),
  TRUSTED_ORIGINS: z
    .string()
    .optional()
    .describe("Comma-separated extra origins allowed to call the API (the app's own origin always is)."),
  TRUST_PROXY: trustProxyFromEnv
    .optional()
    .describe(
      'Proxies in front of the server whose `X-Forwarded-For/-Proto/-Host` headers count (client IP, and the origin when `PUBLIC_URL` is unset): a hop count (`1`) or their addresses (`10.0.0.0/8,127.0.0.1`). Unset: none; `true` is refused.',
    ),
  DEMO_ACCOUNT: booleanFromEnv
    .optional()
    .describe(
      '`true`/`false`: the public demo account. Unset: on only when `HOST` is loopback and not in production.',
    ),
  ALLOW_SIGNUP: booleanFromEnv
    .default(true)
    .describe(
      '`false` closes public sign-up; an administrator creates accounts with `npm run admin -- create-user`.',
    ),
  API_DOCS: booleanFromEnv
    .optional()
    .describe('`true`/`false`: the API reference at `/api/docs`. Unset: on except in production.'),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:\/\/[^/]/.test(value), {
      message: 'must be an SMTP URL like smtp://user:password@mail.example.com:587 or smtps://...:465',
    })
    .optional()
    .describe(
      '`smtp://` or `smtps://` server for password-reset emails. Unset: an administrator prints reset links.',
    ),
  SMTP_FROM: z
    .string()
    .trim()
    .min(3)
    .optional()
    .describe('Sender of those emails (`Notewise <notes@example.com>`); required with `SMTP_URL`.'),
  AUTH_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(10)
    .describe(
      'Sign-in attempts, and separately sign-ups, allowed per IP per minute; sign-in also slows down per account (ADR 007).',
    ),
  RATE_LIMIT_IPV6_PREFIX: z.coerce
    .number()
    .int()
    .min(56)
    .max(128)
    .default(64)
    .describe(
      'Per-address limits (sign-up, sign-in, joins, sockets) count an IPv6 client by this prefix (`64`: its /64; `56` for providers that hand out /56). IPv4 counts per address (ADR 041).',
    ),
  SHARE_CODE_LIFETIME_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(365)
    .default(7)
    .describe(
      "Days a shared project's 6-digit code keeps working after it was made; the owner makes a new one in the share dialog. `0`: codes never expire (ADR 041).",
    ),
  PAGE_CACHE_MB: z.coerce
    .number()
    .int()
    .min(0)
    .max(4096)
    .default(32)
    .describe(
      "Memory for each instance's cache of list pages (note lists, pins, projects), least recently used out first; any change a user could see drops their pages. `0` turns it off (ADR 067).",
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe(
      "`fatal` … `trace`, or `silent`; every output line is one entry (pino) with request ids, libraries' messages included.",
    ),
  LOG_FORMAT: z
    .enum(['auto', 'json', 'pretty'])
    .default('auto')
    .describe(
      '`json`: one JSON object per line (for log shippers); `pretty`: one readable, coloured line per entry; `auto`: pretty when the output is a terminal, JSON otherwise.',
    ),
  METRICS_TOKEN: z
    .string()
    .min(16, { message: 'must be at least 16 characters long' })
    .optional()
    .describe(
      'Set (16+ characters): Prometheus metrics at `/metrics` for requests with `Authorization: Bearer <token>`. Unset: no `/metrics`.',
    ),
  WEB_DIST_DIR: z
    .string()
    .optional()
    .describe('Folder of the built web app to serve. Unset: `apps/web/dist`.'),
  FIRST_PAGE_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(250)
    .describe(
      "How long a signed-in page load of All Notes waits for its reads and the server's render of the page (ADR 097); past it, or at `0`, the plain `index.html` as before.",
    ),
};
