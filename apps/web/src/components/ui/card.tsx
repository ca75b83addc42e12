import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A bordered surface for a group of content (radius 8 px). */
export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section className={cn('rounded-card border border-border bg-panel p-5', className)} {...props} />;
}
