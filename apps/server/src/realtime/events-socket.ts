import type {} from '@fastify/websocket';
import type { RealtimeEvent } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { EventBus } from '../events/event-bus';
import { meterMessages, type SocketGuard, type SocketLimits } from './socket-guard';

/** docs/product.md §9: realtime events per second per connection. */
export const MAX_EVENTS_PER_SECOND = 10;
const FLUSH_INTERVAL_MS = 100;
const HEARTBEAT_MS = 30_000;

function coalesceKey(event: RealtimeEvent): string {
  // Every voice turn counts (a transcript line); a call's notes collapse into the newest.
  if (event.type === 'voice.turn') return `${event.type}:${event.turn.id}`;
  if (event.type === 'voice.notes') return `${event.type}:${event.callId}`;
  return `${event.type}:${event.noteId ?? event.projectId ?? ''}`;
}

/**
 * Per-connection outbox: repeated changes to one object collapse into the latest, and at most 10
 * messages a second go out; a backlog larger than that becomes one 'resync' (refetch everything).
 */
export class Outbox {
  private readonly pending = new Map<string, RealtimeEvent>();
  private tokens = MAX_EVENTS_PER_SECOND;
  private lastRefill: number | null = null;

  constructor(private readonly send: (event: RealtimeEvent) => void) {}

  push(event: RealtimeEvent) {
    const key = coalesceKey(event);
    this.pending.delete(key);
    this.pending.set(key, event);
  }

  flush(now = Date.now()) {
    const elapsed = this.lastRefill === null ? 0 : Math.max(0, now - this.lastRefill);
    this.tokens = Math.min(MAX_EVENTS_PER_SECOND, this.tokens + (elapsed / 1000) * MAX_EVENTS_PER_SECOND);
    this.lastRefill = now;
    if (this.pending.size === 0 || this.tokens < 1) return;
    if (this.pending.size > MAX_EVENTS_PER_SECOND) {
      this.pending.clear();
      this.tokens -= 1;
      this.send({ type: 'resync' });
      return;
    }
    for (const [key, event] of this.pending) {
      if (this.tokens < 1) break;
      this.pending.delete(key);
      this.tokens -= 1;
      this.send(event);
    }
  }
}

/**
 * GET /api/events (WebSocket): pushes the changes the signed-in user may see. Admitted on the upgrade
 * request (socket-guard.ts: session, Origin, caps; refused with 4401, which the client takes as
 * signed out); the client sends nothing, so anything it sends only counts against its budget.
 */
export function registerEventsSocket(
  app: FastifyInstance,
  bus: EventBus,
  guard: SocketGuard,
  limits: SocketLimits,
) {
  const sockets = new Set<WebSocket>();

  app.get('/api/events', { websocket: true, preValidation: guard.admit }, (socket, request) => {
    const guarded = guard.accept(socket, request, 'events');
    if (!guarded) return;
    const { user } = guarded;
    sockets.add(socket);
    const withinBudget = meterMessages(guarded, limits);
    socket.on('message', withinBudget);
    const outbox = new Outbox((event) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    });
    const unsubscribe = bus.subscribe((message) => {
      if (message.audience.includes(user.id)) outbox.push(message.event);
    });
    const flusher = setInterval(() => outbox.flush(), FLUSH_INTERVAL_MS);
    let alive = true;
    socket.on('pong', () => {
      alive = true;
    });
    const heartbeat = setInterval(() => {
      if (!alive) socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    socket.on('close', () => {
      sockets.delete(socket);
      unsubscribe();
      clearInterval(flusher);
      clearInterval(heartbeat);
    });
    socket.send(JSON.stringify({ type: 'ready' }));
  });

  app.addHook('onClose', async () => {
    for (const socket of sockets) socket.close(1001, 'Server shutting down');
  });
}
