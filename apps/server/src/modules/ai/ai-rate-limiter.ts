const WINDOW_MS = 60_000;

export type AiLease = { ok: true; release: () => void } | { ok: false; retryAfterSeconds: number };

/**
 * Per-user AI limits, in memory (per server instance): at most `perMinute` requests in any sliding
 * minute and at most `concurrent` requests running at once. A refused request is not counted.
 */
export class AiRateLimiter {
  private readonly recent = new Map<string, number[]>();
  private readonly running = new Map<string, number>();

  constructor(
    private readonly perMinute: number,
    private readonly concurrent: number,
    private readonly now: () => number = Date.now,
  ) {}

  acquire(userId: string): AiLease {
    const now = this.now();
    const times = (this.recent.get(userId) ?? []).filter((time) => time > now - WINDOW_MS);
    if ((this.running.get(userId) ?? 0) >= this.concurrent) {
      this.store(userId, times);
      return { ok: false, retryAfterSeconds: 5 };
    }
    if (times.length >= this.perMinute) {
      this.store(userId, times);
      const oldest = times[0] ?? now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000)) };
    }
    times.push(now);
    this.store(userId, times);
    this.running.set(userId, (this.running.get(userId) ?? 0) + 1);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        const left = (this.running.get(userId) ?? 1) - 1;
        if (left > 0) this.running.set(userId, left);
        else this.running.delete(userId);
      },
    };
  }

  private store(userId: string, times: number[]) {
    if (times.length) this.recent.set(userId, times);
    else this.recent.delete(userId);
    // Bounded memory: users idle for a minute are forgotten by the sweep below.
    if (this.recent.size > 10_000) this.sweep();
  }

  private sweep() {
    const cutoff = this.now() - WINDOW_MS;
    for (const [user, times] of this.recent) {
      if (!times.some((time) => time > cutoff)) this.recent.delete(user);
    }
  }
}
