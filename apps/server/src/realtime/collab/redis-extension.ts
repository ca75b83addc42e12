import type {
  afterStoreDocumentPayload,
  Extension,
  onChangePayload,
  onStoreDocumentPayload,
} from '@hocuspocus/server';
import { IncomingMessage, MessageType, OutgoingMessage } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import * as Y from 'yjs';
import { logRedisErrors } from '../../logging';

/** y-protocols' sync message carrying one update (`messageYjsUpdate`). */
const SYNC_UPDATE = 2;
/**
 * How long a store lock lives if its holder never releases it (crashed mid-store): past a slow
 * store under load, so two instances' stores of one note never overlap (Hocuspocus' default is 1 s).
 */
const LOCK_TTL_MS = 3000;
/** How long a store waits for another instance's store of the same note: past one lock's life. */
const LOCK_WAIT_MS = LOCK_TTL_MS + 1000;
/** Between attempts at a held lock (plus as much again at random, so two waiters do not collide). */
const LOCK_RETRY_MS = 25;

/** Hocuspocus' extension throws this (no message, so nothing is logged) when another instance holds the lock. */
const lockHeldElsewhere = (err: unknown) =>
  err instanceof Error &&
  err.message === '' &&
  typeof err.cause === 'string' &&
  err.cause.startsWith('Could not acquire lock');

type IncomingHandler = (channel: Buffer, data: Buffer) => unknown;

/**
 * Several instances share open documents through Redis (decision 018). Loaded only when REDIS_URL
 * is set; the embedded default never needs it. Its priority puts it before our own extensions (it
 * takes the store lock before persistence writes).
 *
 * Hocuspocus' extension answers every change with a sync exchange between the instances: its
 * state vector out, every other instance's diff and state vector back, the change itself last
 * (four messages a keystroke, each with a state vector or a diff computed). Here (decision 107) a
 * change goes out as the update itself, applied as it comes in; the full exchange stays where it
 * heals: when an instance loads a document (Hocuspocus' own) and after each store, so a message
 * Redis lost (it keeps none for a subscriber that reconnects) is made good within a store's
 * debounce while anyone types.
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

  const dropped = (err: unknown, document: string) =>
    log.error({ err, document }, 'could not apply a co-editing update from Redis');

  class UpdateRelay extends RedisExtension {
    constructor() {
      super({
        // The URL as given (rediss:// is TLS, user, password, database), with errors in our log.
        createClient: () => {
          const client = new Redis(redisUrl);
          logRedisErrors(client, log, 'co-editing');
          return client;
        },
        prefix: `${deps.redisPrefix ?? ''}notewise:collab`,
        lockTimeout: LOCK_TTL_MS,
      });
      // Its handler is a private field, registered in its constructor: updates are taken here first.
      const own = this as unknown as { handleIncomingMessage: IncomingHandler };
      const original = own.handleIncomingMessage;
      this.sub.off('messageBuffer', original);
      this.sub.on('messageBuffer', (channel: Buffer, data: Buffer) => {
        if (this.applyUpdate(data)) return;
        // Its handler is async: a message it cannot read rejects, which nothing else would catch.
        Promise.resolve()
          .then(() => original(channel, data))
          .catch((err: unknown) =>
            dropped(err, channel.toString('utf-8').slice(this.configuration.prefix.length + 1)),
          );
      });
    }

    private publishMessage(documentName: string, bytes: Uint8Array) {
      return this.pub.publish(
        `${this.configuration.prefix}:${documentName}`,
        Buffer.concat([this.messagePrefix, Buffer.from(bytes)]),
      );
    }

    /** An update from another instance, applied as Hocuspocus applies a sync step from Redis; false for any other message. */
    private applyUpdate(data: Buffer): boolean {
      const identifierLength = data[0] ?? 0;
      if (data.toString('utf-8', 1, identifierLength + 1) === this.configuration.identifier) return true;
      let documentName = '';
      try {
        const message = new IncomingMessage(data.subarray(identifierLength + 1));
        documentName = message.readVarString();
        if (message.readVarUint() !== MessageType.Sync || message.readVarUint() !== SYNC_UPDATE) return false;
        const document = this.instance.documents.get(documentName);
        if (document) Y.applyUpdate(document, message.readVarUint8Array(), this.redisTransactionOrigin);
      } catch (err) {
        // A malformed message is dropped (thrown here, it would end the Redis client's reading).
        dropped(err, documentName);
      }
      return true;
    }

    override async onChange({ documentName, transactionOrigin, update }: onChangePayload) {
      if (transactionOrigin === this.redisTransactionOrigin) return;
      await this.publishMessage(
        documentName,
        new OutgoingMessage(documentName).createSyncMessage().writeUpdate(update).toUint8Array(),
      );
    }

    /**
     * Hocuspocus' extension skips a store when another instance holds the note's lock, and nothing
     * stores it again until someone types there: at shutdown, or when both instances' debounces
     * fire together, the skipped instance's last updates stayed out of the stored text (decision
     * 110). Here the store waits for the holder instead (decision 111), inside the document's own
     * store (so at most one waits per document, and the document stays loaded meanwhile), and then
     * stores, merged with what the holder stored (persistence-extension.ts).
     */
    override async onStoreDocument(payload: onStoreDocumentPayload) {
      const deadline = Date.now() + LOCK_WAIT_MS;
      for (;;) {
        try {
          return await super.onStoreDocument(payload);
        } catch (err) {
          if (!lockHeldElsewhere(err)) throw err;
          if (Date.now() >= deadline) {
            // The holder never let go: the updates stay logged, folded by the next store, load or start.
            log.warn(
              { document: payload.documentName },
              'co-editing store skipped: another instance held its lock',
            );
            throw err;
          }
          await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS * (1 + Math.random())));
        }
      }
    }

    override async afterStoreDocument(payload: afterStoreDocumentPayload) {
      await this.publishMessage(
        payload.documentName,
        new OutgoingMessage(payload.documentName)
          .createSyncMessage()
          .writeFirstSyncStepFor(payload.document)
          .toUint8Array(),
      );
      await super.afterStoreDocument(payload);
    }
  }

  return new UpdateRelay();
}
