import { lazy, Suspense, useState } from 'react';
import type { AiToolbarSlotProps } from '@/features/editor';
import { cn } from '@/lib/cn';

type AiToolbarModule = typeof import('./ai-toolbar');
let loadedModule: AiToolbarModule | undefined;

/**
 * Loads the toolbar's chunk. A page that shows the toolbar at once (/editor) awaits this with its own
 * chunk, so the toolbar is there on the first paint instead of pushing the note down when it arrives
 * (a selection toolbar placed before that shift ended up over the selected line at 390 px).
 */
export function preloadAiToolbar(): Promise<AiToolbarModule> {
  return import('./ai-toolbar').then((module) => {
    loadedModule = module;
    return module;
  });
}

const LazyAiToolbar = lazy(async () => ({ default: (await preloadAiToolbar()).AiToolbar }));

/**
 * Where the AI buttons go, in the composer, the /editor top bar and the Quick View toolbar. The
 * toolbar itself loads lazily (it is not part of the home page's first JS).
 */
export function AiToolbarSlot(props: AiToolbarSlotProps) {
  // Chosen once per slot: switching components later would remount the toolbar (and lose a running
  // enhancement).
  const [AiToolbar] = useState(() => loadedModule?.AiToolbar ?? LazyAiToolbar);
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
