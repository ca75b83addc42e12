import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as decoding from 'lib0/decoding';
import { WebSocket, WebSocketServer } from 'ws';

/**
 * The co-editing bench's limit: a WebSocket server that only passes each Yjs update message on, the
 * same bytes, to every other socket of the same document (and each awareness message, the cursors). No authentication, validation, log,
 * document or storage: what the machine does for the fan-out alone.
 */
const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;

export async function startRelay() {
  const server = http.createServer();
  const wss = new WebSocketServer({ server, path: '/collab' });
  const rooms = new Map<string, Set<WebSocket>>();
  wss.on('connection', (socket) => {
    let room: Set<WebSocket> | undefined;
    socket.on('message', (data: Buffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      const name = decoding.readVarString(decoder);
      if (!room) {
        // A client's first message (its auth, as to the app) names its document.
        room = rooms.get(name) ?? new Set();
        rooms.set(name, room);
        room.add(socket);
      }
      const type = decoding.readVarUint(decoder);
      if (type !== MESSAGE_SYNC && type !== MESSAGE_AWARENESS) return;
      for (const other of room) if (other !== socket && other.readyState === WebSocket.OPEN) other.send(data);
    });
    socket.on('close', () => room?.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    close: async () => {
      for (const socket of wss.clients) socket.terminate();
      await new Promise((resolve) => wss.close(resolve));
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
