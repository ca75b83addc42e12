import { HocuspocusProvider, WebSocketStatus } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { rememberYdoc, ydocName } from '@/features/offline';
import { type CollabState, INITIAL_COLLAB_STATE } from './collab-state';
import { type AwarenessUser, peopleFromStates, peopleKey } from './presence';

/** The server's Y.XmlFragment of a note (TipTap's default field). */
export const COLLAB_FIELD = 'default';
/** Unconfirmed changes must stay at zero this long before the indicator says 'Saved'. */
const SAVED_SETTLE_MS = 400;

export function collabUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/collab`;
}

/**
 * One note's co-editing connection: a Yjs document synced with the server's through Hocuspocus
 * (document `note:{id}`), plus the state a UI shows (connection, save state, people), as an external
 * store for useSyncExternalStore. The session cookie authenticates the WebSocket; the token the
 * protocol requires is a placeholder.
 */
export class CollabSession {
  readonly doc = new Y.Doc();
  readonly provider: HocuspocusProvider;
  private state: CollabState = INITIAL_COLLAB_STATE;
  private readonly listeners = new Set<() => void>();
  private settleTimer: number | undefined;
  private syncWaiters = new Set<() => void>();
  /** A local edit happened since the server last confirmed everything. */
  private localEdits = false;
  /** The server accepted this user in the current attempt (a refusal after that is a server failure). */
  private admitted = false;
  private destroyed = false;
  /**
   * This browser's copy of the document (y-indexeddb, decision 024): edits made offline survive a
   * reload or a closed tab and merge with the server's when the connection is back (Yjs merges).
   */
  private readonly persistence: IndexeddbPersistence | null;

  constructor(
    readonly noteId: string,
    private user: AwarenessUser,
    url = collabUrl(),
  ) {
    // Before the provider's own listener (so this runs first): marks edits made here, which the
    // indicator then reports until the server confirms them. Updates the provider applies are theirs.
    this.doc.on('update', this.onDocUpdate);
    this.persistence = typeof indexedDB === 'undefined' ? null : this.persistLocally(noteId, user.id);
    this.provider = new HocuspocusProvider({
      url,
      name: `note:${noteId}`,
      document: this.doc,
      token: 'session',
    });
    const { provider } = this;
    // Announced at once (CollaborationCaret repeats it), so the others see this user while the
    // editor is still loading.
    provider.setAwarenessField('user', user);
    provider.on('synced', this.onSynced);
    provider.on('status', this.onStatus);
    provider.on('open', this.onAttempt);
    provider.on('authenticated', this.onAdmitted);
    provider.on('authenticationFailed', this.onRefused);
    provider.on('close', this.onClosed);
    provider.on('unsyncedChanges', this.onUnsyncedChanges);
    provider.awareness?.on('change', this.onAwarenessChange);
    window.addEventListener('online', this.onBrowserOnline);
    window.addEventListener('offline', this.onBrowserOffline);
  }

  private persistLocally(noteId: string, userId: string): IndexeddbPersistence | null {
    try {
      const persistence = new IndexeddbPersistence(ydocName(userId, noteId), this.doc);
      void rememberYdoc(userId, noteId).catch(() => undefined);
      persistence.on('synced', this.onLocalCopyLoaded);
      return persistence;
    } catch (error) {
      console.warn('Keeping the note offline failed', error);
      return null;
    }
  }

  /** A copy kept from an earlier visit opens the editor while the server cannot be reached. */
  private onLocalCopyLoaded = () => {
    if (this.destroyed || this.stopped() || this.state.ready) return;
    if (this.doc.getXmlFragment(COLLAB_FIELD).length === 0) return;
    if (this.online() && this.provider.isSynced) return;
    this.update({ ready: true, connection: 'offline' });
  };

  /** For CollaborationCaret: what this client announces (its `user` awareness field). */
  get localUser(): AwarenessUser {
    return this.user;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): CollabState => this.state;

  /** Local edits the server has not confirmed (exact, unlike the indicator's settled `saving`). */
  hasUnsyncedChanges(): boolean {
    return this.localEdits && this.provider.hasUnsyncedChanges;
  }

  /** Resolves true once every local change is confirmed, or false after `timeoutMs`. */
  whenSynced(timeoutMs: number): Promise<boolean> {
    if (!this.hasUnsyncedChanges()) return Promise.resolve(true);
    if (this.stopped() || this.destroyed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (result: boolean) => {
        window.clearTimeout(timer);
        this.syncWaiters.delete(check);
        resolve(result);
      };
      const check = () => {
        if (!this.hasUnsyncedChanges()) done(true);
        else if (this.stopped() || this.destroyed) done(false);
      };
      const timer = window.setTimeout(() => done(false), timeoutMs);
      this.syncWaiters.add(check);
    });
  }

  /** A new display name (e.g. renamed in Settings): the others' carets and lists follow. */
  updateUser(user: AwarenessUser): void {
    this.user = user;
    if (!this.destroyed) this.provider.setAwarenessField('user', user);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    window.clearTimeout(this.settleTimer);
    window.removeEventListener('online', this.onBrowserOnline);
    window.removeEventListener('offline', this.onBrowserOffline);
    this.provider.awareness?.off('change', this.onAwarenessChange);
    // Also closes its WebSocket (the provider made it) and removes this client's presence.
    this.provider.destroy();
    // Closes the database; what it holds stays for the next visit (sign-out deletes it).
    void this.persistence?.destroy();
    this.doc.off('update', this.onDocUpdate);
    this.doc.destroy();
    for (const check of [...this.syncWaiters]) check();
    this.listeners.clear();
  }

  private update(patch: Partial<CollabState>): void {
    const next = { ...this.state, ...patch };
    if (
      next.connection === this.state.connection &&
      next.ready === this.state.ready &&
      next.saving === this.state.saving &&
      next.people === this.state.people
    )
      return;
    this.state = next;
    for (const check of [...this.syncWaiters]) check();
    for (const listener of [...this.listeners]) listener();
  }

  /** Refused or failed: no more attempts (a new session tries again). */
  private stopped(): boolean {
    return this.state.connection === 'denied' || this.state.connection === 'failed';
  }

  private online(): boolean {
    return typeof navigator === 'undefined' || navigator.onLine !== false;
  }

  private onSynced = () => {
    if (this.stopped()) return;
    this.update({ ready: true, connection: this.online() ? 'connected' : 'offline' });
    this.onUnsyncedChanges();
  };

  private onStatus = ({ status }: { status: WebSocketStatus }) => {
    if (this.stopped()) return;
    if (!this.state.ready) {
      // Opening: 'offline' once an attempt failed, until a socket is up again (the sync follows).
      if (status === WebSocketStatus.Disconnected) this.update({ connection: 'offline' });
      else if (status === WebSocketStatus.Connected) this.update({ connection: 'connecting' });
      return;
    }
    // Afterwards anything but a live socket is offline (edits wait locally).
    this.update({
      connection: status === WebSocketStatus.Connected && this.online() ? 'connected' : 'offline',
    });
  };

  private onAttempt = () => {
    this.admitted = false;
  };

  private onAdmitted = () => {
    this.admitted = true;
  };

  private onRefused = () => {
    // Refused before being let in: not (or no longer) a member, or the note moved or went away.
    // Refused after: the server could not load the document. Either way stop; the UI explains.
    this.provider.disconnect();
    window.clearTimeout(this.settleTimer);
    this.update({ connection: this.admitted ? 'failed' : 'denied', saving: false, people: [] });
  };

  private onClosed = () => {
    if (this.destroyed || this.stopped()) return;
    const socket = this.provider.configuration.websocketProvider;
    // The server closed this document but kept the socket (someone left or was removed, the note
    // moved): authenticate again at once. Members still allowed get back in; anyone else is refused
    // (authenticationFailed). A closed socket instead reconnects by itself, with backoff.
    if (socket.status === WebSocketStatus.Connected && socket.receivedOnOpenPayload) {
      void this.provider.onOpen(socket.receivedOnOpenPayload);
    }
  };

  private onDocUpdate = (_update: Uint8Array, origin: unknown) => {
    if (origin !== this.provider) this.localEdits = true;
  };

  private onUnsyncedChanges = () => {
    // The provider also counts its own sync handshake; only edits made here make it 'Saving...'.
    if (!this.provider.hasUnsyncedChanges) this.localEdits = false;
    if (this.provider.hasUnsyncedChanges && this.localEdits) {
      window.clearTimeout(this.settleTimer);
      this.settleTimer = undefined;
      this.update({ saving: true });
    } else if (this.state.saving && this.settleTimer === undefined) {
      this.settleTimer = window.setTimeout(() => {
        this.settleTimer = undefined;
        if (!this.provider.hasUnsyncedChanges) this.update({ saving: false });
      }, SAVED_SETTLE_MS);
    }
    // Exact waiters (whenSynced) do not wait for the settled indicator.
    for (const check of [...this.syncWaiters]) check();
  };

  private onAwarenessChange = () => {
    const awareness = this.provider.awareness;
    if (!awareness || this.stopped()) return;
    const people = peopleFromStates(awareness.getStates(), this.doc.clientID, this.user.id);
    if (peopleKey(people) !== peopleKey(this.state.people)) this.update({ people });
  };

  private onBrowserOffline = () => {
    if (!this.stopped()) this.update({ connection: 'offline' });
  };

  private onBrowserOnline = () => {
    if (this.stopped()) return;
    const socket = this.provider.configuration.websocketProvider;
    // Back online: try now instead of after the backoff delay.
    if (socket.status !== WebSocketStatus.Connected) void socket.connect();
    else this.update({ connection: this.state.ready ? 'connected' : 'connecting' });
  };
}
