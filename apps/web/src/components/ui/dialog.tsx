import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Radix Dialog root: `open` / `onOpenChange` (controlled) or `defaultOpen`. */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export const overlayClasses =
  'fixed inset-0 z-50 bg-overlay data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in';

interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  /** Announced with the title; omit when the dialog needs no description. */
  description?: ReactNode;
  /** Keep the title for screen readers only. */
  hideTitle?: boolean;
  /** Label of the corner close button (Escape and the overlay close too). */
  closeLabel?: string;
}

/**
 * A centred modal dialog: portal, overlay, focus trap, Escape to close, a title (required for the
 * accessible name) and a close button. Put forms inside so Enter submits.
 */
export function DialogContent({
  title,
  description,
  hideTitle = false,
  closeLabel = 'Close',
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2',
          '-translate-y-1/2 overflow-y-auto rounded-card border border-border bg-panel p-6 text-fg shadow-xl',
          'data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in focus:outline-none',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div className={cn('mb-5 space-y-1 pr-8', hideTitle && 'sr-only')}>
          <DialogPrimitive.Title className="text-lg font-semibold tracking-tight">
            {title}
          </DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="text-sm text-muted">
              {description}
            </DialogPrimitive.Description>
          )}
        </div>
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          title={closeLabel}
          className={cn(
            'absolute top-4 right-4 inline-flex size-8 items-center justify-center rounded-control text-muted',
            'transition-colors hover:bg-hover hover:text-fg max-md:size-11 max-md:top-2 max-md:right-2',
          )}
        >
          <X size={16} aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
