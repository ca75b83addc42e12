import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * One write per socket per event-loop turn (decision 078). Hocuspocus sends each update to every
 * connection of the document as it is applied, and each `ws` send is a system call of its own
 * (`writev`: 28 % of the server's time at 150 clients, the largest item in the profile). A socket
 * sent to is corked until the turn's I/O is done (`setImmediate`), so the frames of every update
 * applied in that turn leave in one write: the same frames, in the same order, at most one turn
 * later. An idle server sends one update per turn, as before; a busy one catches up in fewer writes.
 */
const corked = new Set<Socket>();
let flushScheduled = false;

function flush() {
  flushScheduled = false;
  const sockets = [...corked];
  corked.clear();
  for (const raw of sockets) {
    try {
      raw.uncork();
    } catch {
      // A socket that fails here is closed by its own error handling; the others still go out.
    }
  }
}

/** Wraps `socket.send` (the one door Hocuspocus sends through) for the connection on `raw`. */
export function batchSends(socket: WebSocket, raw: Socket) {
  const send = socket.send.bind(socket);
  socket.send = ((...args: Parameters<WebSocket['send']>) => {
    if (!corked.has(raw) && !raw.destroyed) {
      raw.cork();
      corked.add(raw);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    }
    return send(...args);
  }) as WebSocket['send'];
}
