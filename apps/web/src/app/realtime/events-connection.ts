// The connection: reconnects with exponential backoff (1 s doubling to 30 s, with jitter), at once
// when the browser comes back online or the tab becomes visible; stops for good on 4401 (signed out).
import type { ChangeEvent } from '@notewise/shared';
import { CHANGE_EVENT_TYPES } from '@notewise/shared/events';
import { VOICE_EVENT_NAME } from '@/lib/realtime-events';
import { setRealtimeStatus } from '@/lib/realtime-status';

const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;
const UNAUTHORIZED_CLOSE_CODE = 4401;

// Values from the zod-free '/events' entry: this file is on the first route's chunk, the schemas are not.
const EVENT_TYPES = new Set<ChangeEvent['type']>(CHANGE_EVENT_TYPES);

function parseEvent(data: unknown): ChangeEvent | { type: 'ready' } | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const type = (value as { type?: unknown }).type;
    if (type === 'ready') return { type: 'ready' };
    if (`${type}`.startsWith('voice.')) dispatchEvent(new CustomEvent(VOICE_EVENT_NAME, { detail: value }));
    return EVENT_TYPES.has(type as ChangeEvent['type']) ? (value as ChangeEvent) : null;
  } catch {
    return null;
  }
}

export function eventsUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/events`;
}

export interface ConnectionHandlers {
  onEvent: (event: ChangeEvent) => void;
  /** Each 'ready'; `again` after a reconnect, when events may have been missed meanwhile. */
  onReady: (again: boolean) => void;
  /** The server closed with 4401: the session is gone. */
  onUnauthorized: () => void;
}

export class EventsConnection {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private retryTimer: number | undefined;
  private stopped = false;
  private wasReady = false;

  constructor(
    private readonly url: string,
    private readonly handlers: ConnectionHandlers,
  ) {}

  start(): void {
    window.addEventListener('online', this.retryNow);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    window.clearTimeout(this.retryTimer);
    window.removeEventListener('online', this.retryNow);
    document.removeEventListener('visibilitychange', this.onVisibility);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onmessage = null;
      socket.onclose = null;
      socket.close(1000, 'Signed out');
    }
    setRealtimeStatus('off');
  }

  private connect(): void {
    if (this.stopped) return;
    setRealtimeStatus(this.wasReady ? 'disconnected' : 'connecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onmessage = (message) => {
      const event = parseEvent(message.data);
      if (!event) return;
      if (event.type === 'ready') {
        this.attempts = 0;
        setRealtimeStatus('connected');
        this.handlers.onReady(this.wasReady);
        this.wasReady = true;
        return;
      }
      this.handlers.onEvent(event);
    };
    socket.onclose = (close) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      if (close.code === UNAUTHORIZED_CLOSE_CODE) {
        setRealtimeStatus('off');
        this.handlers.onUnauthorized();
        return;
      }
      this.scheduleRetry();
    };
    // An error is always followed by a close, which schedules the retry.
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    setRealtimeStatus(this.wasReady ? 'disconnected' : 'connecting');
    const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** this.attempts);
    this.attempts += 1;
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    window.clearTimeout(this.retryTimer);
    this.retryTimer = window.setTimeout(() => this.connect(), delay);
  }

  private readonly retryNow = (): void => {
    if (this.stopped || this.socket) return;
    window.clearTimeout(this.retryTimer);
    this.attempts = 0;
    this.connect();
  };

  private readonly onVisibility = (): void => {
    if (document.visibilityState === 'visible') this.retryNow();
  };
}
