import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { inputClasses } from './input';

/** A multi-line text field. Use with <Label> or <Field> so it has an accessible name. */
export function Textarea({ className, rows = 3, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      rows={rows}
      className={cn(inputClasses, 'h-auto max-md:h-auto resize-none py-2 leading-relaxed', className)}
      {...props}
    />
  );
}
