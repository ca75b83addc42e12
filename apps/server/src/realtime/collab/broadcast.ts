import { type Connection, Document, OutgoingMessage } from '@hocuspocus/server';

/**
 * Hocuspocus' fan-out, replaced in this one file (decision 078). Its Document encodes every message
 * anew for each connection: a document update is copied once per connection, and an awareness
 * change (a cursor moving, once per keystroke in the editor) is encoded from the states, JSON and
 * all, once per connection. Hocuspocus has no hook or option for its broadcast, so the two methods
 * its constructor binds are replaced on the prototype, before any document exists:
 *
 * - an update is encoded once and the same bytes go to every connection (as before, the sender too);
 * - awareness changes are collected per document and sent once per event-loop turn, encoded once,
 *   for every client that changed in that turn (y-protocols awareness carries each client's latest
 *   state with its clock, so one message for the turn says what the several said).
 *
 * Checked against the Hocuspocus version in package.json: `installBroadcast` throws if the methods
 * it replaces are gone, so an upgrade that changes them fails at start, not silently.
 */
interface AwarenessChange {
  added: number[];
  updated: number[];
  removed: number[];
}

interface DocumentInternals {
  name: string;
  isDestroyed: boolean;
  awareness: Document['awareness'];
  connections: Map<unknown, { clients: Set<number>; connection: Connection }>;
  callbacks: { onUpdate: (document: Document, connection: Connection, update: Uint8Array) => void };
  handleUpdate(update: Uint8Array, origin: Connection): DocumentInternals;
  handleAwarenessUpdate(change: AwarenessChange, origin: unknown): DocumentInternals;
}

const changedClients = new Map<DocumentInternals, Set<number>>();
let awarenessFlushScheduled = false;

function sendToAll(document: DocumentInternals, bytes: Uint8Array) {
  // A copy: a failed send closes its connection, which leaves the map.
  for (const { connection } of [...document.connections.values()]) connection.send(bytes);
}

function flushAwareness() {
  awarenessFlushScheduled = false;
  const batch = [...changedClients];
  changedClients.clear();
  for (const [document, clients] of batch) {
    if (document.isDestroyed || document.connections.size === 0) continue;
    const message = new OutgoingMessage(document.name).createAwarenessUpdateMessage(document.awareness, [
      ...clients,
    ]);
    sendToAll(document, message.toUint8Array());
  }
}

let installed = false;

export function installBroadcast() {
  if (installed) return;
  const prototype = Document.prototype as unknown as DocumentInternals;
  if (typeof prototype.handleUpdate !== 'function' || typeof prototype.handleAwarenessUpdate !== 'function') {
    throw new Error('Hocuspocus Document no longer has handleUpdate/handleAwarenessUpdate: see broadcast.ts');
  }
  installed = true;

  prototype.handleUpdate = function handleUpdate(this: DocumentInternals, update, origin) {
    this.callbacks.onUpdate(this as unknown as Document, origin, update);
    sendToAll(this, new OutgoingMessage(this.name).createSyncMessage().writeUpdate(update).toUint8Array());
    return this;
  };

  prototype.handleAwarenessUpdate = function handleAwarenessUpdate(
    this: DocumentInternals,
    { added, updated, removed },
    origin,
  ) {
    // Which clients each connection speaks for (to remove their states when it closes): at once.
    const entry = origin === null ? undefined : this.connections.get(origin);
    if (entry) {
      for (const id of added) entry.clients.add(id);
      for (const id of removed) entry.clients.delete(id);
    }
    const pending = changedClients.get(this) ?? new Set<number>();
    for (const id of added) pending.add(id);
    for (const id of updated) pending.add(id);
    for (const id of removed) pending.add(id);
    changedClients.set(this, pending);
    if (!awarenessFlushScheduled) {
      awarenessFlushScheduled = true;
      setImmediate(flushAwareness);
    }
    return this;
  };
}
