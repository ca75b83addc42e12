import { LOADING_TIMEOUT_MS, MESSAGES } from '@notewise/shared';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { Spinner } from './spinner';

interface LoadingIndicatorProps {
  /** After this long the slow-load message and a Refresh button appear (docs/product.md §9: 10 s by default). */
  timeoutMs?: number;
  /** Read by screen readers while loading. */
  label?: string;
  className?: string;
}

/** A centred spinner (role="status"); offers a page refresh when loading takes too long. */
export function LoadingIndicator({
  timeoutMs = LOADING_TIMEOUT_MS,
  label = 'Loading',
  className,
}: LoadingIndicatorProps) {
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [timeoutMs]);

  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        // Fades in after 300 ms, so quick loads do not flash a spinner.
        'flex min-h-48 flex-1 animate-appear flex-col items-center justify-center gap-4 p-6 text-center',
        className,
      )}
    >
      <Spinner size={24} className="text-muted" />
      {slow ? (
        <>
          <p className="text-sm text-muted">{MESSAGES.loadingSlow}</p>
          <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
            Refresh
          </Button>
        </>
      ) : (
        <span className="sr-only">{label}</span>
      )}
    </div>
  );
}
