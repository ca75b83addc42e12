import { LOADING_TIMEOUT_MS, MESSAGES } from '@notewise/shared';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

export const AI_BUSY_LABEL = 'AI magic at work...';

interface AiBusyOverlayProps {
  /** Covers the whole viewport instead of the nearest positioned parent. */
  fullScreen?: boolean;
  className?: string;
}

/**
 * docs/product.md §4: 'AI magic at work...' over the host while an enhancement waits for its first words; after
 * LOADING_TIMEOUT_MS (10 s) it offers to refresh the page. Place it inside a `relative` parent.
 */
export function AiBusyOverlay({ fullScreen = false, className }: AiBusyOverlayProps) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), LOADING_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'z-30 flex flex-col items-center justify-center gap-3 bg-bg/75 p-6 text-center backdrop-blur-[2px]',
        'animate-fade-in',
        fullScreen ? 'fixed inset-0' : 'absolute inset-0',
        className,
      )}
    >
      <Spinner size={20} className="text-accent-text" />
      <p className="text-sm font-medium">{AI_BUSY_LABEL}</p>
      {slow && (
        <>
          <p className="text-sm text-muted">{MESSAGES.loadingSlow}</p>
          <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
            Refresh
          </Button>
        </>
      )}
    </div>
  );
}
