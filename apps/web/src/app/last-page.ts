import { type LastPage, type LastPageResponse, PAGE_RESTORE_DELAY_MS } from '@notewise/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '@/features/auth';
import { api } from '@/lib/api';
import { currentLastPageOffer, setLastPageOffer } from '@/lib/last-page-offer';
import { getPageTitle } from '@/lib/route-table';

/** GET /api/me/last-page: the page the user was last on. */
export function fetchLastPage(): Promise<LastPageResponse> {
  return api.get<LastPageResponse>('/api/me/last-page');
}

/** PUT /api/me/last-page. */
export function saveLastPage(body: LastPage): Promise<void> {
  return api.put<void>('/api/me/last-page', body);
}

const SAVE_DEBOUNCE_MS = 300;

/** Where this page load started: the last page is offered only on a load of '/'. */
const loadPath = typeof window === 'undefined' ? '' : window.location.pathname; // '' on the server's render
/** The offer is read at most once per page load, even if the layout mounts again. */
let restoreSettled = loadPath !== '/';

/**
 * docs/product.md §2: the current path (pathname + search) is saved while signed in. Restoring it no longer
 * navigates on its own (decision 012: a page that jumps after load is disorienting): opening '/' always shows Capture, and Capture offers
 * the page of the previous visit as one link ('Continue where you left off'), read once per load of '/'
 * after PAGE_RESTORE_DELAY_MS. Reloading any other path simply stays there.
 */
export function useLastPage() {
  const { user, initialized } = useAuth();
  const location = useLocation();
  const current = location.pathname + location.search;
  const currentRef = useRef(current);
  currentRef.current = current;
  // Nothing is saved until the previous page was read, so '/' never overwrites the page to offer.
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
      .then(({ path, title }) => {
        if (cancelled) return;
        if (!path || path === '/' || path === currentRef.current) return settle();
        timer = window.setTimeout(() => {
          // Only while the user is still on Capture.
          if (currentRef.current === '/') setLastPageOffer({ path, title: title || getPageTitle(path) });
          settle();
        }, PAGE_RESTORE_DELAY_MS);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('Could not read the last page', error);
        settle();
      });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [restoreDone, initialized, userId]);

  // Leaving Capture (through the link or elsewhere) ends the offer.
  useEffect(() => {
    if (location.pathname !== '/' && currentLastPageOffer()) setLastPageOffer(null);
  }, [location.pathname]);

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
