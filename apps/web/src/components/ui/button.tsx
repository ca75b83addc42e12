import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex select-none items-center justify-center gap-2 whitespace-nowrap rounded-control font-medium ' +
  'transition-colors duration-150 disabled:pointer-events-none disabled:opacity-50 ' +
  'aria-disabled:pointer-events-none aria-disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-fg hover:bg-accent-hover',
  secondary: 'border border-border-strong bg-panel text-fg hover:bg-hover',
  ghost: 'text-fg hover:bg-hover',
  danger: 'bg-danger text-danger-fg hover:opacity-90',
  link: 'text-accent-text underline-offset-4 hover:underline',
};

// Under 768 px every control is at least 44 px tall (touch target).
const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-[13px] max-md:min-h-11',
  md: 'h-9 px-4 text-sm max-md:min-h-11',
  lg: 'h-11 px-5 text-[15px]',
};

/** The class list of a button, for links or other elements that should look like one. */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
) {
  return cn(base, variants[variant], variant === 'link' ? 'h-auto px-0' : sizes[size], className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and disables the button. Pass the pending label as children. */
  pending?: boolean;
  /** Render the single child (e.g. a router Link) with the button's styles instead of a <button>. */
  asChild?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  pending = false,
  asChild = false,
  className,
  disabled,
  type,
  children,
  ...props
}: ButtonProps) {
  const classes = buttonClasses(variant, size, className);
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending && <Spinner size={14} />}
      {children}
    </button>
  );
}
