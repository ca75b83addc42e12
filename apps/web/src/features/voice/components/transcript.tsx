import type { VoiceTurn } from '@notewise/shared';
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { formatOffset } from '../lib/wav';

interface TranscriptProps {
  turns: readonly VoiceTurn[];
  /** Words the browser's recognition has heard but not finished yet. */
  interim?: string;
  /** Keep the newest turn in view as the transcript grows. */
  follow?: boolean;
  label: string;
  className?: string;
  emptyText?: string;
}

/** Speaker turns with mm:ss offsets; announced politely as they arrive. */
export function Transcript({
  turns,
  interim = '',
  follow = false,
  label,
  className,
  emptyText,
}: TranscriptProps) {
  const listRef = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the transcript grows
  useEffect(() => {
    const list = listRef.current;
    if (follow && list) list.scrollTop = list.scrollHeight;
  }, [follow, turns.length, interim]);

  if (turns.length === 0 && interim === '') {
    return <p className="text-[13px] text-muted">{emptyText ?? 'Nothing said yet.'}</p>;
  }
  return (
    <ol
      ref={listRef}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls; keyboard users must reach it (axe: scrollable-region-focusable)
      tabIndex={0}
      aria-label={label}
      aria-live={follow ? 'polite' : undefined}
      className={cn(
        'space-y-2 overflow-y-auto rounded-control text-[14px] focus-visible:outline-2',
        className,
      )}
    >
      {turns.map((turn) => (
        <li key={turn.id} className="flex gap-2 leading-relaxed">
          <span className="shrink-0 pt-px font-mono text-[12px] text-muted tabular-nums">
            {formatOffset(turn.offsetMs)}
          </span>
          <span className="min-w-0">
            <span className={cn('font-semibold', turn.speaker === 'assistant' && 'text-accent-text')}>
              {turn.speaker === 'assistant' ? 'Assistant' : 'You'}:
            </span>{' '}
            <span className="break-words">{turn.text}</span>
          </span>
        </li>
      ))}
      {interim && (
        <li className="italic text-muted" aria-hidden="true">
          {interim}…
        </li>
      )}
    </ol>
  );
}
