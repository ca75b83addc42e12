/**
 * The live-events client (ARCHITECTURE 7): one WebSocket to /api/events while someone is signed in.
 * Each change event marks the cached queries it affects stale (active ones refetch), so a second tab or
 * a second member sees a new note, a rename, a move or a deletion without reloading.
 *
 * Only types come from '@notewise/shared' and values from its zod-free '/events' entry: this file is
 * on the first route's chunk, and the schemas (zod) are not.
 */
import type { ChangeEvent, Note, NoteSummary } from '@notewise/shared';
import { CHANGE_EVENT_TYPES } from '@notewise/shared/events';
import { partialMatchKey, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { ME_QUERY_KEY, useAuth } from '@/features/auth';
import { noteKeys } from '@/features/notes/queries';
import { projectKeys } from '@/features/projects';
import { sharedProjectKeys } from '@/features/shared-projects';
import { api, isApiError } from '@/lib/api';

// ---------------------------------------------------------------------------------------------------
// Status: for the UI ("Live") and for tests, mirrored on <html data-realtime="...">.

/**
 * off: nobody signed in (or the server refused the session); connecting: first attempt, no 'ready'
 * yet; connected: the server said 'ready' and events flow; disconnected: lost, retrying with backoff.
 */
export type RealtimeStatus = 'off' | 'connecting' | 'connected' | 'disconnected';

let currentStatus: RealtimeStatus = 'off';
const statusListeners = new Set<() => void>();

function setStatus(next: RealtimeStatus): void {
  if (next === currentStatus) return;
  currentStatus = next;
  document.documentElement.dataset.realtime = next;
  for (const listener of statusListeners) listener();
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Whether live updates are flowing right now. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    subscribeStatus,
    () => currentStatus,
    () => 'off',
  );
}

// ---------------------------------------------------------------------------------------------------
// Event -> query keys. Each key is a prefix (TanStack's partial matching, objects matched by their
// given fields), so `[...noteKeys.lists(), { projectId }]` hits that project's lists whatever else
// they filter by.

const EVENT_TYPES = new Set<ChangeEvent['type']>(CHANGE_EVENT_TYPES);

/** `voice.*` events are re-dispatched on window under this name for the (lazy) voice card. */
export const VOICE_EVENT_NAME = 'notewise:voice';

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

/**
 * Note lists and pins are paged (decision 015): a note event does not make them stale (that would
 * refetch every loaded page); the note is fetched once and patched into the loaded pages instead
 * (`notesToPatch`). Their counters are a cheap query of their own and are refetched.
 */
export function notesToPatch(event: ChangeEvent): string | null {
  const patched =
    event.type === 'note.created' || event.type === 'note.updated' || event.type === 'pin.changed';
  return patched && event.noteId ? event.noteId : null;
}

/** The query keys (prefixes) an event makes stale; 'all' for a resync. */
export function staleKeysFor(event: ChangeEvent, userId: string): QueryKey[] | 'all' {
  const { noteId } = event;
  switch (event.type) {
    case 'resync':
      return 'all';
    case 'note.created':
      return [
        noteKeys.allCounts(),
        noteKeys.firstPages(),
        noteKeys.searches(),
        projectKeys.all, // note counts
        sharedProjectKeys.all, // item counts, last modified
      ];
    case 'note.updated':
      return [
        noteKeys.allCounts(),
        noteKeys.firstPages(),
        noteKeys.searches(),
        ...(noteId ? [noteKeys.detail(noteId)] : []),
        // A change (or move) touches its projects' last-modified time, order and counts.
        projectKeys.all,
        sharedProjectKeys.all,
      ];
    case 'note.deleted':
      // removeNoteFromCache takes it out of the loaded pages at once.
      return [
        noteKeys.allCounts(),
        noteKeys.firstPages(),
        noteKeys.searches(),
        ...(noteId ? [noteKeys.detail(noteId)] : []),
        projectKeys.all,
        sharedProjectKeys.all,
      ];
    case 'pin.changed':
      // Pins are per user: the flag shows in every list, the pins, search results and the note.
      return [
        noteKeys.allCounts(),
        noteKeys.firstPages(),
        noteKeys.searches(),
        ...(noteId ? [noteKeys.detail(noteId)] : []),
      ];
    case 'project.created':
      return [projectKeys.lists(), sharedProjectKeys.all];
    case 'project.updated':
      return [projectKeys.all, sharedProjectKeys.all];
    case 'project.deleted':
      // Its notes went with it: every note list, pin and search result may have held one.
      return [projectKeys.all, sharedProjectKeys.all, noteKeys.all];
    case 'member.joined':
      // Member counts and lists; the joiner (maybe in another tab) now sees the project's notes too.
      return [projectKeys.all, sharedProjectKeys.all, ...(event.actorId === userId ? [noteKeys.all] : [])];
    case 'member.left':
      // Someone left or was removed; if it was this user, the project's notes are gone for them (the
      // event names the remover as actor, so there is no telling: refresh note data either way).
      return [projectKeys.all, sharedProjectKeys.all, noteKeys.all];
    default:
      return [];
  }
}

/** The list patching code loads with the first event, not with the first route. */
const loadNoteCache = () => import('@/features/notes/api/cache');

/** A deleted note leaves every loaded page, pin and search result. */
async function removeNoteFromCache(queryClient: QueryClient, noteId: string): Promise<void> {
  const { applyNoteChange } = await loadNoteCache();
  applyNoteChange(queryClient, { id: noteId } as NoteSummary, null);
}

/** The note as the list shows it (no content), or null once this user can no longer see it. */
async function fetchSummary(noteId: string): Promise<NoteSummary | null> {
  try {
    const { content: _content, ...summary } = await api.get<Note>(`/api/notes/${encodeURIComponent(noteId)}`);
    return summary;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** Puts the server's current version of each note where it now belongs in every loaded page. */
async function patchNotes(queryClient: QueryClient, noteIds: string[]): Promise<void> {
  const { applyNoteChange } = await loadNoteCache();
  await Promise.all(
    noteIds.map(async (noteId) => {
      try {
        applyNoteChange(queryClient, { id: noteId } as NoteSummary, await fetchSummary(noteId));
      } catch {
        // Offline or failing: fall back to refetching what may hold it.
        void queryClient.invalidateQueries({ queryKey: noteKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: noteKeys.pins() });
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Batching: a burst of events becomes one invalidation per affected query.

/** How long events collect before the cache is refreshed. */
export const REALTIME_BATCH_MS = 100;
/** Live co-editing sends a note.updated per burst of typing; lists need not follow every keystroke. */
const COLLAB_BATCH_MS = 1_000;

class InvalidationBatch {
  private keys: QueryKey[] = [];
  private noteIds = new Set<string>();
  private all = false;
  private timer: number | undefined;
  private dueAt = 0;

  constructor(private readonly queryClient: QueryClient) {}

  add(keys: QueryKey[] | 'all', delay: number, noteId: string | null = null): void {
    if (keys === 'all') this.all = true;
    else this.keys.push(...keys);
    if (noteId) this.noteIds.add(noteId);
    const due = Date.now() + delay;
    // Fire at the earliest deadline asked for; later events ride along (no starvation by a steady stream).
    if (this.timer !== undefined && this.dueAt <= due) return;
    window.clearTimeout(this.timer);
    this.dueAt = due;
    this.timer = window.setTimeout(() => this.flush(), delay);
  }

  flush(): void {
    window.clearTimeout(this.timer);
    this.timer = undefined;
    const { all, keys, noteIds } = this;
    this.all = false;
    this.keys = [];
    this.noteIds = new Set();
    if (all) {
      void this.queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0],
      });
      return;
    }
    if (noteIds.size > 0) void patchNotes(this.queryClient, [...noteIds]);
    if (keys.length === 0) return;
    // One pass with a predicate, so a query matched by several keys refetches once.
    void this.queryClient.invalidateQueries({
      predicate: (query) => keys.some((key) => partialMatchKey(query.queryKey, key)),
    });
  }

  dispose(): void {
    window.clearTimeout(this.timer);
    this.timer = undefined;
    this.keys = [];
    this.noteIds.clear();
    this.all = false;
  }
}

// ---------------------------------------------------------------------------------------------------
// The connection: reconnects with exponential backoff (1 s doubling to 30 s, with jitter), at once
// when the browser comes back online or the tab becomes visible; stops for good on 4401 (signed out).

const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;
const UNAUTHORIZED_CLOSE_CODE = 4401;

export function eventsUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/events`;
}

interface ConnectionHandlers {
  onEvent: (event: ChangeEvent) => void;
  /** Each 'ready'; `again` after a reconnect, when events may have been missed meanwhile. */
  onReady: (again: boolean) => void;
  /** The server closed with 4401: the session is gone. */
  onUnauthorized: () => void;
}

class EventsConnection {
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
    setStatus('off');
  }

  private connect(): void {
    if (this.stopped) return;
    setStatus(this.wasReady ? 'disconnected' : 'connecting');
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
        setStatus('connected');
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
        setStatus('off');
        this.handlers.onUnauthorized();
        return;
      }
      this.scheduleRetry();
    };
    // An error is always followed by a close, which schedules the retry.
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    setStatus(this.wasReady ? 'disconnected' : 'connecting');
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

/**
 * Keeps the live-events connection open while someone is signed in, and applies its events to the
 * query cache. Mount once, inside the query client and auth providers.
 */
export function RealtimeEvents(): null {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;

  useEffect(() => {
    if (!userId || typeof WebSocket === 'undefined') return;
    const batch = new InvalidationBatch(queryClient);
    const connection = new EventsConnection(eventsUrl(), {
      onEvent: (event) => {
        if (event.type === 'note.deleted' && event.noteId)
          void removeNoteFromCache(queryClient, event.noteId);
        const collabEdit = event.type === 'note.updated' && event.source === 'collab';
        batch.add(
          staleKeysFor(event, userId),
          collabEdit ? COLLAB_BATCH_MS : REALTIME_BATCH_MS,
          notesToPatch(event),
        );
      },
      onReady: (again) => {
        // Whatever changed while the connection was down was not pushed: refresh everything.
        if (again) batch.add('all', REALTIME_BATCH_MS);
      },
      onUnauthorized: () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    });
    connection.start();
    return () => {
      connection.stop();
      batch.dispose();
    };
  }, [queryClient, userId]);

  return null;
}
