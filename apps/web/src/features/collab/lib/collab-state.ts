import type { CollabPerson } from './presence';

/**
 * connecting: opening the note (first sync not done yet); connected: live; offline: the connection
 * is lost after the note opened (edits stay local and sync on reconnect); denied: the server refused
 * this user (not, or no longer, a member); failed: the user was let in but the server could not open
 * the document. Neither of the last two is retried by itself.
 */
export type CollabConnection = 'connecting' | 'connected' | 'offline' | 'denied' | 'failed';

/** What a host shows about a co-edited note: the save state and who is here. */
export interface CollabState {
  connection: CollabConnection;
  /** The first sync finished: the editor shows the shared text. Stays true through reconnects. */
  ready: boolean;
  /**
   * Local changes the server has not confirmed yet. Turns true at once and false only after a short
   * quiet spell, so the indicator reads 'Saving...' while typing instead of flickering per key.
   */
  saving: boolean;
  /** The people with this note open, the current user first. */
  people: CollabPerson[];
}

export const INITIAL_COLLAB_STATE: CollabState = {
  connection: 'connecting',
  ready: false,
  saving: false,
  people: [],
};

/** The words of the save indicator (docs/design.md §2: saving states are words). */
export function saveStateLabel(state: CollabState): string {
  if (state.connection === 'denied') return 'No access';
  if (state.connection === 'failed') return 'Not connected';
  if (!state.ready) return 'Connecting...';
  if (state.connection === 'offline') return 'Offline';
  return state.saving ? 'Saving...' : 'Saved';
}

export const OFFLINE_HINT = 'Offline — changes will sync when you reconnect';
export const DENIED_MESSAGE = 'You no longer have access to this note.';
export const FAILED_MESSAGE = 'This note could not be opened for editing.';
