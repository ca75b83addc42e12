import { cn } from '@/lib/cn';

interface SpinnerProps {
  /** Pixel size of the ring. */
  size?: number;
  className?: string;
}

/** A decorative spinning ring; pair it with text or a role="status" container for screen readers. */
export function Spinner({ size = 16, className }: SpinnerProps) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      className={cn('shrink-0 animate-spin', className)}
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="2.5" />
      <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
