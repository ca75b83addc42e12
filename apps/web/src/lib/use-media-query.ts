import { MOBILE_BREAKPOINT_PX } from '@notewise/shared';
import { useSyncExternalStore } from 'react';

/** True while the CSS media query matches; follows changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** docs/product.md §2: under 768 px is the mobile layout. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
