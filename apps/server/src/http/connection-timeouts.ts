import type { Server } from 'node:http';

/**
 * How long a connection may take to send its request headers (a WebSocket upgrade included), and
 * how long it may stay silent after connecting. A browser sends its headers in one packet; an
 * attacker holding thousands of unfinished handshakes would otherwise keep each one for 60-90 s
 * (Node's headersTimeout, checked every 30 s), or forever when it sends nothing at all.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
const CHECK_INTERVAL_MS = 1_000;

/** Call before listen(): Node starts its connection check on 'listening' with the interval set then. */
export function limitUnfinishedConnections(server: Server) {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  // A createServer option Node also reads from the server when it starts listening (untyped there).
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    CHECK_INTERVAL_MS;
  // Node's header timer starts with the first byte; a connection that sends none is never checked.
  server.on('connection', (socket) => {
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, HEADERS_TIMEOUT_MS).unref();
    socket.once('close', () => clearTimeout(silent));
  });
}
