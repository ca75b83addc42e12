import { EventEmitter } from 'node:events';
import type { RealtimeEvent } from '@notewise/shared';
import { type LineLogger, logRedisErrors } from '../logging';

/** A change plus who may see it; the audience is fixed when the change happens (deletions included). */
export interface BusEvent {
  event: RealtimeEvent;
  audience: string[];
  /**
   * Users whose cached sessions every instance forgets (sign-out, password, plan, deletion); such a
   * message goes with an empty audience, so no socket hears it.
   */
  sessionsOf?: string[];
}

export interface EventBus {
  publish(message: BusEvent): void;
  subscribe(listener: (message: BusEvent) => void): () => void;
  /** Readiness: resolves when the bus can deliver (Redis answers); the memory bus always can. */
  ping(): Promise<void>;
  /** Redis only: whether both connections are up right now (a metric; readiness pings instead). */
  connected?(): boolean;
  /** Redis only: called when the subscriber reconnects, as messages published meanwhile are lost. */
  onGap?(listener: () => void): () => void;
  close(): Promise<void>;
}

/** One process: listeners are called directly. */
export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (message) => {
      emitter.emit('event', message);
    },
    subscribe: (listener) => {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    ping: async () => {},
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'notewise:events';

/**
 * Several instances: every publish goes through Redis pub/sub and comes back to every instance
 * (this one included), so all connected sessions hear it whichever instance made the change.
 */
export async function createRedisEventBus(
  url: string,
  channelPrefix = '',
  log?: LineLogger,
): Promise<EventBus> {
  const channel = `${channelPrefix}${CHANNEL}`;
  // Loaded only when REDIS_URL is set: the embedded default never pays for it.
  const { Redis } = await import('ioredis');
  const publisher = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: true });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
  logRedisErrors(publisher, log, 'events publisher');
  logRedisErrors(subscriber, log, 'events subscriber');
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const local = createMemoryEventBus();
  const gapListeners = new Set<() => void>();
  // Connected by now: every later 'ready' is a reconnect, after a time no message could arrive.
  subscriber.on('ready', () => {
    for (const listener of gapListeners) listener();
  });
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel: string, payload: string) => {
    try {
      local.publish(JSON.parse(payload) as BusEvent);
    } catch {
      // A malformed message from another instance is dropped; it cannot be delivered anyway.
    }
  });
  return {
    publish: (message) => {
      void publisher.publish(channel, JSON.stringify(message)).catch(() => {
        // Redis down: deliver locally so this instance's sessions still update.
        local.publish(message);
      });
    },
    subscribe: local.subscribe,
    ping: async () => {
      await publisher.ping();
    },
    connected: () => publisher.status === 'ready' && subscriber.status === 'ready',
    onGap: (listener) => {
      gapListeners.add(listener);
      return () => gapListeners.delete(listener);
    },
    close: async () => {
      gapListeners.clear();
      await local.close();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
