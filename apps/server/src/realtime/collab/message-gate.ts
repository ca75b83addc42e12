import { opsMetrics } from '../../ops/metrics';
import { CLOSE, type GuardedSocket, meterMessages, refuseSocket, type SocketLimits } from '../socket-guard';
import { documentNameOf } from '../update-validator';
import { noteIdOf } from './context';

/**
 * Sits in front of Hocuspocus' own listener (it patches the socket's `emit`, the one place every
 * message passes): the message budget, and a cap on messages for documents the socket is not (yet)
 * admitted to, which Hocuspocus would otherwise queue without limit.
 */
export function gateMessages(guarded: GuardedSocket, limits: SocketLimits) {
  const { socket } = guarded;
  const withinBudget = meterMessages(guarded, limits);
  /** Messages Hocuspocus queued and replays itself once the document is open: already counted. */
  const queued = new WeakSet<object>();
  let pending = 0;
  let pendingBytes = 0;
  let admittedDocuments = 0;
  // ws closes a frame over maxPayloadBytes itself (1009) before any listener sees it.
  socket.once('close', (code: number) => {
    if (code !== 1009) return;
    opsMetrics.socketRefused({ code, reason: 'Message too big' });
    opsMetrics.collabUpdateRejected('size');
  });
  const emit = socket.emit.bind(socket);
  socket.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event !== 'message') return emit(event, ...args);
    const data = args[0];
    if (!(data instanceof Uint8Array)) {
      refuseSocket(socket, CLOSE.malformed);
      return false;
    }
    if (queued.has(data)) return emit(event, ...args);
    if (guarded.revoked) return false;
    if (!withinBudget(data)) {
      opsMetrics.collabUpdateRejected('rate');
      return false;
    }
    const documentName = documentNameOf(data);
    const noteId = documentName === null ? null : noteIdOf(documentName);
    if (noteId === null) {
      guarded.revoked = CLOSE.malformed;
      refuseSocket(socket, CLOSE.malformed);
      return false;
    }
    if (guarded.documents.size !== admittedDocuments) {
      admittedDocuments = guarded.documents.size;
      pending = 0;
      pendingBytes = 0;
    }
    if (!guarded.documents.has(noteId)) {
      pending += 1;
      pendingBytes += data.byteLength;
      if (pending > limits.maxPendingMessages || pendingBytes > limits.maxPendingBytes) {
        opsMetrics.collabUpdateRejected('pending');
        guarded.revoked = CLOSE.tooManyMessages;
        refuseSocket(socket, CLOSE.tooManyMessages);
        return false;
      }
      queued.add(data);
    }
    return emit(event, ...args);
  }) as typeof socket.emit;
}
