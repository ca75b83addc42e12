import type { BackupSettings } from './backup-env';
import type { HistorySettings } from './history-env';
import type { TrustProxy } from './trust-proxy';

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: repeated statements prepared once per connection (decision 090). */
  preparedStatements: boolean;
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
  /** Per-address limits count an IPv6 client by this many leading bits (IPv4 per address). */
  ipv6Prefix: number;
  /** Days a share code keeps working; 0: for ever. */
  shareCodeLifetimeDays: number;
  /** Note history retention and budget, Trash retention (decision 050). */
  history: HistorySettings;
  logLevel: string;
  /** `auto`: readable on a terminal, JSON otherwise. */
  logFormat: 'auto' | 'json' | 'pretty';
  /** Set: Prometheus metrics at /metrics for requests bearing this token; unset: no /metrics. */
  metricsToken: string | undefined;
  /** Bytes of list pages each instance keeps (PAGE_CACHE_MB); 0: no cache (decision 067). */
  pageCacheBytes: number;
  webDistDir: string | undefined;
  /** FIRST_PAGE_WAIT_MS: the cap on All Notes' server render; 0 turns it off (decision 097). */
  firstPageWaitMs: number;
  ai: {
    /** Set: the openai-compatible provider; unset: the built-in offline engine. */
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    timeoutMs: number;
    /** Worker threads of the built-in engine (AI_WORKERS); 0 or unset: it runs on the request thread. */
    workers?: number;
    /** AI requests allowed per user per minute. */
    rateLimit: number;
  };
  voice: VoiceConfig;
  /** Set: the UNLIMITED plan is sold through Stripe Checkout (decision 022); unset: payments are off. */
  billing: BillingConfig | undefined;
  /** Price shown and charged (without STRIPE_PRICE_ID). */
  price: { amountCents: number; currency: string; stripePriceId: string | undefined };
  /** Set (S3_BUCKET): uploads go to this bucket; unset: DATA_DIR/uploads. */
  s3:
    | {
        bucket: string;
        /** Unset: AWS itself; set for MinIO, R2, Garage, s3rver... */
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        /** Most self-hosted S3 servers want bucket names in the path, not the host name. */
        forcePathStyle: boolean;
      }
    | undefined;
  /** Set (BACKUP_CRON): scheduled backups into `dir`, the newest `keep` kept (decision 045). */
  backup: BackupSettings | undefined;
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

export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (tests, stripe-mock); unset: api.stripe.com. */
  apiUrl: string | undefined;
}
