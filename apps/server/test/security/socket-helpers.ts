/**
 * Real-socket clients for the socket tests (load, caps, revocation, two instances): raw WebSockets
 * and the Hocuspocus provider as the web app makes it, each ended by `endAll` even when a test fails.
 */
import type { AddressInfo } from 'node:net';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import * as Y from 'yjs';

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `127.0.0.1:${port}`;
}

export async function until(predicate: () => boolean, timeoutMs = 3000, what = 'condition') {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

const cleanups: Array<() => void> = [];

/** Ends every socket and client opened since the last call. */
export function endAll() {
  for (const cleanup of cleanups.splice(0)) cleanup();
}

export function rawSocket(
  host: string,
  path: string,
  cookie?: string,
  headers: Record<string, string> = {},
): WebSocket {
  const socket = new WebSocket(`ws://${host}${path}`, {
    headers: { origin: `http://${host}`, ...(cookie ? { cookie } : {}), ...headers },
  });
  // A refused handshake or a reset is an outcome the tests read from 'close', not a crash.
  socket.on('error', () => {});
  cleanups.push(() => socket.terminate());
  return socket;
}

export interface Closed {
  code: number;
  at: number;
}

export function closeOf(socket: WebSocket): Promise<Closed> {
  return new Promise((resolve) => socket.once('close', (code) => resolve({ code, at: Date.now() })));
}

/** /api/events as the web client opens it; `ready` once the server said so, false if closed first. */
export async function openEvents(host: string, cookie: string, headers: Record<string, string> = {}) {
  const socket = rawSocket(host, '/api/events', cookie, headers);
  const closed = closeOf(socket);
  const messages: Array<{ type: string }> = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const ready = await Promise.race([
    new Promise<boolean>((resolve) => socket.once('message', () => resolve(true))),
    closed.then(() => false),
  ]);
  return { socket, ready, closed, messages };
}

/** A co-editing client as the web app makes one (Hocuspocus provider, session cookie). */
export function collabClient(host: string, cookie: string, noteId: string) {
  const doc = new Y.Doc();
  const sockets: WebSocket[] = [];
  const closes: number[] = [];
  let destroyed = false;
  const websocketProvider = new HocuspocusProviderWebsocket({
    url: `ws://${host}/collab`,
    WebSocketPolyfill: class extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { cookie, origin: `http://${host}` } });
        sockets.push(this);
        this.once('close', (code) => closes.push(code));
        // The provider drops its listeners from a socket it gives up on while it still connects;
        // the error ws then emits would be thrown without one.
        this.on('error', () => {});
        // The provider reconnects on a timer even after destroy(); such late sockets end at once.
        if (destroyed) this.once('open', () => this.terminate());
      }
    } as unknown as typeof globalThis.WebSocket,
  });
  let failure: string | null = null;
  const provider = new HocuspocusProvider({
    websocketProvider,
    name: `note:${noteId}`,
    document: doc,
    token: 'session-cookie',
    onAuthenticationFailed: ({ reason }) => {
      failure = reason;
    },
  });
  provider.attach();
  let ended = false;
  const destroy = () => {
    destroyed = true;
    if (ended) return;
    // Ending a socket still connecting rejects the provider's own connect attempt, unhandled: wait.
    const connecting = sockets.find((socket) => socket.readyState === WebSocket.CONNECTING);
    if (connecting) {
      connecting.once('open', destroy);
      connecting.once('close', destroy);
      return;
    }
    ended = true;
    provider.destroy();
    websocketProvider.destroy();
    for (const socket of sockets) socket.terminate();
  };
  cleanups.push(destroy);
  const synced = new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  return {
    doc,
    synced,
    /** The first socket this client opened (later ones are reconnects). */
    firstSocket: () => sockets[0] as WebSocket,
    sockets,
    closes,
    failure: () => failure,
    text: () => doc.getXmlFragment('default').toString(),
    destroy,
  };
}

export function typeParagraph(doc: Y.Doc, text: string) {
  doc.transact(() => {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(text)]);
    const fragment = doc.getXmlFragment('default');
    fragment.insert(fragment.length, [paragraph]);
  });
}
