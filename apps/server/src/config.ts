import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    message: 'must be one of true/false/1/0/yes/no/on/off',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const databaseUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { message: 'must be a PostgreSQL URL like postgres://user:password@host:5432/database' },
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: databaseUrl.optional(),
  REDIS_URL: z
    .string()
    .trim()
    .refine((value) => /^rediss?:\/\/[^/]/.test(value), {
      message: 'must be a Redis URL like redis://host:6379',
    })
    .optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL like https://notes.example.com' }).optional(),
  AUTH_SECRET: z.string().min(32, { message: 'must be at least 32 characters long' }).optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  DEMO_ACCOUNT: booleanFromEnv.optional(),
  API_DOCS: booleanFromEnv.optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:\/\/[^/]/.test(value), {
      message: 'must be an SMTP URL like smtp://user:password@mail.example.com:587 or smtps://...:465',
    })
    .optional(),
  SMTP_FROM: z.string().trim().min(3).optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  AI_BASE_URL: z
    .url({ message: 'must be the base URL of an OpenAI-compatible API, like http://localhost:11434/v1' })
    .optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).default('llama3.1'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  AI_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(30),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string | undefined;
  authSecret: string | undefined;
  trustedOrigins: string[];
  trustProxy: boolean;
  demoAccount: boolean;
  /** Why the demo account is on or off, for the start-up log. */
  demoAccountReason: string;
  /** Serve the API reference at /api/docs (on by default except in production). */
  apiDocs: boolean;
  /** Set: "Forgot password?" emails a one-time reset link through this server. */
  smtp: { url: string; from: string } | undefined;
  /** Sign-in and sign-up requests allowed per IP per minute. */
  authRateLimit: number;
  logLevel: string;
  webDistDir: string | undefined;
  ai: {
    /** Set: the openai-compatible provider; unset: the built-in offline engine. */
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    timeoutMs: number;
    /** AI requests allowed per user per minute. */
    rateLimit: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once at start; a malformed value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMTP_URL && !e.SMTP_FROM) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_FROM: required with SMTP_URL (the sender, like Notewise <notes@example.com>)',
    );
  }
  const demo = demoAccountSetting(e.DEMO_ACCOUNT, e.NODE_ENV, e.HOST);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    authSecret: e.AUTH_SECRET,
    trustedOrigins: (e.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    demoAccount: demo.enabled,
    demoAccountReason: demo.reason,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    smtp: e.SMTP_URL && e.SMTP_FROM ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    authRateLimit: e.AUTH_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    ai: {
      baseUrl: e.AI_BASE_URL?.replace(/\/+$/, ''),
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      rateLimit: e.AI_RATE_LIMIT,
    },
  };
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can reach a server listening there. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * The demo account's password is published, so it exists only when asked for (DEMO_ACCOUNT=true) or
 * when nobody but this machine can reach the server (HOST is a loopback address, outside production).
 */
function demoAccountSetting(
  explicit: boolean | undefined,
  env: Config['env'],
  host: string,
): { enabled: boolean; reason: string } {
  if (explicit !== undefined) return { enabled: explicit, reason: `DEMO_ACCOUNT=${explicit}` };
  if (env === 'production') {
    return { enabled: false, reason: 'NODE_ENV=production; set DEMO_ACCOUNT=true to enable it' };
  }
  if (isLoopbackHost(host)) return { enabled: true, reason: `HOST ${host} is a loopback address` };
  return {
    enabled: false,
    reason: `HOST ${host} is reachable from other machines; set DEMO_ACCOUNT=true to enable it`,
  };
}
