import { Connection, IncomingMessage, MessageReceiver } from '@hocuspocus/server';

/**
 * A connection's messages applied in the order they arrived (decision 085). Hocuspocus 3.4 applies a
 * message as soon as its `beforeHandleMessage` hooks resolve, with nothing keeping a connection's
 * messages in order (ueberdosis/hocuspocus#880). Our persistence hook resolves once the update's
 * row is committed (decision 018), and on PostgreSQL the log's batches (decision 070) run on several
 * pool connections: a later batch can commit first. The later keystroke was then applied first,
 * held back by Yjs for want of the one before it (no event, so no broadcast), and went out merged
 * into the earlier one's broadcast: the fan-out test saw about one update in ten reach no one on
 * its own.
 *
 * Here a message's hooks still start at once (so the log still batches a turn's updates), but it is
 * applied only after the connection's previous message was applied or refused. Same parsing, same
 * application and same close on a failure as Hocuspocus' own `handleMessage`, which this replaces
 * on the prototype; `installMessageOrder` throws at start if an upgrade removed it.
 */

/** Hocuspocus' ResetConnection (@hocuspocus/common), the close it sends when a message fails. */
const RESET = { code: 4205, reason: 'Reset Connection' };

/** Per connection: settles once its latest message was applied or refused (never rejects). */
const applied = new WeakMap<Connection, Promise<void>>();

function closeFor(connection: Connection, documentName: string, error: unknown) {
  const e = (error ?? {}) as { code?: number; reason?: string };
  console.error(
    `closing connection ${connection.socketId} (while handling ${documentName}) because of exception`,
    error,
  );
  connection.close({ code: e.code ?? RESET.code, reason: e.reason ?? RESET.reason });
}

let installed = false;

export function installMessageOrder() {
  if (installed) return;
  const prototype = Connection.prototype;
  if (typeof prototype.handleMessage !== 'function' || prototype.handleMessage.length !== 1) {
    throw new Error('Hocuspocus Connection.handleMessage changed: see message-order.ts');
  }
  installed = true;

  prototype.handleMessage = function handleMessage(this: Connection, data: Uint8Array) {
    const message = new IncomingMessage(data);
    const documentName = message.readVarString();
    if (documentName !== this.document.name) return;
    message.writeVarString(documentName);
    // Started now, as Hocuspocus does: the hooks of several messages may run at the same time.
    const hooks = this.callbacks.beforeHandleMessage(this, data);
    // Keeps an unhandled rejection away while the previous message is still being applied.
    hooks.catch(() => {});
    const previous = applied.get(this) ?? Promise.resolve();
    const done = previous
      .then(() => hooks)
      .then(
        () => {
          try {
            new MessageReceiver(message).apply(this.document, this);
          } catch (error) {
            closeFor(this, documentName, error);
          }
        },
        (error: unknown) => closeFor(this, documentName, error),
      );
    applied.set(this, done);
  };
}
