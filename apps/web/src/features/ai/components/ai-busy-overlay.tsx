import { BusyOverlay } from '@/components/busy-overlay';
import { cn } from '@/lib/cn';

export const AI_BUSY_LABEL = 'AI magic at work...';

interface AiBusyOverlayProps {
  /** Covers the whole viewport instead of the nearest positioned parent. */
  fullScreen?: boolean;
  className?: string;
}

/**
 * docs/product.md §4: 'AI magic at work...' over the host while an enhancement waits for its first
 * words: the one busy overlay (refresh offer after 10 s) on the AI hosts' layer. Place it inside a
 * `relative` parent.
 */
export function AiBusyOverlay({ fullScreen = false, className }: AiBusyOverlayProps) {
  return <BusyOverlay label={AI_BUSY_LABEL} fullScreen={fullScreen} className={cn('z-30', className)} />;
}
