import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth, useAuthDialog } from '@/features/auth';
import { paths } from '@/lib/route-table';
import { useIsMobile } from '@/lib/use-media-query';

// The drawer (and the dialog code under it) loads when first opened, or when hovered or touched.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

/** Mobile (< 768 px): top bar with the menu button, page title and profile or sign-in, plus the slide-in menu. */
export function MobileTopBar({ title }: { title: string }) {
  const { user, initialized } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const location = useLocation();
  const isMobile = useIsMobile();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Close the menu on navigation, and when the window grows past the mobile breakpoint.
  const [lastLocationKey, setLastLocationKey] = useState(location.key);
  if (lastLocationKey !== location.key) {
    setLastLocationKey(location.key);
    if (menuOpen) setMenuOpen(false);
  }
  if (!isMobile && menuOpen) setMenuOpen(false);

  return (
    <>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-1 border-b border-border bg-bg/95 px-1.5 backdrop-blur md:hidden">
        <IconButton
          ref={menuButton}
          label="Open menu"
          icon={<Menu size={20} aria-hidden="true" />}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onPointerEnter={() => void loadMobileMenu()}
          onPointerDown={() => void loadMobileMenu()}
          onClick={() => {
            setMenuMounted(true);
            setMenuOpen(true);
          }}
          className="text-fg"
        />
        <p className="min-w-0 flex-1 truncate px-1 text-[15px] font-semibold">{title}</p>
        {!initialized ? (
          <Skeleton className="mr-1.5 size-8 rounded-full" />
        ) : user ? (
          <button
            type="button"
            title="Open settings"
            onClick={() => navigate(paths.settings)}
            className="inline-flex size-11 items-center justify-center rounded-full"
          >
            {/* Named by its text, not aria-label: the initials on the avatar are a picture, not a label. */}
            <span className="sr-only">Open settings</span>
            <Avatar name={user.name} email={user.email} src={user.image} size={32} />
          </button>
        ) : (
          <Button size="sm" className="mr-1.5" onClick={() => openAuthDialog('signin')}>
            Sign In
          </Button>
        )}
      </header>

      {menuMounted && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} menuButton={menuButton} />
        </Suspense>
      )}
    </>
  );
}
