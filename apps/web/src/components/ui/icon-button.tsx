import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'children' | 'aria-label'> {
  /** The accessible name (also shown as the native tooltip). */
  label: string;
  icon: ReactNode;
  variant?: 'ghost' | 'secondary';
}

/** A square button showing only an icon; `label` gives it its accessible name. */
export function IconButton({
  label,
  icon,
  variant = 'ghost',
  className,
  type,
  title,
  ...props
}: IconButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      aria-label={label}
      title={title ?? label}
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-control text-muted transition-colors',
        'duration-150 hover:bg-hover hover:text-fg disabled:pointer-events-none disabled:opacity-50 max-md:size-11',
        variant === 'secondary' && 'border border-border-strong bg-panel',
        className,
      )}
      {...props}
    >
      {icon}
    </button>
  );
}
