import { PRODUCT_NAME } from '@notewise/shared';
import { cn } from '@/lib/cn';

/** The product mark: an accent square with the initial. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-6 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <path d="M10 22V10h2.2l7.6 8.3V10H22v12h-2.2l-7.6-8.3V22z" className="fill-accent-fg" />
    </svg>
  );
}

export function Brand({ labelClassName }: { labelClassName?: string }) {
  return (
    <span className="flex items-center gap-3">
      <BrandMark />
      <span className={cn('truncate text-[15px] font-semibold tracking-tight text-fg', labelClassName)}>
        {PRODUCT_NAME}
      </span>
    </span>
  );
}
