import type { ReactNode } from 'react';

/**
 * docs/product.md §2: pages fade and blur in over 0.4 s. Render it with key={location.pathname} so each page
 * change replays the animation; prefers-reduced-motion turns it off (styles.css).
 */
export function PageTransition({ children }: { children: ReactNode }) {
  return <div className="flex flex-1 flex-col animate-page-in">{children}</div>;
}
