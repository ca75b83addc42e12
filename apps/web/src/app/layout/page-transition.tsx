import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * docs/product.md §2: pages fade and blur in over 0.4 s. Render it with key={location.pathname} so each page
 * change replays the animation; prefers-reduced-motion turns it off (styles.css). The first page of a
 * load shows at once (`animate` false): fading it in from transparent would only hold back its first
 * paint, a phone's LCP (decision 089).
 */
export function PageTransition({ children, animate = true }: { children: ReactNode; animate?: boolean }) {
  return <div className={cn('flex flex-1 flex-col', animate && 'animate-page-in')}>{children}</div>;
}
