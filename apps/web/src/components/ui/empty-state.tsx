import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

interface EmptyStateProps {
  icon?: LucideIcon;
  title: string;
  /** One short sentence of help. */
  description?: ReactNode;
  /** The one action that fills the empty state. */
  action?: ReactNode;
  className?: string;
  /** A quiet link for a user who is stuck; false hides it. */
  help?: { to: string; label: string } | false;
}

const DEFAULT_HELP = { to: '/help-center', label: 'Help Center' };

/** What a list shows when it has nothing in it (docs/design.md §2: the seed's text, one sentence, one action). */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
  help = DEFAULT_HELP,
}: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-card border border-dashed border-border px-6 py-14',
        'text-center',
        className,
      )}
    >
      {Icon && (
        <div className="mb-4 flex size-10 items-center justify-center rounded-full bg-surface text-muted">
          <Icon size={20} aria-hidden="true" />
        </div>
      )}
      <h2 className="text-[15px] font-semibold">{title}</h2>
      {description && <p className="mt-1 max-w-sm text-sm text-muted">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
      {help && (
        <p className="mt-4 text-[13px] text-muted">
          Stuck?{' '}
          <Link to={help.to} className="text-accent-text underline underline-offset-2">
            {help.label}
          </Link>
        </p>
      )}
    </div>
  );
}
