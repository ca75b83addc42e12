import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** Rows of placeholder lines shaped like a column's list, while it loads. */
export function ColumnListSkeleton({ rows = 5, lines = 1 }: { rows?: number; lines?: 1 | 2 }) {
  return (
    <div className="space-y-4 px-4 py-3" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
        <div key={index} className="space-y-2">
          <Skeleton className="h-4 w-2/3" />
          {lines === 2 && <Skeleton className="h-3 w-11/12" />}
        </div>
      ))}
    </div>
  );
}

interface ColumnMessageProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

/** A column's placeholder or empty state: The text of docs/product.md §2, one sentence of help, one action. */
export function ColumnMessage({ title, description, action, icon, className }: ColumnMessageProps) {
  return (
    <div className={cn('flex flex-col items-center px-6 py-12 text-center', className)}>
      {icon && (
        <div className="mb-3 flex size-10 items-center justify-center rounded-full bg-surface text-muted">
          {icon}
        </div>
      )}
      <p className="text-[15px] font-semibold">{title}</p>
      {description && <p className="mt-1 max-w-xs text-sm text-muted">{description}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/** A selectable row of a column's list (a project or a note). */
export function ColumnItemButton({
  selected,
  onClick,
  children,
  className,
}: {
  selected: boolean;
  onClick: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-current={selected ? 'true' : undefined}
      onClick={onClick}
      className={cn(
        'block w-full rounded-control px-3 py-2 text-left transition-colors duration-100 hover:bg-hover',
        'aria-[current=true]:bg-accent-soft max-md:py-3',
        className,
      )}
    >
      {children}
    </button>
  );
}
