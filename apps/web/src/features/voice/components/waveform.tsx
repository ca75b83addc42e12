import { cn } from '@/lib/cn';

interface WaveformProps {
  /** Bar heights in [0, 1], oldest first (12 of them, docs/product.md §9). */
  bars: readonly number[];
  active: boolean;
}

/**
 * The microphone level as bars: the newest 100 ms sample enters on the right. Decorative for screen
 * readers (the status line says 'Listening'); `data-level` exposes the newest bar for tests.
 */
export function Waveform({ bars, active }: WaveformProps) {
  const newest = bars.at(-1) ?? 0;
  return (
    <div
      className="flex h-8 items-center gap-[3px]"
      aria-hidden="true"
      data-testid="voice-waveform"
      data-level={newest.toFixed(3)}
    >
      {bars.map((height, index) => (
        <span
          // The bars are positions, not items: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
          key={index}
          className={cn(
            'w-1 rounded-full transition-[height] duration-100 ease-out motion-reduce:transition-none',
            active ? 'bg-accent' : 'bg-border-strong',
          )}
          style={{ height: `${Math.max(12, Math.round(height * 100))}%` }}
        />
      ))}
    </div>
  );
}
