import type { RateLimiter, RateLimitRule } from '../../rate-limit/rate-limiter';

export type AiLease = { ok: true; release: () => void } | { ok: false; retryAfterSeconds: number };

/**
 * Per-user AI limits: at most `perMinute` requests per minute through the shared rate limiter (Redis
 * when configured, so every instance counts together; otherwise the database), and at most
 * `concurrent` requests running at once on this instance. The concurrency cap guards this process's
 * own CPU and memory, so it stays in memory here. A request refused for concurrency is not counted.
 */
export class AiRateLimiter {
  private readonly running = new Map<string, number>();
  private readonly perMinute: RateLimitRule;

  constructor(
    private readonly limiter: RateLimiter,
    perMinute: number,
    private readonly concurrent: number,
  ) {
    this.perMinute = { name: 'ai', limit: perMinute, windowMs: 60_000 };
  }

  async acquire(userId: string): Promise<AiLease> {
    if ((this.running.get(userId) ?? 0) >= this.concurrent) return { ok: false, retryAfterSeconds: 5 };
    // Reserve the slot before waiting on the store, so parallel requests cannot all pass the check.
    this.running.set(userId, (this.running.get(userId) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
    };
    try {
      const decision = await this.limiter.consume(this.perMinute, userId);
      if (!decision.allowed) {
        release();
        return { ok: false, retryAfterSeconds: decision.retryAfterSeconds };
      }
    } catch (error) {
      release();
      throw error;
    }
    return { ok: true, release };
  }
}
