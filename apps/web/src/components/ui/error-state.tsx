import { TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from './button';

interface ErrorStateProps {
  /** What happened, in the user's words (see errorMessage). */
  message: string;
  title?: string;
  /** Offers "Try again". */
  onRetry?: () => void;
  className?: string;
}

/** A list or page that could not load: what happened and one way out. */
export function ErrorState({ message, title = 'Could not load this', onRetry, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center rounded-card border border-border px-6 py-12 text-center',
        className,
      )}
    >
      <TriangleAlert size={20} aria-hidden="true" className="mb-3 text-warning" />
      <h2 className="text-[15px] font-semibold">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted">{message}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" className="mt-5" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
