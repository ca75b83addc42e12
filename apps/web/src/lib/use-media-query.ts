import { MOBILE_BREAKPOINT_PX } from '@notewise/shared';
import { useCallback, useSyncExternalStore } from 'react';

// One MediaQueryList per query, kept: a virtual list re-renders on every scroll frame, and a new
// matchMedia() (and a new subscription) per render showed in its frames (decision 079).
const lists = new Map<string, MediaQueryList>();

function mediaList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** True while the CSS media query matches; follows changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaList(query).matches,
    () => false,
  );
}

/** docs/product.md §2: under 768 px is the mobile layout. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
