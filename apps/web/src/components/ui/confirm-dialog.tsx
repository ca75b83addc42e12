import { AlertDialog as AlertPrimitive } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { overlayClasses } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Says what will happen, e.g. what else goes with the deleted object. */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  destructive?: boolean;
  /** Shows the confirm button as busy and keeps the dialog open. */
  pending?: boolean;
  /** Called on confirm; the dialog closes unless `pending` is used to keep it open. */
  onConfirm: () => void;
  /** More under the description: who else is affected, an option such as where the contents go. */
  children?: ReactNode;
}

/**
 * A yes/no question before an action (role="alertdialog"). Focus starts on the confirm button so Enter
 * confirms (docs/design.md §2: Enter confirms a dialog's primary action), except for a destructive
 * one: there it starts on Cancel, so a stray Enter never deletes. Escape and Cancel dismiss.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  pending = false,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertPrimitive.Portal>
        <AlertPrimitive.Overlay className={overlayClasses} />
        <AlertPrimitive.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (destructive ? cancelRef : confirmRef).current?.focus();
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
            'rounded-card border border-border bg-panel p-6 text-fg shadow-xl focus:outline-none',
            'data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in',
          )}
        >
          <AlertPrimitive.Title className="text-lg font-semibold tracking-tight">
            {title}
          </AlertPrimitive.Title>
          <AlertPrimitive.Description className="mt-2 text-sm text-muted">
            {description}
          </AlertPrimitive.Description>
          {children}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertPrimitive.Cancel asChild>
              <Button ref={cancelRef} variant="secondary">
                {cancelLabel}
              </Button>
            </AlertPrimitive.Cancel>
            <Button
              ref={confirmRef}
              variant={destructive ? 'danger' : 'primary'}
              pending={pending}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertPrimitive.Content>
      </AlertPrimitive.Portal>
    </AlertPrimitive.Root>
  );
}
