// Capture's 'Continue where you left off' offer, below the features: the app layer (app/last-page)
// sets it once per load of '/', and Capture reads it without importing the app layer.
import { useSyncExternalStore } from 'react';

/** The page to go back to, offered on Capture (null when there is none or it was taken/dismissed). */
export interface LastPageOffer {
  path: string;
  title: string;
}

let offer: LastPageOffer | null = null;
const offerListeners = new Set<() => void>();

export function setLastPageOffer(next: LastPageOffer | null): void {
  offer = next;
  for (const listener of offerListeners) listener();
}

export function currentLastPageOffer(): LastPageOffer | null {
  return offer;
}

/** Capture's 'Continue where you left off' link: the last page of the previous visit, or null. */
export function useLastPageOffer(): { offer: LastPageOffer | null; dismiss: () => void } {
  const current = useSyncExternalStore(
    (listener) => {
      offerListeners.add(listener);
      return () => offerListeners.delete(listener);
    },
    () => offer,
    () => null,
  );
  return { offer: current, dismiss: () => setLastPageOffer(null) };
}
