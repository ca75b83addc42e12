import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { overlayClasses } from './dialog';

export const Sheet = DialogPrimitive.Root;

interface SheetContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  /** The accessible name; shown to screen readers only. */
  title: string;
  closeLabel?: string;
  /** Visible content of the header row, beside the close button. */
  header?: ReactNode;
}

/** A drawer sliding in from the left edge: a modal dialog with focus trap and Escape to close. */
export function SheetContent({
  title,
  closeLabel = 'Close',
  header,
  className,
  children,
  ...props
}: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-[min(20rem,calc(100vw-3rem))] flex-col border-r border-border',
          'bg-surface text-fg shadow-xl focus:outline-none',
          'data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in',
          'pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)]',
          className,
        )}
        {...props}
      >
        <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
        <div className="flex h-14 shrink-0 items-center justify-between gap-2 px-3">
          <div className="min-w-0 flex-1">{header}</div>
          <DialogPrimitive.Close
            aria-label={closeLabel}
            title={closeLabel}
            className="inline-flex size-11 items-center justify-center rounded-control text-muted hover:bg-hover hover:text-fg"
          >
            <X size={18} aria-hidden="true" />
          </DialogPrimitive.Close>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
