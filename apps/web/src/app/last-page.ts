import { type LastPage, type LastPageResponse, PAGE_RESTORE_DELAY_MS } from '@notewise/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '@/lib/api';
import { getPageTitle } from './route-table';
import { useAuth } from './session';

/** GET /api/me/last-page: the page the user was last on. */
export function fetchLastPage(): Promise<LastPageResponse> {
  return api.get<LastPageResponse>('/api/me/last-page');
}

/** PUT /api/me/last-page. */
export function saveLastPage(body: LastPage): Promise<void> {
  return api.put<void>('/api/me/last-page', body);
}

const SAVE_DEBOUNCE_MS = 300;

/** Where this page load started: restoring only happens for a load of '/'. */
const loadPath = window.location.pathname;
/** Restoring happens at most once per page load, even if the layout mounts again. */
let restoreSettled = loadPath !== '/';

/**
 * SPEC 2: the current path (pathname + search) is saved while signed in, and restored after a reload of
 * '/' once the session is known (after PAGE_RESTORE_DELAY_MS, once per page load). Reloading any other
 * path simply stays there.
 */
export function useLastPage() {
  const { user, initialized } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const current = location.pathname + location.search;
  const currentRef = useRef(current);
  currentRef.current = current;
  // Nothing is saved until the restore decision is made, so '/' never overwrites the page to restore.
  const [restoreDone, setRestoreDone] = useState(restoreSettled);
  const lastSaved = useRef<string | null>(null);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (restoreDone || !initialized) return;
    const settle = () => {
      restoreSettled = true;
      setRestoreDone(true);
    };
    if (!userId) return settle();

    let cancelled = false;
    let timer: number | undefined;
    fetchLastPage()
      .then(({ path }) => {
        if (cancelled) return;
        if (!path || path === currentRef.current || currentRef.current !== '/') return settle();
        timer = window.setTimeout(() => {
          // Only if the user has not gone elsewhere in the meantime.
          if (currentRef.current === '/') navigate(path, { replace: true });
          settle();
        }, PAGE_RESTORE_DELAY_MS);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('Could not restore the last page', error);
        settle();
      });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [restoreDone, initialized, userId, navigate]);

  useEffect(() => {
    const key = `${userId} ${current}`;
    if (!userId || !restoreDone || lastSaved.current === key) return;
    const timer = window.setTimeout(() => {
      lastSaved.current = key;
      saveLastPage({ path: current, title: getPageTitle(location.pathname) }).catch((error: unknown) => {
        lastSaved.current = null;
        console.warn('Could not save the last page', error);
      });
    }, SAVE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [userId, restoreDone, current, location.pathname]);
}
