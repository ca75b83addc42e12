import type { Extension } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import { logRedisErrors } from '../../logging';

/**
 * Several instances share open documents through Redis (decision 018). Loaded only when REDIS_URL
 * is set; the embedded default never needs it. Its priority puts it before our own extensions (it
 * takes the store lock before persistence writes).
 */
export async function createRedisExtension(deps: {
  redisUrl: string;
  /** Tests and several instances on one Redis keep apart with a prefix. */
  redisPrefix?: string | undefined;
  log: FastifyBaseLogger;
}): Promise<Extension> {
  const { Redis: RedisExtension } = await import('@hocuspocus/extension-redis');
  const { Redis } = await import('ioredis');
  const { redisUrl, log } = deps;
  return new RedisExtension({
    // The URL as given (rediss:// is TLS, user, password, database), with errors in our log.
    createClient: () => {
      const client = new Redis(redisUrl);
      logRedisErrors(client, log, 'co-editing');
      return client;
    },
    prefix: `${deps.redisPrefix ?? ''}notewise:collab`,
  });
}
