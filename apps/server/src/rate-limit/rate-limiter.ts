import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { LineLogger } from '../logging';
import { opsMetrics } from '../ops/metrics';
import { createDatabaseRateLimitStore } from './database-store';
import { createRedisRateLimitStore } from './redis-store';
import type { RateLimitStore } from './store';

/** At most `limit` hits per `windowMs` for one subject (an account, an IP, an email). */
export interface RateLimitRule {
  /** Part of the stored key; rules with different names never share a counter. */
  name: string;
  limit: number;
  windowMs: number;
}

export type RateLimitDecision =
  | { allowed: true; count: number }
  | { allowed: false; count: number; retryAfterSeconds: number };

/**
 * The one rate limiter of the server (sign-in, sign-up, join by code, AI). Subjects are hashed before
 * they become keys: the store holds no emails or addresses, and key length is bounded.
 */
export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    private readonly now: () => number = Date.now,
  ) {}

  private key(name: string, subject: string): string {
    const digest = crypto.createHash('sha256').update(subject).digest('base64url').slice(0, 32);
    return `${name}:${digest}`;
  }

  private retryAfter(resetAt: number): number {
    return Math.max(1, Math.ceil((resetAt - this.now()) / 1000));
  }

  /** Counts this hit; allowed while the count stays within the limit. */
  async consume(rule: RateLimitRule, subject: string): Promise<RateLimitDecision> {
    const { count, resetAt } = await this.store.increment(this.key(rule.name, subject), rule.windowMs);
    if (count <= rule.limit) return { allowed: true, count };
    opsMetrics.rateLimitRefused(rule.name);
    return { allowed: false, count, retryAfterSeconds: this.retryAfter(resetAt) };
  }

  /** Reads without counting: whether one more hit would still be allowed. */
  async check(rule: RateLimitRule, subject: string): Promise<RateLimitDecision> {
    const current = await this.store.get(this.key(rule.name, subject));
    const count = current?.count ?? 0;
    if (!current || count < rule.limit) return { allowed: true, count };
    return { allowed: false, count, retryAfterSeconds: this.retryAfter(current.resetAt) };
  }

  /** Gives back one hit counted by `consume` (e.g. a join whose code turned out right). */
  async refund(rule: Pick<RateLimitRule, 'name'>, subject: string): Promise<void> {
    await this.store.decrement(this.key(rule.name, subject));
  }

  /** Forgets the subject's counter (e.g. a successful sign-in clears its failures). */
  async reset(rule: Pick<RateLimitRule, 'name'>, subject: string): Promise<void> {
    await this.store.delete(this.key(rule.name, subject));
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

export interface RateLimiterOptions {
  redisUrl?: string | undefined;
  /** Prefix for Redis keys, so test runs sharing one Redis stay apart. */
  redisPrefix?: string | undefined;
  db: Kysely<Database>;
  log?: LineLogger | undefined;
}

/** Redis when configured (instances share limits), otherwise the database (limits survive restarts). */
export async function createRateLimiter(options: RateLimiterOptions): Promise<RateLimiter> {
  const store = options.redisUrl
    ? await createRedisRateLimitStore(options.redisUrl, options.redisPrefix, options.log)
    : createDatabaseRateLimitStore(options.db);
  return new RateLimiter(store);
}
