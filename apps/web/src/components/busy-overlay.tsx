import { LOADING_TIMEOUT_MS, MESSAGES } from '@notewise/shared';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

interface BusyOverlayProps {
  /** What is happening, e.g. 'Adding your note...' or 'AI magic at work...'. */
  label: string;
  /** Covers the whole viewport (above everything) instead of the nearest positioned parent. */
  fullScreen?: boolean;
  /** The host's layer and corners when not full screen, e.g. 'z-40 rounded-card'. */
  className?: string;
}

/**
 * docs/product.md §4 busy states: an overlay over the controls while adding, enhancing or opening the editor;
 * after LOADING_TIMEOUT_MS (10 s) it offers a page refresh. Inside a `relative` parent unless
 * full screen. One overlay for the composer, /editor and the AI hosts.
 */
export function BusyOverlay({ label, fullScreen = false, className }: BusyOverlayProps) {
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
        'flex flex-col items-center justify-center gap-3 bg-bg/75 p-6 text-center backdrop-blur-[2px]',
        'animate-fade-in',
        fullScreen ? 'fixed inset-0 z-40' : 'absolute inset-0',
        className,
      )}
    >
      <Spinner size={20} className="text-accent-text" />
      <p className="text-sm font-medium">{label}</p>
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
