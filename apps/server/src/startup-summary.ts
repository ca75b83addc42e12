import path from 'node:path';
import type { Config } from './config';
import { appVersion } from './modules/health/health.routes';

/** A connection URL without its password (and user), for a log line an operator may paste anywhere. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * The one line an operator reads to know what started: version, runtime, where the data lives, what
 * each optional part uses, and what the start changed (migrations). Never a secret.
 */
export function startupSummary(config: Config, migrationsApplied: readonly string[], listening: string) {
  return {
    version: appVersion(),
    node: process.version,
    environment: config.env,
    listening,
    publicUrl: config.publicUrl ?? null,
    database: config.databaseUrl
      ? `postgres ${redactUrl(config.databaseUrl)}`
      : `sqlite ${path.join(config.dataDir, 'notewise.db')}`,
    dataDir: config.dataDir,
    storage: config.s3
      ? `s3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${redactUrl(config.s3.endpoint)}` : ''}`
      : `local ${path.join(config.dataDir, 'uploads')}`,
    realtime: config.redisUrl ? `redis ${redactUrl(config.redisUrl)}` : 'in-process',
    ai: config.ai.baseUrl ? `${redactUrl(config.ai.baseUrl)} model ${config.ai.model}` : 'built-in engine',
    speech: config.voice.stt ? redactUrl(config.voice.stt.baseUrl) : 'browser recognition',
    payments: config.billing ? 'stripe' : 'off',
    signUp: config.allowSignUp ? 'open' : 'closed',
    demoAccount: config.demoAccount,
    migrationsApplied: migrationsApplied.length,
  };
}
