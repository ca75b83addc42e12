/**
 * Real-socket clients for the socket tests (load, caps, revocation, two instances): raw WebSockets
 * and the Hocuspocus provider as the web app makes it, each ended by `endAll` even when a test fails.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import {
  type CollabClient,
  collabClient as openCollabClient,
  until as waitUntil,
} from '../support/collab-client';

export { typeParagraph } from '../support/collab-client';

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `127.0.0.1:${port}`;
}

/** `until` of support/collab-client.ts with these tests' shorter default. */
export const until = (predicate: () => boolean | Promise<boolean>, timeoutMs = 3000, what = 'condition') =>
  waitUntil(predicate, timeoutMs, what);

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

/** A co-editing client as the web app makes one, ended by `endAll`. */
export function collabClient(host: string, cookie: string, noteId: string): CollabClient {
  const client = openCollabClient(host, cookie, noteId);
  cleanups.push(client.destroy);
  return client;
}
