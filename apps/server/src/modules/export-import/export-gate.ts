import { ERROR_CODES, MESSAGES } from '@notewise/shared';
import { ApiError } from '../../http/errors';
import type { RateLimiter } from '../../rate-limit/rate-limiter';

export const EXPORT_IN_PROGRESS_MESSAGE =
  'Your previous export is still being prepared. Try again when it is done.';

/**
 * PDF and Word exports per user: a render costs seconds of the one worker's time, so one user may
 * not fill its queue (decision 042). Markdown, text and zip exports stream without the worker.
 */
export const EXPORT_RENDER_RATE_RULE = { name: 'export-render', limit: 10, windowMs: 60_000 };

/**
 * One PDF or Word export per user at a time (running or queued, on this instance: the worker is
 * this instance's), and at most `EXPORT_RENDER_RATE_RULE` a minute (the shared limiter, so across
 * instances). `enter` answers 429 or a release function to call when the render has ended.
 */
export function createExportGate(rateLimiter: RateLimiter) {
  const inFlight = new Set<string>();
  return {
    async enter(userId: string, setRetryAfter: (seconds: number) => void): Promise<() => void> {
      if (inFlight.has(userId)) {
        setRetryAfter(5);
        throw new ApiError(429, ERROR_CODES.rateLimited, EXPORT_IN_PROGRESS_MESSAGE);
      }
      // Claimed before the limiter's await, so two requests arriving together cannot both pass.
      inFlight.add(userId);
      try {
        const decision = await rateLimiter.consume(EXPORT_RENDER_RATE_RULE, userId);
        if (!decision.allowed) {
          setRetryAfter(decision.retryAfterSeconds);
          throw new ApiError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyRequests);
        }
      } catch (error) {
        inFlight.delete(userId);
        throw error;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight.delete(userId);
      };
    },
  };
}
