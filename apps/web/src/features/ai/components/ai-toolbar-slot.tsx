import { lazy, Suspense } from 'react';
import type { AiToolbarSlotProps } from '@/features/editor';
import { cn } from '@/lib/cn';

const AiToolbar = lazy(async () => ({ default: (await import('./ai-toolbar')).AiToolbar }));

/**
 * Where the AI buttons go, in the composer, the /editor top bar and the Quick View toolbar. The
 * toolbar itself loads lazily (it is not part of the home page's first JS).
 */
export function AiToolbarSlot(props: AiToolbarSlotProps) {
  return (
    <Suspense
      fallback={
        <div
          aria-hidden="true"
          className={cn('h-8 max-md:h-11', props.context === 'quick-view' && 'flex-1')}
        />
      }
    >
      <AiToolbar {...props} />
    </Suspense>
  );
}
