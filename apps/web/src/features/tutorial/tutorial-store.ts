import type { TutorialState } from '@notewise/shared';
import { api } from '@/lib/api';
import { storage } from '@/lib/storage';

/** docs/product.md §9: completion is kept in local storage; the value is when it was finished or skipped. */
export const TUTORIAL_COMPLETED_KEY = 'notewise.tutorial.completed';

export function isTutorialCompletedLocally(): boolean {
  return storage.get(TUTORIAL_COMPLETED_KEY) !== null;
}

export function fetchTutorialState(): Promise<TutorialState> {
  return api.get<TutorialState>('/api/me/tutorial');
}

/** Complete and skip both set completed; a restart clears it (docs/product.md §4). Kept locally and on the account. */
export async function saveTutorialCompleted(completed: boolean, signedIn: boolean): Promise<void> {
  if (completed) storage.set(TUTORIAL_COMPLETED_KEY, new Date().toISOString());
  else storage.remove(TUTORIAL_COMPLETED_KEY);
  if (!signedIn) return;
  try {
    await api.put<TutorialState>('/api/me/tutorial', { completed });
  } catch (error) {
    // The local copy still holds; the account learns it next time.
    console.error('Saving the tutorial state failed', error);
  }
}

type StartListener = () => void;
let startListener: StartListener | null = null;
let startPending = false;

/**
 * Restarts the tutorial from step 1 (Help, Settings, /tutorial, the sign-up offer). The host in the
 * layout runs it; a request made before the host subscribed (a page effect runs first) waits for it.
 */
export function requestTutorialStart(): void {
  if (startListener) startListener();
  else startPending = true;
}

export function onTutorialStartRequest(listener: StartListener): () => void {
  startListener = listener;
  if (startPending) {
    startPending = false;
    listener();
  }
  return () => {
    if (startListener === listener) startListener = null;
  };
}
