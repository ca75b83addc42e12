import net from 'node:net';
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

/**
 * Which hops in front of the server may set X-Forwarded-For: false (none), a hop count, or the
 * proxies' addresses. "Every hop" is never an option: it lets any client pick its own IP.
 */
export type TrustProxy = false | number | string[];

/** Names proxy-addr understands for whole private ranges. */
const TRUST_PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_ALL_MESSAGE =
  'trusting every hop lets any client choose its own IP (and escape rate limits); set the number of ' +
  'proxies in front of the server (usually 1) or their addresses, like 10.0.0.0/8,127.0.0.1';

function isTrustedProxyAddress(entry: string): boolean {
  if (TRUST_PROXY_RANGE_NAMES.has(entry) || net.isIP(entry) !== 0) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0 || !/^\d{1,3}$/.test(prefix ?? '')) return false;
  const bits = Number(prefix);
  // A /0 is every address again.
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (['false', 'no', 'off', '0'].includes(lower)) return false;
    if (['true', 'yes', 'on', '*', '0.0.0.0/0', '::/0'].includes(lower)) {
      ctx.addIssue({ code: 'custom', message: TRUST_ALL_MESSAGE });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'a hop count must be between 1 and 10' });
      return hops;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.filter((entry) => !isTrustedProxyAddress(entry));
    if (entries.length === 0 || invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          `must be false, a hop count (1, 2) or a comma-separated list of proxy addresses or CIDRs ` +
          `(10.0.0.0/8,127.0.0.1); not understood: ${invalid.join(', ') || value}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * The form Fastify takes. A hop count becomes a function: Fastify 5.12+ no longer honours a plain
 * number (it cannot check the immediate peer), but a deployment reachable only through its proxies
 * can, so we trust exactly that many hops from the socket.
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return trustProxy;
}

/**
 * Every environment variable the server reads. Each `.describe()` is the text of README's
 * configuration table (scripts/config-table.ts renders it; test/config-table.test.ts keeps them equal).
 */
export const envSchema = z.object({
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
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe(
      "`fatal` … `trace`, or `silent`; every output line is JSON (pino) with request ids, libraries' messages included.",
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
  AI_BASE_URL: z
    .url({ message: 'must be the base URL of an OpenAI-compatible API, like http://localhost:11434/v1' })
    .optional()
    .describe(
      'OpenAI-compatible API for the AI actions (`http://localhost:11434/v1`). Unset: the built-in offline engine.',
    ),
  AI_API_KEY: z.string().optional().describe('API key sent to `AI_BASE_URL`, if it needs one.'),
  AI_MODEL: z.string().min(1).default('llama3.1').describe('Model name asked of `AI_BASE_URL`.'),
  AI_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(60_000)
    .describe('How long to wait for the model, in milliseconds.'),
  AI_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(30)
    .describe('AI requests allowed per user per minute.'),
  STT_BASE_URL: z
    .url({
      message: 'must be the base URL of an OpenAI-compatible speech API, like http://localhost:8000/v1',
    })
    .optional()
    .describe(
      'OpenAI-compatible speech-to-text API for the voice assistant (`POST /audio/transcriptions`: OpenAI, Groq, Speaches, whisper.cpp server, LocalAI), like `http://localhost:8000/v1`. Unset: browsers use their own speech recognition where they have it.',
    ),
  STT_API_KEY: z.string().optional().describe('API key sent to `STT_BASE_URL`, if it needs one.'),
  STT_MODEL: z
    .string()
    .min(1)
    .default('whisper-1')
    .describe(
      'Speech-to-text model asked of `STT_BASE_URL` (`whisper-1`, `Systran/faster-whisper-small`...).',
    ),
  STT_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}$/, { message: 'must be an ISO-639-1 language code like en' })
    .optional()
    .describe('Language of the speech (`en`), sent to the speech server. Unset: it detects the language.'),
  STT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(300_000)
    .default(30_000)
    .describe('How long to wait for one transcription, in milliseconds.'),
  TTS_BASE_URL: z
    .url({
      message: 'must be the base URL of an OpenAI-compatible speech API, like http://localhost:8000/v1',
    })
    .optional()
    .describe(
      "OpenAI-compatible text-to-speech API (`POST /audio/speech`) for the assistant's spoken answers. Unset: the browser speaks them (speechSynthesis).",
    ),
  TTS_API_KEY: z.string().optional().describe('API key sent to `TTS_BASE_URL`, if it needs one.'),
  TTS_MODEL: z.string().min(1).default('tts-1').describe('Text-to-speech model asked of `TTS_BASE_URL`.'),
  TTS_VOICE: z.string().min(1).default('alloy').describe('Voice asked of `TTS_BASE_URL`.'),
  VAPI_PUBLIC_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      'With `VAPI_ASSISTANT_ID`: the voice card uses the hosted Vapi service instead (audio goes to Vapi); the CSP then allows its origins.',
    ),
  VAPI_ASSISTANT_ID: z.string().min(1).optional().describe('The Vapi assistant the card calls.'),
  VOICE_MAX_UTTERANCE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(25 * 1024 * 1024)
    .default(2 * 1024 * 1024)
    .describe('Largest utterance (WAV) the server accepts, in bytes.'),
  VOICE_MAX_UTTERANCE_SECONDS: z.coerce
    .number()
    .min(1)
    .max(600)
    .default(30)
    .describe('Longest utterance the server accepts, in seconds.'),
  VOICE_UTTERANCES_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(30)
    .describe('Voice turns (utterances or recognised sentences) allowed per user per minute.'),
  VOICE_MINUTES_PER_DAY: z.coerce
    .number()
    .min(1)
    .max(1440)
    .default(120)
    .describe('Minutes of audio the server transcribes per user per day (UTC).'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Put before every Redis key and channel: deployments sharing one Redis stay apart. */
  redisPrefix: string;
  publicUrl: string | undefined;
  authSecret: string | undefined;
  trustedOrigins: string[];
  trustProxy: TrustProxy;
  demoAccount: boolean;
  /** Why the demo account is on or off, for the start-up log. */
  demoAccountReason: string;
  /** Anyone may create an account (ALLOW_SIGNUP); off, only the admin CLI does. */
  allowSignUp: boolean;
  /** Serve the API reference at /api/docs (on by default except in production). */
  apiDocs: boolean;
  /** Set: "Forgot password?" emails a one-time reset link through this server. */
  smtp: { url: string; from: string } | undefined;
  /** Sign-in attempts, and separately sign-ups, allowed per IP per minute. */
  authRateLimit: number;
  logLevel: string;
  /** Set: Prometheus metrics at /metrics for requests bearing this token; unset: no /metrics. */
  metricsToken: string | undefined;
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
  voice: VoiceConfig;
}

export interface VoiceConfig {
  /** Set: utterances are transcribed by this OpenAI-compatible server. */
  stt:
    | {
        baseUrl: string;
        apiKey: string | undefined;
        model: string;
        language: string | undefined;
        timeoutMs: number;
      }
    | undefined;
  /** Set: POST /api/voice/speech proxies this OpenAI-compatible /audio/speech server. */
  tts: { baseUrl: string; apiKey: string | undefined; model: string; voice: string } | undefined;
  /** Both set: the card uses the hosted Vapi service. */
  vapi: { publicKey: string; assistantId: string } | undefined;
  limits: {
    maxUtteranceBytes: number;
    maxUtteranceSeconds: number;
    utterancesPerMinute: number;
    minutesPerDay: number;
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
  // A secret generated into one instance's data folder is not the other instances' secret: their
  // sessions would silently fail to verify. Several instances (Redis) or a production database must
  // be given one.
  const severalInstances = e.REDIS_URL !== undefined;
  const productionDatabase = e.DATABASE_URL !== undefined && e.NODE_ENV === 'production';
  if (!e.AUTH_SECRET && (severalInstances || productionDatabase)) {
    throw new ConfigError(
      'Invalid configuration:\n' +
        `  AUTH_SECRET: required when ${severalInstances ? 'REDIS_URL is set (several instances)' : 'DATABASE_URL is set in production'}: ` +
        'every instance must sign sessions with the same secret.\n' +
        "  Make one with: node -e \"console.log(require('node:crypto').randomBytes(48).toString('base64url'))\"",
    );
  }
  if (e.SMTP_URL && !e.SMTP_FROM) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_FROM: required with SMTP_URL (the sender, like Notewise <notes@example.com>)',
    );
  }
  if (Boolean(e.VAPI_PUBLIC_KEY) !== Boolean(e.VAPI_ASSISTANT_ID)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPI_PUBLIC_KEY and VAPI_ASSISTANT_ID: set both (hosted Vapi mode) or neither',
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
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    webDistDir: e.WEB_DIST_DIR,
    ai: {
      baseUrl: e.AI_BASE_URL?.replace(/\/+$/, ''),
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
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
