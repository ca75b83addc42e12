import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const inputClasses =
  'block h-9 w-full min-w-0 rounded-control border border-border-strong bg-panel px-3 text-sm text-fg ' +
  'transition-colors duration-150 hover:border-subtle focus-visible:border-accent focus-visible:outline-2 ' +
  'focus-visible:outline-offset-0 disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-surface ' +
  'aria-[invalid=true]:border-danger max-md:h-11 max-md:text-base';

/** A single-line text field. Use with <Label> or <Field> so it has an accessible name. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClasses, className)} {...props} />;
}
