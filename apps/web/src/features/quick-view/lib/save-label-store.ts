import { useSyncExternalStore } from 'react';

/** What only the save status label shows: changes not saved yet, and 'Saved' after a save. */
export interface SaveLabelState {
  dirty: boolean;
  justSaved: boolean;
}

export interface SaveLabelStore {
  get(): SaveLabelState;
  /** Tells the label only when a value changes. */
  set(change: Partial<SaveLabelState>): void;
  subscribe(listener: () => void): () => void;
}

/**
 * The label's state outside React's state of the note session: when it changes while typing (the
 * first change after a save, the idle dirty check's 'Unsaved changes'), only the label re-renders,
 * not the whole note view with its toolbars. At 4x CPU that render (~150 ms at load 15) ran between
 * two keys and delayed the next one: the key that decided typing's INP (decision 112).
 */
export function createSaveLabelStore(initial: SaveLabelState): SaveLabelStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (change) => {
      const next = { ...state, ...change };
      if (next.dirty === state.dirty && next.justSaved === state.justSaved) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useSaveLabel(store: SaveLabelStore): SaveLabelState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
