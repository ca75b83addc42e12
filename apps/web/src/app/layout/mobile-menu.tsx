import { type RefObject, useRef } from 'react';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { type AuthMode, useAuthDialog } from '@/features/auth';
import { Brand } from './brand';
import { NavItems } from './nav-items';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the menu; focus returns there. */
  menuButton: RefObject<HTMLButtonElement | null>;
}

/** The slide-in menu of the mobile layout: the sidebar's entries in a focus-trapped drawer. */
export function MobileMenu({ open, onOpenChange, menuButton }: MobileMenuProps) {
  const { openAuthDialog } = useAuthDialog();
  // Sign In / Sign Up close the menu first; the auth dialog opens once focus is back on the menu button.
  const authAfterClose = useRef<AuthMode | null>(null);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        title="Menu"
        closeLabel="Close menu"
        header={<Brand />}
        onCloseAutoFocus={(event) => {
          const mode = authAfterClose.current;
          if (!mode) return;
          authAfterClose.current = null;
          event.preventDefault();
          menuButton.current?.focus();
          openAuthDialog(mode);
        }}
      >
        <nav aria-label="Main" className="h-full">
          <NavItems
            variant="sheet"
            onNavigate={() => onOpenChange(false)}
            onAuth={(mode) => {
              authAfterClose.current = mode;
              onOpenChange(false);
            }}
          />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
