import type { Driver } from 'driver.js';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/features/auth';
import { takeNewAccount } from '@/features/auth/new-account';
import { storage } from '@/lib/storage';
import { toast } from '@/lib/toast';
import {
  fetchTutorialState,
  onTutorialStartRequest,
  requestTutorialStart,
  saveTutorialCompleted,
  TUTORIAL_COMPLETED_KEY,
} from './tutorial-store';

/**
 * Mounted once in the layout (it outlives route changes): runs the tutorial when asked, mirrors the
 * account's completion into local storage, and offers the tour once to an account that just signed up.
 * driver.js and the steps load only when the tour starts.
 */
export function TutorialHost() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const { user } = useAuth();
  const signedIn = useRef(false);
  signedIn.current = user != null;
  const tour = useRef<Driver | null>(null);
  // Two start requests close together (a page mounting, a button) must not run two tours: only the
  // newest request starts one, even if its driver.js import resolves after an older request's.
  const latestRequest = useRef(0);
  const userId = user?.id;

  useEffect(
    () =>
      onTutorialStartRequest(() => {
        // A restart clears the completed flag (docs/product.md §4); closing the running tour first counts as nothing.
        const request = ++latestRequest.current;
        const running = tour.current;
        tour.current = null;
        running?.destroy();
        void saveTutorialCompleted(false, signedIn.current);
        void import('./run-tutorial').then(({ runTutorial }) => {
          if (request !== latestRequest.current) return;
          tour.current?.destroy();
          const started = runTutorial({
            navigate: (to) => navigateRef.current(to),
            onEnd: () => {
              if (tour.current !== started) return;
              tour.current = null;
              // Complete and skip both set completed (docs/product.md §4).
              void saveTutorialCompleted(true, signedIn.current);
            },
          });
          tour.current = started;
        });
      }),
    [],
  );

  useEffect(() => {
    if (!userId) return;
    const offer = takeNewAccount(userId);
    let cancelled = false;
    fetchTutorialState().then(
      (state) => {
        if (cancelled) return;
        if (state.completed) {
          storage.set(TUTORIAL_COMPLETED_KEY, state.completedAt ?? new Date().toISOString());
          return;
        }
        if (!offer) return;
        toast('Take the one-minute tour?', {
          id: 'tutorial-offer',
          description: 'Six short steps: capturing, AI, projects, Quick View and sharing.',
          duration: 15_000,
          action: { label: 'Start tour', onClick: requestTutorialStart },
          cancel: { label: 'Not now', onClick: () => void saveTutorialCompleted(true, true) },
        });
      },
      (error: unknown) => console.error('Loading the tutorial state failed', error),
    );
    return () => {
      cancelled = true;
    };
  }, [userId]);

  return null;
}
