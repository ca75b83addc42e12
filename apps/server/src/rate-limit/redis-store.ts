import { type LineLogger, logRedisErrors } from '../logging';
import type { RateLimitStore } from './store';

const KEY_PREFIX = 'notewise:rate:';

/** INCR and start the window on the first hit, in one step; answers [count, milliseconds left]. */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** DECR only a live counter above zero (a missing key would otherwise come back as -1 for ever). */
const DECREMENT = `
local value = tonumber(redis.call('GET', KEYS[1]) or '0')
if value > 0 and redis.call('PTTL', KEYS[1]) > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

function asPair(reply: unknown): [number, number] {
  if (!Array.isArray(reply) || reply.length !== 2) throw new Error('unexpected Redis reply');
  return [Number(reply[0]), Number(reply[1])];
}

/**
 * Counters in Redis with PEXPIRE windows: several instances behind one address share every limit.
 * ioredis is loaded only when REDIS_URL is set, as for the event bus.
 */
export async function createRedisRateLimitStore(
  url: string,
  keyPrefix = '',
  log?: LineLogger,
): Promise<RateLimitStore> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: true });
  logRedisErrors(redis, log, 'rate limits');
  await redis.connect();
  const full = (key: string) => `${keyPrefix}${KEY_PREFIX}${key}`;

  return {
    kind: 'redis',

    async increment(key, windowMs) {
      const [count, ttl] = asPair(await redis.eval(INCREMENT, 1, full(key), String(windowMs)));
      return { count, resetAt: Date.now() + Math.max(ttl, 0) };
    },

    async decrement(key) {
      await redis.eval(DECREMENT, 1, full(key));
    },

    async get(key) {
      const [value, ttl] = await Promise.all([redis.get(full(key)), redis.pttl(full(key))]);
      if (value === null || ttl <= 0) return null;
      return { count: Number(value), resetAt: Date.now() + ttl };
    },

    async delete(key) {
      await redis.del(full(key));
    },

    close: async () => {
      redis.disconnect();
    },
  };
}
