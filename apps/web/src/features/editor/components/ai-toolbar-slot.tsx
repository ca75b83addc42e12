import { lazy, Suspense } from 'react';
import { loadAiToolbar } from '@/features/ai';
import { cn } from '@/lib/cn';

/**
 * Where the AI buttons (Summarize, Grammar, Translate, Structure) go, in the composer, the /editor top
 * bar and the Quick View toolbar. The AI feature's toolbar fills it, loaded lazily (it is not part of
 * the home page's first JS).
 */
export interface AiToolbarSlotProps {
  /** Where the slot is: the composer and /editor offer 23 languages, Quick View 12 (SPEC 9). */
  context: 'composer' | 'editor' | 'quick-view';
  /** The note's current text: plain text in the composer, Markdown in the rich-text editors. */
  getText: () => string;
  /**
   * Shows the AI output as it streams in: call it with the whole text so far, and `done: true` on the
   * last call. The host remembers its text from before the first call, so 'Undo Enhancement' (and
   * undo in the composer) can restore the original.
   */
  setTextStreaming: (text: string, options?: { done?: boolean }) => void;
  /**
   * True when the buttons must be disabled (SPEC 5): empty text, the host is busy (adding, saving),
   * no access, or in Quick View no note selected.
   */
  disabled: boolean;
  /** The composer: the project picked there, handed to /editor with an accepted result. */
  projectId?: string;
  /** Tells the host an enhancement started or ended, so it disables its controls and shows 'Enhancing...'. */
  onBusyChange?: (busy: boolean) => void;
}

const AiToolbar = lazy(async () => ({ default: (await loadAiToolbar()).AiToolbar }));

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
