import path from 'node:path';
import { backupSettings } from './backup-env';
import { envSchema } from './env-schema';
import { historySettings } from './history-env';
import type { Config } from './types';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The error that stops the start: one indented line per problem under one heading. */
function invalid(...lines: string[]): ConfigError {
  return new ConfigError(['Invalid configuration:', ...lines.map((line) => `  ${line}`)].join('\n'));
}

type Env = ReturnType<typeof envSchema.parse>;

/** Settings that are valid alone but not together. */
function checkCombinations(e: Env): void {
  // A secret generated into one instance's data folder is not the other instances' secret: their
  // sessions would silently fail to verify. Several instances (Redis) or a production database must
  // be given one.
  const severalInstances = e.REDIS_URL !== undefined;
  const productionDatabase = e.DATABASE_URL !== undefined && e.NODE_ENV === 'production';
  if (!e.AUTH_SECRET && (severalInstances || productionDatabase)) {
    throw invalid(
      `AUTH_SECRET: required when ${severalInstances ? 'REDIS_URL is set (several instances)' : 'DATABASE_URL is set in production'}: ` +
        'every instance must sign sessions with the same secret.',
      "Make one with: node -e \"console.log(require('node:crypto').randomBytes(48).toString('base64url'))\"",
    );
  }
  if (e.SMTP_URL && !e.SMTP_FROM) {
    throw invalid('SMTP_FROM: required with SMTP_URL (the sender, like Notewise <notes@example.com>)');
  }
  if (Boolean(e.VAPI_PUBLIC_KEY) !== Boolean(e.VAPI_ASSISTANT_ID)) {
    throw invalid('VAPI_PUBLIC_KEY and VAPI_ASSISTANT_ID: set both (hosted Vapi mode) or neither');
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw invalid(
      'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (without it no payment could ever be fulfilled); see README, Payments',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw invalid('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
}

/** Reads the environment once at start; a malformed value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw invalid(...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  checkCombinations(e);
  const demo = demoAccountSetting(e.DEMO_ACCOUNT, e.NODE_ENV, e.HOST);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ?? '',
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    authSecret: e.AUTH_SECRET,
    trustedOrigins: (e.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY ?? false,
    demoAccount: demo.enabled,
    demoAccountReason: demo.reason,
    allowSignUp: e.ALLOW_SIGNUP,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    smtp: e.SMTP_URL && e.SMTP_FROM ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    authRateLimit: e.AUTH_RATE_LIMIT,
    ipv6Prefix: e.RATE_LIMIT_IPV6_PREFIX,
    shareCodeLifetimeDays: e.SHARE_CODE_LIFETIME_DAYS,
    history: historySettings(e),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    webDistDir: e.WEB_DIST_DIR,
    firstPageWaitMs: e.FIRST_PAGE_WAIT_MS,
    ai: {
      baseUrl: e.AI_BASE_URL?.replace(/\/+$/, ''),
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      workers: e.AI_WORKERS,
      rateLimit: e.AI_RATE_LIMIT,
    },
    voice: {
      stt: e.STT_BASE_URL
        ? {
            baseUrl: e.STT_BASE_URL.replace(/\/+$/, ''),
            apiKey: e.STT_API_KEY,
            model: e.STT_MODEL,
            language: e.STT_LANGUAGE,
            timeoutMs: e.STT_TIMEOUT_MS,
          }
        : undefined,
      tts: e.TTS_BASE_URL
        ? {
            baseUrl: e.TTS_BASE_URL.replace(/\/+$/, ''),
            apiKey: e.TTS_API_KEY,
            model: e.TTS_MODEL,
            voice: e.TTS_VOICE,
          }
        : undefined,
      vapi:
        e.VAPI_PUBLIC_KEY && e.VAPI_ASSISTANT_ID
          ? { publicKey: e.VAPI_PUBLIC_KEY, assistantId: e.VAPI_ASSISTANT_ID }
          : undefined,
      limits: {
        maxUtteranceBytes: e.VOICE_MAX_UTTERANCE_BYTES,
        maxUtteranceSeconds: e.VOICE_MAX_UTTERANCE_SECONDS,
        utterancesPerMinute: e.VOICE_UTTERANCES_PER_MINUTE,
        minutesPerDay: e.VOICE_MINUTES_PER_DAY,
      },
    },
    billing:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
    price: {
      amountCents: e.UNLIMITED_PRICE_CENTS,
      currency: e.PRICE_CURRENCY,
      stripePriceId: e.STRIPE_PRICE_ID,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    backup: backupSettings(e, path.resolve(e.DATA_DIR)),
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
