import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const widths = {
  narrow: 'max-w-2xl',
  default: 'max-w-5xl',
  wide: 'max-w-7xl',
} as const;

interface PageProps extends ComponentProps<'div'> {
  width?: keyof typeof widths;
}

/** The padded, centred column a page's content sits in. */
export function Page({ width = 'default', className, ...props }: PageProps) {
  return (
    <div className={cn('mx-auto w-full px-4 py-6 md:px-8 md:py-10', widths[width], className)} {...props} />
  );
}
